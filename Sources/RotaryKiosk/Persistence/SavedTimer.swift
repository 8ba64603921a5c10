import Foundation
import RotaryKit

/// The countdown as `timer.json` keeps it (version 1), and the checks every field passes on
/// the way back in. A saved file is outside input (a crash mid-write, a hand edit, another
/// version), so nothing in it is trusted: a value out of range, not finite, of the wrong
/// type, or a version this app does not know makes the whole file `corrupt`, never a crash.
public enum SavedTimer {
    /// The only version this app writes and reads.
    public static let version = 1
    /// The most bytes a file may have (a countdown takes a few hundred): a larger one is
    /// refused before it is read.
    public static let maxFileBytes = 64 << 10
    /// The longest countdown a file may hold: 24 hours, in seconds.
    public static let maxSeconds = 86_400.0
    /// Wall-clock times (seconds since 1970) a file may hold: up to the year 5000.
    static let wallClockRange = 0.0...95_617_584_000.0

    /// What a start found on disk.
    public enum Found: Equatable, Sendable {
        /// Nothing to resume.
        case nothing
        /// A countdown to put back, with what is left now. `programIndex` is where the
        /// program stood on the wheel when it was saved (nil: it had no place, its program
        /// having left the config); the name is what identifies it. `setting` is the set
        /// point it was started with, if any; `boot` the boot a running one was kept in (nil:
        /// the file does not say).
        case timer(state: TimerState, programIndex: Int?, program: String, secondsTotal: Double, secondsLeft: Double,
                   setting: SettingReading? = nil, boot: String? = nil)
        /// The file was there but unusable; it is ignored. The message says why.
        case corrupt(String)
    }

    /// The file's bytes for `report`, started with `setting`, as of wall-clock time `now`
    /// (seconds since 1970), in the boot `boot` (``BootID``).
    public static func encode(_ report: TimerReport, setting: SettingReading? = nil, now: Double, boot: String? = nil) -> Data {
        var fields: [(String, JSONValue)] = [("version", .int(version)), ("state", .string(report.state.rawValue)),
                                             ("saved_at", .number(now))]
        if report.state == .running || report.state == .paused {
            // A countdown whose program left the config has no place on the wheel: no index.
            if report.programIndex >= 0 { fields.append(("program_index", .int(report.programIndex))) }
            fields += [("program", .string(report.program)), ("seconds_total", .number(report.secondsTotal)),
                       ("seconds_left", .number(report.secondsLeft))]
            if report.state == .running {
                fields.append(("ends_at", .number(now + report.secondsLeft)))
                if let boot { fields.append(("boot", .string(boot))) }
            }
            if let setting {
                fields.append(("setting", .object([("name", .string(setting.name)), ("value", .number(setting.value)),
                                                   ("unit", .string(setting.unit))])))
            }
        }
        return Data((JSONValue.object(fields).text + "\n").utf8)
    }

    /// What `data` says, as of wall-clock time `now` (seconds since 1970).
    public static func decode(_ data: Data, now: Double) -> Found {
        do {
            return try read(data, now: now)
        } catch let problem as Problem {
            return .corrupt(problem.message)
        } catch {
            return .corrupt("\(error)")
        }
    }

    private struct Problem: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    private static func read(_ data: Data, now: Double) throws -> Found {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Problem("not a JSON object (\(data.count) bytes)")
        }
        let fileVersion = try wholeNumber(object, "version", in: 0...1_000_000)
        guard fileVersion == version else { throw Problem("version \(fileVersion), but this app reads version \(version)") }
        guard let stateText = object["state"] as? String, let state = TimerState(rawValue: stateText) else {
            throw Problem("\"state\" is not one of idle, running, paused, finished, cancelled")
        }
        guard state == .running || state == .paused else { return .nothing }
        let index = object["program_index"] == nil ? nil : try wholeNumber(object, "program_index", in: 0...10_000)
        guard let program = object["program"] as? String, !program.isEmpty, program.count <= 200 else {
            throw Problem("\"program\" must be a name of 1 to 200 characters")
        }
        let total = try number(object, "seconds_total", in: 0...maxSeconds)
        guard total > 0 else { throw Problem("\"seconds_total\" is 0") }
        let setting = try self.setting(object["setting"])
        if state == .running {
            // The wall clock may have jumped either way while the kiosk was down (a board without
            // a clock chip boots with an older time): what is left is never more than the last
            // checkpoint had.
            let ends = try number(object, "ends_at", in: wallClockRange)
            let checkpoint = object["seconds_left"] == nil ? total : try number(object, "seconds_left", in: 0...total)
            let boot = object["boot"] as? String
            guard object["boot"] == nil || boot.map(isBootID) == true else { throw Problem("\"boot\" is not a boot ID") }
            return .timer(state: .running, programIndex: index, program: program, secondsTotal: total,
                          secondsLeft: min(max(ends - now, 0), checkpoint), setting: setting, boot: boot)
        }
        let left = try number(object, "seconds_left", in: 0...total)
        return .timer(state: .paused, programIndex: index, program: program, secondsTotal: total, secondsLeft: left,
                      setting: setting)
    }

    /// Whether `text` is a boot ID as the kernel writes one: a UUID, 36 characters of hex
    /// digits and hyphens.
    static func isBootID(_ text: String) -> Bool {
        text.utf8.count == 36 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || $0 == 45 }
    }

    /// The set point under `"setting"`: nil when absent, else an object with a short name and
    /// unit and a finite value.
    private static func setting(_ value: Any?) throws -> SettingReading? {
        guard let value else { return nil }
        guard let object = value as? [String: Any] else { throw Problem("\"setting\" is not an object") }
        guard let name = object["name"] as? String, !name.isEmpty, name.count <= 200,
              let unit = object["unit"] as? String, unit.count <= 40 else {
            throw Problem("\"setting\" needs a \"name\" of 1 to 200 characters and a \"unit\" of up to 40")
        }
        let reading = try number(object, "value", in: -1e12...1e12)
        return SettingReading(name: name, value: reading, unit: unit)
    }

    /// A JSON number (not a boolean) under `key`, finite and within `range`.
    private static func number(_ object: [String: Any], _ key: String, in range: ClosedRange<Double>) throws -> Double {
        guard let value = object[key] else { throw Problem("\"\(key)\" is missing") }
        guard let d = JSONValue.finiteNumber(value) else { throw Problem("\"\(key)\" is not a finite number") }
        guard range.contains(d) else {
            throw Problem("\"\(key)\" is \(d), outside \(range.lowerBound)…\(range.upperBound)")
        }
        return d
    }

    private static func wholeNumber(_ object: [String: Any], _ key: String, in range: ClosedRange<Int>) throws -> Int {
        let d = try number(object, key, in: Double(range.lowerBound)...Double(range.upperBound))
        guard d == d.rounded() else { throw Problem("\"\(key)\" is \(d), not a whole number") }
        return Int(d)
    }
}
