import Foundation
import RotaryKit

/// The kiosk's retained `<base>/state` record: `state` (the countdown's, `idle` when none),
/// `program`, `category`, `setting {name, value, unit}` (when there is one), `seconds_total`,
/// `seconds_left` (whole seconds, rounded up), `ends_at` (ISO 8601, UTC, while it runs) and
/// `version` (the kiosk's, as `rotary-kiosk --version` says it), `armed`, `max_on_minutes`
/// (the on-time cap, or null), `door` (`open`, `closed` or null), `ready_for_remote_start`,
/// `frames` (presented since the kiosk started) and `last_present_at` (ISO 8601, UTC: proof
/// that it draws, not only runs), `touches_dropped` (`short`
/// and `repeating`: the touches the panel dropped as nobody's since it started); on the kiosk image also
/// `slot` (the booted A/B slot) and `update` (the last update's `result`, `version`,
/// `message` and `at`, as the updater wrote them).
/// The program and set point are the countdown's while one is active or finished, else what
/// is selected. With zones each zone's record (with `zone`) is on `<base>/zone/<slug>/state`,
/// and `<base>/state` sums them up (``summary(_:slot:)``).
enum MqttState {
    /// What the panel presented: how many frames, and when the last was (seconds since 1970;
    /// nil: none yet).
    struct Presents {
        var frames: Int
        var lastAt: Double?
    }

    /// The record for `key`, with the program's `category`, the countdown ending at `endsAt`
    /// (seconds since 1970), what the panel `presents`, booted from `slot`, as one line of
    /// JSON.
    static func record(_ key: KioskStateRecord, category: String?, endsAt: Double?, presents: Presents? = nil,
                       slot: String? = nil) -> String {
        var fields: [(String, JSONValue)] = key.zone.isWhole ? [] : [("zone", .string(key.zone.name))]
        fields += [
            ("state", .string(key.state)), ("program", .string(key.program)), ("category", category.map(JSONValue.string) ?? .null),
        ]
        if let setting = key.setting {
            fields.append(("setting", .object([("name", .string(setting.name)), ("value", .number(setting.value)),
                                               ("unit", .string(setting.unit))])))
        }
        fields += [("seconds_total", .number(key.secondsTotal)), ("seconds_left", .number(key.secondsLeft)),
                   ("ends_at", endsAt.map { .string(iso8601($0)) } ?? .null), ("version", .string(RotaryKioskCommand.version)),
                   ("armed", .bool(key.armed)), ("max_on_minutes", key.maxOnMinutes.map { .int($0) } ?? .null),
                   ("door", key.door.map { .string($0.rawValue) } ?? .null), ("ready_for_remote_start", .bool(key.readyForRemoteStart)),
                   ("touches_dropped", touchesDropped(key.touchesDropped))]
        if let presents {
            fields += [("frames", .int(presents.frames)), ("last_present_at", presents.lastAt.map { .string(iso8601($0)) } ?? .null)]
        }
        return JSONValue.object(fields + kioskFields(update: key.update, slot: slot)).text
    }

    /// A zone's state as the kiosk's summary lists it.
    struct ZoneLine {
        var record: KioskStateRecord
        var endsAt: Double?
    }

    /// `<base>/state` of a kiosk with zones: `state` (`running` while any zone runs, else
    /// `paused`, `finished` or `idle`, the first any zone is in), `zones` (each zone's `zone`,
    /// `slug`, `state`, `program`, `seconds_left` and `ends_at`, in order), `version`,
    /// `touches_dropped`, and on the image `slot` and `update`.
    static func summary(_ zones: [ZoneLine], slot: String? = nil) -> String {
        let states = zones.map(\.record.state)
        let overall = ["running", "paused", "finished"].first(where: states.contains) ?? "idle"
        let lines: [JSONValue] = zones.map { line -> JSONValue in
            let zone = line.record.zone
            return .object([("zone", .string(zone.name)), ("slug", .string(zone.slug)),
                            ("state", .string(line.record.state)), ("program", .string(line.record.program)),
                            ("seconds_left", .number(line.record.secondsLeft)),
                            ("ends_at", line.endsAt.map { .string(iso8601($0)) } ?? .null)])
        }
        return JSONValue.object([("state", .string(overall)), ("zones", .array(lines)), ("version", .string(RotaryKioskCommand.version)),
                                 ("touches_dropped", touchesDropped(zones.first?.record.touchesDropped ?? TouchFilter.Counts()))]
                                + kioskFields(update: zones.first?.record.update, slot: slot)).text
    }

    /// `{"short": …, "repeating": …}`.
    private static func touchesDropped(_ counts: TouchFilter.Counts) -> JSONValue {
        .object([("short", .number(Double(counts.short))), ("repeating", .number(Double(counts.repeating)))])
    }

    /// The image's fields: the booted `slot` and the last `update`.
    private static func kioskFields(update: FleetUpdateReport?, slot: String?) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if let slot { fields.append(("slot", .string(slot))) }
        if let update {
            fields.append(("update", .object([("result", .string(update.result))]
                + [("version", update.version), ("message", update.message), ("at", update.at)].compactMap { name, value in
                    value.map { (name, JSONValue.string($0)) } })))
        }
        return fields
    }

    /// `2026-11-24T21:55:00Z` (as ``iso8601(_:)`` writes it) as seconds since 1970; nil for
    /// anything else.
    static func unix(fromISO8601 text: String) -> Double? {
        guard text.count == 20, text.hasSuffix("Z"), var parts = LocalTime.parts(String(text.dropLast())) else { return nil }
        let unix = Double(timegm(&parts))
        return iso8601(unix) == text ? unix : nil  // 2026-02-30 is no day
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
