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
        reader.warnUnknown(root, at: "", known: ConfigSchema.rootTables)
        // The panel's tables first: the programs are read against the dial.
        for section in ConfigSchema.panelSections { read(section, root, &reader, &config) }
        let categories = readCategories(root, &reader, &config)
        let names = readPrograms(root, declared: categories, &reader, &config)
        let zones = readZones(root, &reader, &config)
        checkOnTimeCaps(config, &reader)
        readMqtt(root, &reader, &config)
        let words = readLocale(root, &reader, &config)
        FontCheck.check(pattern: config.theme.font, names: (categories ?? []) + names + zones + words, &reader)
        let failed = reader.problems.contains { $0.severity == .error }
        let ordered = reader.problems.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }
        return Outcome(config: failed ? nil : config, problems: ordered.map(\.element))
    }

    // MARK: - Sections

    /// Reads the root table `section` names, when the file has it, into `config`.
    static func read(_ section: ConfigSection<KioskConfig>, _ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) {
        guard let table = r.table(root, section.name) else { return }
        section.read(table, at: section.name, &r, into: &config)
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
            var draft = ProgramDraft(dialMinutes: config.dialMinutes, declared: declared)
            ConfigSchema.program.read(table, at: path, &r, into: &draft)
            if let name = draft.name {
                names.append((key: "\(path).name", name: name))
                if let first = seen[name.lowercased()] {
                    r.error("\(path).name", "\"\(name)\" is already program[\(first)]")
                }
                seen[name.lowercased()] = i
            }
            names += draft.settingWords
            categoryUses.append(CategoryUse(path: path, given: draft.categoryGiven, name: draft.category))
            programs.append(Program(name: draft.name ?? "", icon: draft.icon, minutes: draft.minutes ?? config.dialMinutes.first { $0 > 0 } ?? 0,
                                    category: draft.category, setting: draft.setting, maxOnMinutes: draft.maxOnMinutes))
        }
        names += checkCategories(categoryUses, declared: declared, &r)
        config.programs = programs
        return names
    }

    /// A program whose minutes, as the dial shows them, pass its on-time cap could never start
    /// as it is picked.
    static func checkOnTimeCaps(_ config: KioskConfig, _ r: inout ConfigReader) {
        for (i, program) in config.programs.enumerated() {
            if let own = program.maxOnMinutes, config.safety.maxOnMinutes > 0, own > config.safety.maxOnMinutes {
                r.warning("program[\(i)].max_on_minutes", "\(own) is above [safety] max_on_minutes (\(config.safety.maxOnMinutes)): "
                    + "this program may run longer than the panel's own cap; make sure the heater allows it")
            }
            let shown = config.dialMinutes.isEmpty ? program.minutes
                : config.dialMinutes[KioskScreen.nearest(program.minutes, in: config.dialMinutes)]
            guard let cap = config.safety.onTimeCap(of: program), shown > cap else { continue }
            let whose = program.maxOnMinutes != nil ? "its own max_on_minutes" : "[safety] max_on_minutes"
            let dial = shown == program.minutes ? "" : " (the dial shows it as \(shown))"
            r.error("program[\(i)].minutes", "\(program.minutes)\(dial) is over \(whose) (\(cap)): the program could never start "
                + "as it is picked; lower its minutes or raise the cap")
        }
    }

    /// A file without `[[program]]` would run the built-in demo programs without a word, which
    /// is never what was meant: an error, naming a look-alike table such as `[[programs]]`.
    static func reportNoPrograms(_ root: TOMLTable, _ r: inout ConfigReader) {
        guard let lookalike = root.keys.sorted().first(where: { ConfigReader.isLookalike($0, of: "program") }) else {
            r.error("program", "the file has no [[program]] table: the wheel needs 1 to 64 programs, "
                + "each a [[program]] table with a name (see kiosk/deploy/rotary.toml)")
            return
        }
        let value = root[lookalike]?.tomlValue
        let written = value?.array != nil ? "[[\(lookalike)]]" : value?.table != nil ? "[\(lookalike)]" : lookalike
        r.error("program", "the file has no [[program]] table, and the wheel needs 1 to 64 programs; "
            + "\(written) is no known table: did you mean [[program]]?", line: r.index.line(of: lookalike))
    }

    // MARK: - Categories

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
            var draft = CategoryDraft.defaults
            ConfigSchema.category.read(table, at: path, &r, into: &draft)
            guard let name = draft.name else { continue }
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
}
