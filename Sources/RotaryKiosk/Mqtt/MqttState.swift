import Foundation
import RotaryKit

/// The kiosk's retained `<base>/state` record: `state` (the countdown's, `idle` when none),
/// `program`, `category`, `setting {name, value, unit}` (when there is one), `seconds_total`,
/// `seconds_left` (whole seconds, rounded up, so the record changes once a second while a
/// countdown runs) and `ends_at` (ISO 8601, UTC, while it runs). The program, category and
/// set point are the countdown's while one is active or finished, else what is selected.
enum MqttState {
    /// The record for `session` at wall-clock `now` (seconds since 1970), as one line of JSON.
    static func record(_ session: KioskSession, now: Double) -> String {
        let timer = session.timer
        let active = timer.isActive || timer.state == .finished
        let screen = session.screen
        let program = active ? timer.program : screen.selectedProgram?.name ?? ""
        let category = active ? categoryName(of: program, in: screen) : screen.categories.indices.contains(screen.category)
            ? screen.categories[screen.category] : nil
        let setting: SettingReading? = active ? session.timerSetting : screen.selectedProgram?.setting.flatMap { setting in
            screen.setting.map { SettingReading(name: setting.name, value: $0.value, unit: setting.unit) }
        }
        let left = active ? timer.secondsLeft.rounded(.up) : 0
        let total = active ? timer.secondsTotal : Double(screen.dialMinutes[screen.dial.selectedIndex] * 60)
        var fields: [(String, JSONValue)] = [
            ("state", .string(active ? timer.state.rawValue : "idle")), ("program", .string(program)),
            ("category", category.map(JSONValue.string) ?? .null),
        ]
        if let setting {
            fields.append(("setting", .object([("name", .string(setting.name)), ("value", .number(setting.value)),
                                               ("unit", .string(setting.unit))])))
        }
        fields += [("seconds_total", .number(total)), ("seconds_left", .number(left))]
        fields.append(("ends_at", timer.state == .running ? .string(iso8601(now + timer.secondsLeft)) : .null))
        return JSONValue.object(fields).text
    }

    private static func categoryName(of program: String, in screen: KioskScreen) -> String? {
        screen.place(ofProgram: program).flatMap { screen.categories.indices.contains($0.category) ? screen.categories[$0.category] : nil }
    }

    /// `unix` as `2026-11-24T21:55:00Z`.
    static func iso8601(_ unix: Double) -> String {
        var time = time_t(unix.rounded())
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
