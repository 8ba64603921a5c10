import Foundation
import RotaryAssets
import RotarySDL
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

    /// The most bytes a config file may have (a config of a hundred programs has a few
    /// dozen KiB): a larger one is refused before it is read.
    public static let maxFileBytes = 1 << 20

    /// Loads the file at `path`.
    public static func load(path: String) -> Outcome {
        let data: Data
        do { data = Data(try BoundedFile.read(path, limit: maxFileBytes)) } catch {
            return Outcome(config: nil, problems: [ConfigProblem(severity: .error, file: path, line: nil, key: "(file)",
                                                                  message: "cannot read the file: \(error)")])
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
            reader.error(problem.key ?? "(syntax)", problem.message, line: problem.line)
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
        reader.warnUnknown(root, at: "", known: ["program", "category", "dial", "display", "timer", "admin", "hooks", "feedback",
                                                 "theme", "locale", "strings", "usage", "mqtt", "zone"])
        readDial(root, &reader, &config)
        let categories = readCategories(root, &reader, &config)
        let names = readPrograms(root, declared: categories, &reader, &config)
        let zones = readZones(root, &reader, &config)
        readDisplay(root, &reader, &config)
        readTimer(root, &reader, &config)
        readUsage(root, &reader, &config)
        readHooks(root, &reader, &config)
        readFeedback(root, &reader, &config)
        readMqtt(root, &reader, &config)
        readTheme(root, &reader, &config)
        let words = readLocale(root, &reader, &config)
        FontCheck.check(pattern: config.theme.font, names: (categories ?? []) + names + zones + words, &reader)
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

    /// Reads the `[[program]]` tables, each with its category (checked against `declared`, the
    /// `[[category]]` names, when the file has them) and set point; returns every text they
    /// show with its key (names, categories taken from the programs, set point names and
    /// units), for the font check.
    static func readPrograms(_ root: TOMLTable, declared: [(key: String, name: String)]?, _ r: inout ConfigReader,
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
        var categoryUses: [CategoryUse] = []
        for (i, item) in array.enumerated() {
            let path = "program[\(i)]"
            guard let table = item.tomlValue.table else { r.error(path, "must be a table"); continue }
            r.warnUnknown(table, at: path, known: ["name", "icon", "minutes", "category", "setting"])
            let name = label(table, "name", at: path, limit: programNameLimit, shownOn: "a wheel segment",
                             missing: "each program is a segment of the wheel with its name; add name = \"…\"", &r)
            if let name {
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
            let category = readCategory(of: table, at: path, declared: declared, &r)
            categoryUses.append(CategoryUse(path: path, given: table["category"] != nil, name: category))
            let setting = table["setting"].flatMap { readSetting($0, at: "\(path).setting", &r, &names) }
            programs.append(Program(name: name ?? "", icon: icon, minutes: minutes, category: category, setting: setting))
        }
        names += checkCategories(categoryUses, declared: declared, &r)
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

    /// A program's name is at most this many characters long.
    static let programNameLimit = 60

    // MARK: - Categories

    /// A category strip entry is at most this many characters long.
    static let categoryLimit = 40

    /// Reads the `[[category]]` tables into `config.declaredCategories`. Returns nil when the
    /// file has none that load (the categories are then taken from the programs), else each
    /// name with its key, for the programs' check and the font check.
    static func readCategories(_ root: TOMLTable, _ r: inout ConfigReader,
                               _ config: inout KioskConfig) -> [(key: String, name: String)]? {
        guard let value = root["category"] else { return nil }
        guard let array = value.tomlValue.array else {
            r.error("category", "must be a list of [[category]] tables (two brackets round each category's header), "
                + "each with a name, like [[category]] name = \"Sauna\"")
            return nil
        }
        guard !array.isEmpty else {
            r.error("category", "lists no category: give each category a [[category]] table with a name, "
                + "or leave category out to take the categories from the programs")
            return nil
        }
        var declared: [(key: String, name: String)] = []
        var seen: [String: Int] = [:]
        for (i, item) in array.enumerated() {
            let path = "category[\(i)]"
            guard let table = item.tomlValue.table else {
                r.error(path, "must be a table with a name, like [[category]] name = \"Sauna\"")
                continue
            }
            r.warnUnknown(table, at: path, known: ["name"])
            guard let name = label(table, "name", at: path, limit: categoryLimit, shownOn: "the category strip",
                                   missing: "each [[category]] is one name on the category strip; add name = \"…\"", &r)
            else { continue }
            if let first = seen[name.lowercased()] {
                r.error("\(path).name", "\"\(name)\" is already category[\(first)] (names are compared ignoring case): "
                    + "list each category once")
                continue
            }
            seen[name.lowercased()] = i
            declared.append((key: "\(path).name", name: name))
        }
        config.declaredCategories = declared.map(\.name)
        return declared.isEmpty ? nil : declared
    }

    /// A program's `category` key: whether it has one, and its name when that is good.
    struct CategoryUse {
        var path: String
        var given: Bool
        var name: String?
    }

    /// The `category` of the program `table` at `path`: one of `declared` when the file has
    /// `[[category]]`, else a name for the strip. Nil when it has none or it is wrong (a
    /// declared name written in another case is reported and gives that name: it is meant).
    static func readCategory(of table: TOMLTable, at path: String, declared: [(key: String, name: String)]?,
                             _ r: inout ConfigReader) -> String? {
        guard let declared else { return label(table, "category", at: path, limit: categoryLimit, shownOn: "the category strip", &r) }
        guard let category = r.string(table, "category", at: path)?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        if declared.contains(where: { $0.name == category }) { return category }
        let known = declared.map { "\"\($0.name)\"" }.joined(separator: ", ")
        if category.isEmpty {
            r.error("\(path).category", "must not be empty: the file has [[category]], so it names one of \(known)")
        } else if let match = declared.first(where: { $0.name.lowercased() == category.lowercased() }) {
            r.error("\(path).category", "\"\(category)\" is written \"\(match.name)\" in [[category]]: write it the same way, "
                + "or the program would be on no wheel of the strip")
            return match.name  // meant: the category is used, so it is not also reported as empty
        } else {
            r.error("\(path).category", "\"\(category)\" is no [[category]]; the file has \(known): use one of them, "
                + "or add a [[category]] with this name")
        }
        return nil
    }

    /// Checks the programs' categories together: with categories, every program needs one,
    /// every declared category needs a program, and a strip of one category is not shown.
    /// Returns each category taken from the programs (none when declared) with the key of its
    /// first use, for the font check.
    static func checkCategories(_ uses: [CategoryUse], declared: [(key: String, name: String)]?,
                                _ r: inout ConfigReader) -> [(key: String, name: String)] {
        let firstGiven = uses.first(where: \.given)
        guard declared != nil || firstGiven != nil else { return [] }
        let why = declared != nil ? "the file has [[category]]" : "\(firstGiven?.path ?? "a program") has a category"
        let names = declared?.map(\.name) ?? []
        let example = (names.first ?? uses.lazy.compactMap(\.name).first).map { "category = \"\($0)\"" } ?? "a category"
        for use in uses where !use.given {
            r.error("\(use.path).category", "is missing: \(why), so every program needs one, or it would be on no wheel "
                + "of the strip; add \(example)\(names.count > 1 ? " (one of \(names.joined(separator: ", ")))" : "")")
        }
        var taken: [(key: String, name: String)] = []
        if let declared {
            for entry in declared where !uses.contains(where: { $0.name == entry.name }) {
                r.error(entry.key, "\"\(entry.name)\" has no program: the strip would show it with an empty wheel; "
                    + "give a program category = \"\(entry.name)\", or remove this [[category]]")
            }
        } else {
            for use in uses {
                guard let name = use.name else { continue }
                if let first = taken.first(where: { $0.name.lowercased() == name.lowercased() }) {
                    if first.name != name {
                        r.error("\(use.path).category", "\"\(name)\" differs from \"\(first.name)\" (\(first.key)) only in case: "
                            + "write it the same way, or it would be a category of its own")
                    }
                } else {
                    taken.append((key: "\(use.path).category", name: name))
                }
            }
        }
        let all = declared ?? taken
        if all.count == 1 {
            r.warning(declared != nil ? "category" : all[0].key, "\"\(all[0].name)\" is the only category: the category strip "
                + "needs at least 2, so it is not shown and the wheel has every program; add programs of another category, "
                + "or leave the categories out")
        }
        return taken
    }

    /// The string `key` of `table`, drawn as one line: trimmed, not empty (unless
    /// `allowsEmpty`), at most `limit` characters, no control or zero-width characters. Nil
    /// when it is absent or wrong: the error names `path.key` and `place`, where it is shown;
    /// an absent key is an error saying `missing` when that is given, a long one says
    /// `tooLong` (default: too long for `place`).
    static func label(_ table: TOMLTable, _ key: String, at path: String, limit: Int, shownOn place: String,
                      missing: String? = nil, allowsEmpty: Bool = false, tooLong: String? = nil,
                      _ r: inout ConfigReader) -> String? {
        let keyPath = "\(path).\(key)"
        if table[key] == nil, let missing { r.error(keyPath, "is missing: \(missing)") }
        guard let text = r.string(table, key, at: path)?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        if text.isEmpty, !allowsEmpty {
            r.error(keyPath, "must not be empty: it is shown on \(place); write the text to show")
            return nil
        }
        if let bad = ProgramName.invisibleCharacter(in: text) {
            r.error(keyPath, "contains \(bad): a name is one line of visible text; remove it")
            return nil
        }
        if text.count > limit {
            r.error(keyPath, "is \(text.count) characters long, more than \(limit): \(tooLong ?? "too long for \(place); shorten it")")
            return nil
        }
        return text
    }

    // MARK: - Set points

    /// A set point's name is at most this many characters long, its unit at most `unitLimit`.
    static let settingNameLimit = 40
    static let unitLimit = 12


    /// Reads a program's `[program.setting]` at `path` (`program[2].setting`), adding its name
    /// and unit to `names` for the font check. Nil when it has an error.
    static func readSetting(_ value: any TOMLValueConvertible, at path: String, _ r: inout ConfigReader,
                            _ names: inout [(key: String, name: String)]) -> ProgramSetting? {
        guard let table = value.tomlValue.table else {
            let what = value.tomlValue.array != nil ? "one table, not a list: a program has one set point"
                : "a table, not \(value.tomlValue.type)"
            r.error(path, "must be \(what); write [program.setting] after the program's [[program]] keys, "
                + "with name, min, max and step")
            return nil
        }
        let errorsBefore = r.errorCount
        r.warnUnknown(table, at: path, known: ["name", "unit", "min", "max", "step", "default", "style"])
        let name = label(table, "name", at: path, limit: settingNameLimit, shownOn: "the set point's control",
                         missing: "the control says what it sets; add e.g. name = \"Temperature\"", &r)
        if let name { names.append((key: "\(path).name", name: name)) }
        let unit = label(table, "unit", at: path, limit: unitLimit, shownOn: "the control, after the value", allowsEmpty: true,
                         tooLong: "it is written after the value on the control; abbreviate it, like \"°C\" or \"rpm\"", &r) ?? ""
        if !unit.isEmpty { names.append((key: "\(path).unit", name: unit)) }
        let min = requiredNumber(table, "min", at: path, "the lowest value; add e.g. min = 0", &r)
        let max = requiredNumber(table, "max", at: path, "the highest value; add e.g. max = 100", &r)
        let step = requiredNumber(table, "step", at: path, "the size of one step from min to max; add e.g. step = 1", &r)
        if let step, step <= 0 {
            r.error("\(path).step", "must be greater than 0, not \(number(step)): the values go from min to max "
                + "in steps of this size; write e.g. step = 1")
        }
        if let min, let max, min >= max {
            r.error("\(path).max", "must be greater than min (\(number(min))), not \(number(max)): the set point needs a range "
                + "to choose from; write the lowest value as min and the highest as max")
        }
        let defaultValue = r.number(table, "default", at: path, in: .settingValue)
        var style = ProgramSetting.Style.arc
        if let text = r.string(table, "style", at: path) {
            if let known = ProgramSetting.Style(rawValue: text) { style = known } else {
                let styles = ProgramSetting.Style.allCases.map { "\"\($0.rawValue)\" (\($0.summary))" }
                r.error("\(path).style", "must be \(styles.joined(separator: " or ")), not \"\(text)\": "
                    + "these are the controls a set point can have")
            }
        }
        guard let min, let max, let step, step > 0, min < max else { return nil }
        guard checkSteps(min: min, max: max, step: step, at: path, &r) else { return nil }
        if let value = defaultValue { checkDefault(value, min: min, max: max, step: step, at: path, &r) }
        guard r.errorCount == errorsBefore, let name else { return nil }
        return ProgramSetting(name: name, unit: unit, min: min, max: max, step: step, defaultValue: defaultValue ?? min, style: style)
    }

    /// A number the set point cannot do without: an error naming `what` it is when missing.
    static func requiredNumber(_ table: TOMLTable, _ key: String, at path: String, _ what: String,
                               _ r: inout ConfigReader) -> Double? {
        guard table[key] != nil else {
            r.error("\(path).\(key)", "is missing: the set point needs \(what)")
            return nil
        }
        return r.number(table, key, at: path, in: .settingValue)
    }

    /// Whether `step` divides max − min into a whole number of steps (within rounding), at
    /// most 1000 of them; an error at `path.step` when not.
    static func checkSteps(min: Double, max: Double, step: Double, at path: String, _ r: inout ConfigReader) -> Bool {
        let span = max - min
        let steps = span / step
        let whole = steps.rounded()
        if steps < 1 - 1e-6 {
            r.error("\(path).step", "is larger than max − min (\(number(span))): the control would have one value only; "
                + "choose a step of at most \(number(span))")
            return false
        }
        if !isWhole(steps) {
            let below = min + steps.rounded(.down) * step, above = min + steps.rounded(.up) * step
            r.error("\(path).step", "does not divide max − min (\(number(span))) into whole steps (it gives "
                + "\(number(steps, places: 2))): max could never be set; set max = \(number(below)) or \(number(above)), "
                + "or choose a step that divides \(number(span))")
            return false
        }
        if let problem = ConfigBounds.settingSteps.problem(whole) {
            r.error("\(path).step", "(max − min) / step \(problem); choose a step of at least \(number(span / 1000))")
            return false
        }
        return true
    }

    /// Checks `value`, the set point's `default`: within min…max and on a step.
    static func checkDefault(_ value: Double, min: Double, max: Double, step: Double, at path: String,
                             _ r: inout ConfigReader) {
        guard (min...max).contains(value) else {
            r.error("\(path).default", "must be between min and max (\(number(min)) and \(number(max))), not \(number(value)): "
                + "the set point starts there each time the program is picked")
            return
        }
        let k = (value - min) / step
        guard !isWhole(k) else { return }
        let below = min + k.rounded(.down) * step
        r.error("\(path).default", "\(number(value)) is not on a step: the values are \(number(min)), \(number(min + step)) … "
            + "\(number(max)) (min + a whole number of steps of \(number(step))); write \(number(below)) or \(number(below + step))")
    }

    /// Whether a count of steps is a whole number within rounding (a millionth, relative).
    static func isWhole(_ steps: Double) -> Bool { abs(steps - steps.rounded()) <= 1e-6 * Swift.max(1, abs(steps)) }

    /// `value` for a message, rounded to `places` decimals so sums like 0.1 + 0.2 print as 0.3.
    static func number(_ value: Double, places: Int = 9) -> String {
        let scale = pow(10, Double(places))
        return ConfigBounds.text((value * scale).rounded() / scale)
    }

    static func readDisplay(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) {
        if let display = r.table(root, "display") {
            r.warnUnknown(display, at: "display", known: ["rotation", "dim_after_seconds", "backlight", "on_hours", "wake_seconds",
                                                        "framebuffer", "diagonal"])
            if let text = r.string(display, "on_hours", at: "display") {
                if let hours = OpeningHours(text) { config.openingHours = hours } else {
                    r.error("display.on_hours", "must be \(OpeningHours.rule), not \"\(text)\"")
                }
            }
            if let wake = r.number(display, "wake_seconds", at: "display", in: .wake) { config.wakeSeconds = wake }
            if let backlight = r.string(display, "backlight", at: "display") {
                if backlight.isEmpty || backlight.contains("/") || backlight == "." || backlight == ".." {
                    r.error("display.backlight", "must be \"auto\", \"none\" or a device's name in /sys/class/backlight, "
                        + "not \"\(backlight)\"")
                } else {
                    config.backlight = backlight
                }
            }
            if let framebuffer = r.string(display, "framebuffer", at: "display") {
                if framebuffer.hasPrefix("/dev/") { config.framebuffer = framebuffer } else {
                    r.error("display.framebuffer", "must be a framebuffer device such as \"/dev/fb0\", not \"\(framebuffer)\"")
                }
            }
            if let rotation = r.int(display, "rotation", at: "display") {
                if [0, 90, 180, 270].contains(rotation) { config.rotation = rotation } else {
                    r.error("display.rotation", "\(DisplayRotation.rule), not \(rotation)\(DisplayRotation.hint(rotation)): "
                        + "a panel mounted on its side is turned by right angles")
                }
            }
            if let dim = r.number(display, "dim_after_seconds", at: "display", in: .dimAfter) { config.dimAfterSeconds = dim }
            if let inches = r.number(display, "diagonal", at: "display", in: .diagonal) { config.diagonalInches = inches }
        }
        if let admin = r.table(root, "admin") {
            r.warnUnknown(admin, at: "admin", known: ["exit_hold_seconds", "pin_hash"])
            if let s = r.number(admin, "exit_hold_seconds", at: "admin", in: .exitHold) { config.adminHoldSeconds = s }
            if let hash = r.string(admin, "pin_hash", at: "admin") {
                if PinHash.isUsable(hash) { config.pinHash = hash } else {
                    r.error("admin.pin_hash", "is not a PIN hash this system can check: make one with "
                        + "`rotary-kiosk hash-pin` and paste the line it prints")
                }
            }
        }
    }

    static func readTimer(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) {
        guard let timer = r.table(root, "timer") else { return }
        r.warnUnknown(timer, at: "timer", known: ["long_press_seconds", "pause_timeout_seconds", "done_seconds"])
        if let s = r.number(timer, "long_press_seconds", at: "timer", in: .longPress) { config.longPressSeconds = s }
        if let s = r.number(timer, "pause_timeout_seconds", at: "timer", in: .pauseTimeout) { config.pauseTimeoutSeconds = s }
        if let s = r.number(timer, "done_seconds", at: "timer", in: .done) { config.doneSeconds = s }
    }

    static func readUsage(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) {
        guard let usage = r.table(root, "usage") else { return }
        r.warnUnknown(usage, at: "usage", known: ["keep_days"])
        if let days = r.int(usage, "keep_days", at: "usage", in: .keepDays) { config.usageKeepDays = days }
    }

    static func readHooks(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) {
        guard let hooks = r.table(root, "hooks") else { return }
        r.warnUnknown(hooks, at: "hooks", known: HookKind.allCases.map(\.key) + ["timeout_seconds"])
        config.hooks.commands = hookCommands(hooks, at: "hooks", &r)
        if let t = r.number(hooks, "timeout_seconds", at: "hooks", in: .hookTimeout) { config.hooks.timeoutSeconds = t }
    }

    /// The `on_<kind>` commands of a `[hooks]` or `[zone.hooks]` table at `path`.
    static func hookCommands(_ table: TOMLTable, at path: String, _ r: inout ConfigReader) -> [HookKind: [String]] {
        var commands: [HookKind: [String]] = [:]
        for kind in HookKind.allCases {
            if let argv = r.command(table, kind.key, at: path) { commands[kind] = argv }
        }
        return commands
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
