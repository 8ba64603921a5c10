import Foundation
import RotaryAssets
import TOMLKit

/// Reads a TOML config file into a ``KioskConfig``, reporting every problem with file, line
/// and key. Errors (wrong types, values out of range, NaN, empty or duplicate names, missing
/// files, a dial of one value …) make the file unusable; unknown keys are only warnings.
public enum ConfigLoader {
    /// What loading a file gave: the config when there were no errors, and all problems.
    public struct Outcome: Sendable {
        public var config: KioskConfig?
        public var problems: [ConfigProblem]
        /// The text that was read and checked (nil when the file could not be read as text).
        public var text: String? = nil
        public var errors: [ConfigProblem] { problems.filter { $0.severity == .error } }
    }

    /// Loads the file at `path`.
    public static func load(path: String) -> Outcome {
        guard let data = FileManager.default.contents(atPath: path) else {
            return Outcome(config: nil, problems: [ConfigProblem(severity: .error, file: path, line: nil, key: "(file)",
                                                                  message: "cannot read the file")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return Outcome(config: nil, problems: [ConfigProblem(severity: .error, file: path, line: nil, key: "(file)",
                                                                  message: "not UTF-8 text")])
        }
        var outcome = load(text: text, file: path)
        outcome.text = text
        return outcome
    }

    /// Loads TOML `text`; messages name `file`, and relative paths start from its folder.
    public static func load(text: String, file: String) -> Outcome {
        var reader = ConfigReader(file: file, text: text)
        let root: TOMLTable
        if let problem = TOMLPreflight.check(text) {
            reader.error("(syntax)", problem.message, line: problem.line)
            return Outcome(config: nil, problems: reader.problems)
        }
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            reader.error("(syntax)", error.description, line: error.source.begin.line)
            return Outcome(config: nil, problems: reader.problems)
        } catch {
            reader.error("(syntax)", "\(error)", line: nil)
            return Outcome(config: nil, problems: reader.problems)
        }
        var config = KioskConfig()
        reader.warnUnknown(root, at: "", known: ["program", "dial", "display", "timer", "admin", "hooks", "feedback", "theme"])
        readDial(root, &reader, &config)
        let names = readPrograms(root, &reader, &config)
        readDisplay(root, &reader, &config)
        readTimer(root, &reader, &config)
        readHooks(root, &reader, &config)
        readFeedback(root, &reader, &config)
        readTheme(root, &reader, &config)
        FontCheck.check(pattern: config.theme.font, names: names, &reader)
        let failed = reader.problems.contains { $0.severity == .error }
        let ordered = reader.problems.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }
        return Outcome(config: failed ? nil : config, problems: ordered.map(\.element))
    }

    // MARK: - Sections

    static func readDial(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) {
        guard let dial = r.table(root, "dial") else { return }
        r.warnUnknown(dial, at: "dial", known: ["values"])
        guard let values = r.array(dial, "values", at: "dial", { reader, value, path -> Int? in
            guard let i = value.int else { reader.error(path, "must be a whole number of minutes, not \(value.type)"); return nil }
            return reader.accept(Double(i), .dialMinutes, path) ? i : nil
        }) else { return }
        guard (2...120).contains(values.count) else {
            r.error("dial.values", "needs 2 to 120 values, not \(values.count): a dial of one value cannot be turned, "
                + "and more than 120 would be too close together to read")
            return
        }
        guard zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) else {
            r.error("dial.values", "must increase from one value to the next (no repeats)")
            return
        }
        config.dialMinutes = values
    }

    /// Reads the `[[program]]` tables; returns each name with its key, for the font check.
    static func readPrograms(_ root: TOMLTable, _ r: inout ConfigReader,
                             _ config: inout KioskConfig) -> [(key: String, name: String)] {
        guard let value = root["program"] else { reportNoPrograms(root, &r); return [] }
        guard let array = value.tomlValue.array else {
            r.error("program", "must be a list of [[program]] tables (two brackets round each program's header)")
            return []
        }
        guard (1...64).contains(array.count) else {
            r.error("program", "needs 1 to 64 programs, not \(array.count): the wheel needs at least one, "
                + "and more than 64 segments would be too narrow to touch")
            return []
        }
        var names: [(key: String, name: String)] = []
        var programs: [Program] = []
        var seen: [String: Int] = [:]
        for (i, item) in array.enumerated() {
            let path = "program[\(i)]"
            guard let table = item.tomlValue.table else { r.error(path, "must be a table"); continue }
            r.warnUnknown(table, at: path, known: ["name", "icon", "minutes", "category"])
            let name = r.string(table, "name", at: path)?.trimmingCharacters(in: .whitespacesAndNewlines)
            if table["name"] == nil { r.error("\(path).name", "is missing") }
            if let name, name.isEmpty { r.error("\(path).name", "must not be empty") }
            if let name, name.count > 60 { r.error("\(path).name", "is longer than 60 characters, too long for a wheel segment") }
            if let name, let bad = ProgramName.invisibleCharacter(in: name) {
                r.error("\(path).name", "contains \(bad): a name is one line of visible text")
            }
            if let name, !name.isEmpty {
                names.append((key: "\(path).name", name: name))
                if let first = seen[name.lowercased()] {
                    r.error("\(path).name", "\"\(name)\" is already program[\(first)]")
                }
                seen[name.lowercased()] = i
            }
            var icon = ""
            if let text = r.string(table, "icon", at: path) {
                if RotaryAssets.icon(named: text) != nil {
                    icon = text
                } else if text.contains("/") || text.contains(".") {
                    icon = r.file(text, for: "\(path).icon") ?? ""
                } else {
                    r.error("\(path).icon", "\"\(text)\" is no built-in icon (\(RotaryAssets.iconNames.joined(separator: ", "))) and no file path")
                }
            }
            let minutes = r.int(table, "minutes", at: path, in: .programMinutes) ?? config.dialMinutes.first { $0 > 0 } ?? 0
            if table["minutes"] != nil, !config.dialMinutes.contains(minutes) {
                r.warning("\(path).minutes", "\(minutes) is not on the dial; the nearest dial value is used")
            }
            let category = r.string(table, "category", at: path)
            if let category, category.trimmingCharacters(in: .whitespaces).isEmpty { r.error("\(path).category", "must not be empty") }
            programs.append(Program(name: name ?? "", icon: icon, minutes: minutes, category: category))
        }
        config.programs = programs
        return names
    }

    /// A file without `[[program]]` would run the built-in demo programs without a word, which
    /// is never what was meant: an error, naming a look-alike table such as `[[programs]]`.
    static func reportNoPrograms(_ root: TOMLTable, _ r: inout ConfigReader) {
        guard let lookalike = root.keys.sorted().first(where: { ConfigReader.isLookalike($0, of: "program") }) else {
            r.error("program", "the file has no [[program]] table: the wheel needs 1 to 64 programs, "
                + "each a [[program]] table with a name (see kiosk/rotary.toml)")
            return
        }
        let value = root[lookalike]?.tomlValue
        let written = value?.array != nil ? "[[\(lookalike)]]" : value?.table != nil ? "[\(lookalike)]" : lookalike
        r.error("program", "the file has no [[program]] table, and the wheel needs 1 to 64 programs; "
            + "\(written) is no known table: did you mean [[program]]?", line: r.index.line(of: lookalike))
    }

    static func readDisplay(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) {
        if let display = r.table(root, "display") {
            r.warnUnknown(display, at: "display", known: ["rotation", "dim_after_seconds"])
            if let rotation = r.int(display, "rotation", at: "display") {
                if [0, 90, 180, 270].contains(rotation) { config.rotation = rotation } else {
                    r.error("display.rotation", "\(DisplayRotation.rule), not \(rotation)\(DisplayRotation.hint(rotation)): "
                        + "a panel mounted on its side is turned by right angles")
                }
            }
            if let dim = r.number(display, "dim_after_seconds", at: "display", in: .dimAfter) { config.dimAfterSeconds = dim }
        }
        if let admin = r.table(root, "admin") {
            r.warnUnknown(admin, at: "admin", known: ["exit_hold_seconds"])
            if let s = r.number(admin, "exit_hold_seconds", at: "admin", in: .exitHold) { config.adminHoldSeconds = s }
        }
    }

    static func readTimer(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) {
        guard let timer = r.table(root, "timer") else { return }
        r.warnUnknown(timer, at: "timer", known: ["long_press_seconds", "pause_timeout_seconds", "done_seconds"])
        if let s = r.number(timer, "long_press_seconds", at: "timer", in: .longPress) { config.longPressSeconds = s }
        if let s = r.number(timer, "pause_timeout_seconds", at: "timer", in: .pauseTimeout) { config.pauseTimeoutSeconds = s }
        if let s = r.number(timer, "done_seconds", at: "timer", in: .done) { config.doneSeconds = s }
    }

    /// The hook keys: `on_<event>` for each event kind a hook can follow.
    static let hookEvents = ["selected", "pressed", "timer_started", "timer_paused", "timer_resumed", "timer_finished",
                             "timer_cancelled"]

    static func readHooks(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) {
        guard let hooks = r.table(root, "hooks") else { return }
        r.warnUnknown(hooks, at: "hooks", known: hookEvents.map { "on_\($0)" } + ["timeout_seconds"])
        for event in hookEvents {
            if let argv = r.command(hooks, "on_\(event)", at: "hooks") { config.hooks.commands[event] = argv }
        }
        if let t = r.number(hooks, "timeout_seconds", at: "hooks", in: .hookTimeout) { config.hooks.timeoutSeconds = t }
    }

    static func readFeedback(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) {
        guard let feedback = r.table(root, "feedback") else { return }
        r.warnUnknown(feedback, at: "feedback", known: ["audio", "volume", "rumble", "command", "tick_interval_ms"])
        if let b = r.bool(feedback, "audio", at: "feedback") { config.feedback.audio = b }
        if let v = r.number(feedback, "volume", at: "feedback", in: .volume) { config.feedback.volume = v }
        if let b = r.bool(feedback, "rumble", at: "feedback") { config.feedback.rumble = b }
        if let argv = r.command(feedback, "command", at: "feedback") { config.feedback.command = argv }
        if let ms = r.number(feedback, "tick_interval_ms", at: "feedback", in: .tickInterval) { config.feedback.tickIntervalMs = ms }
    }

    static func readTheme(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) {
        guard let theme = r.table(root, "theme") else { return }
        r.warnUnknown(theme, at: "theme", known: ["background", "text", "dial", "dial_ticks", "font", "segments", "button",
                                                  "marker", "dimmed_opacity"])
        config.theme.background = r.colour(theme, "background", at: "theme")
        config.theme.text = r.colour(theme, "text", at: "theme")
        config.theme.dial = r.colour(theme, "dial", at: "theme")
        config.theme.dialTicks = r.colour(theme, "dial_ticks", at: "theme")
        config.theme.font = r.string(theme, "font", at: "theme")
        config.theme.segments = r.array(theme, "segments", at: "theme") { reader, value, path in
            guard let s = value.string else { reader.error(path, "must be a file path"); return nil }
            return reader.file(s, for: path)
        }
        config.theme.button = r.string(theme, "button", at: "theme").flatMap { r.file($0, for: "theme.button") }
        config.theme.marker = r.string(theme, "marker", at: "theme").flatMap { r.file($0, for: "theme.marker") }
        config.theme.dimmedOpacity = r.number(theme, "dimmed_opacity", at: "theme", in: .dimmedOpacity)
    }
}
