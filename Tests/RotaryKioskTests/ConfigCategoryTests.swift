import Foundation
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// `[[category]]`, a program's `category` and `[program.setting]`: what loads, and every rule's
/// error or warning at its key and line.
@Suite("Config categories and set points")
struct ConfigCategoryTests {
    /// Two categories, lines 1 to 4.
    static let twoCategories = "[[category]]\nname = \"Sauna\"\n[[category]]\nname = \"Laundry\"\n"

    /// A program of three lines: header, name, category.
    static func program(_ name: String, _ category: String) -> String {
        "[[program]]\nname = \"\(name)\"\ncategory = \"\(category)\"\n"
    }

    /// Three programs (lines 1 to 6), then `[program.setting]` on line 7 and `body` from line 8.
    static func setting(_ body: String) -> String {
        "[[program]]\nname = \"A\"\n[[program]]\nname = \"B\"\n[[program]]\nname = \"C\"\n[program.setting]\n" + body
    }

    /// A good set point body, lines 8 to 11; the tests replace one line of it.
    static let temperature = "name = \"Temperature\"\nmin = 60\nmax = 100\nstep = 5\n"

    /// Two categories, three programs, two of them with a set point.
    static let twoSetPoints: String = {
        let setPoint = "[program.setting]\n" + temperature
        return twoCategories + program("A", "Sauna") + program("B", "Laundry") + setPoint + program("C", "Laundry") + setPoint
    }()

    static func load(_ toml: String) -> ConfigLoader.Outcome { ConfigLoader.load(text: toml, file: "/etc/rotary.toml") }

    @Test("a file with categories and set points loads into its programs and declared categories")
    func goodFile() throws {
        let toml = """
            [[category]]
            name = "Laundry"
            [[category]]
            name = " Sauna "

            [[program]]
            name = "Finnish sauna"
            icon = "flame"
            minutes = 15
            category = "Sauna"
            [program.setting]
            name = "Temperature"
            unit = "°C"
            min = 60
            max = 100
            step = 5
            default = 80
            style = "arc"

            [[program]]
            name = "Wash"
            icon = "wash-hot"
            minutes = 45
            category = "Laundry"
            [program.setting]
            name = "Spin"
            unit = "rpm"
            min = 400
            max = 1600
            step = 200
            style = "knob"

            [[program]]
            name = "Quick dry"
            icon = "wind"
            minutes = 20
            category = "Laundry"
            """
        let outcome = Self.load(toml)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let config = try #require(outcome.config)
        #expect(config.programs == [
            Program(name: "Finnish sauna", icon: "flame", minutes: 15, category: "Sauna",
                    setting: ProgramSetting(name: "Temperature", unit: "°C", min: 60, max: 100, step: 5, defaultValue: 80, style: .arc)),
            Program(name: "Wash", icon: "wash-hot", minutes: 45, category: "Laundry",
                    setting: ProgramSetting(name: "Spin", unit: "rpm", min: 400, max: 1600, step: 200, defaultValue: 400, style: .knob)),
            Program(name: "Quick dry", icon: "wind", minutes: 20, category: "Laundry"),
        ])
        // The declared order, not the programs' order of first appearance (Sauna first).
        #expect(config.declaredCategories == ["Laundry", "Sauna"])
        #expect(config.categories == ["Laundry", "Sauna"])
    }

    @Test("without [[category]] the categories are the programs' in order of first appearance")
    func categoriesFromPrograms() throws {
        let toml = Self.program("Wash", "Laundry") + Self.program("Sauna", "Sauna") + Self.program("Dry", "Laundry")
            + Self.program("Plunge", "Cold")
        let outcome = Self.load(toml)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let config = try #require(outcome.config)
        #expect(config.declaredCategories.isEmpty)
        #expect(config.categories == ["Laundry", "Sauna", "Cold"])
        #expect(config.programs.map(\.category) == ["Laundry", "Sauna", "Laundry", "Cold"])
    }

    @Test("a set point's optional keys have their defaults, and steps are whole within rounding")
    func settingDefaults() throws {
        let config = try #require(Self.load(Self.setting("name = \"Level\"\nmin = 0\nmax = 1\nstep = 0.1\n")).config)
        #expect(config.programs[2].setting == ProgramSetting(name: "Level", unit: "", min: 0, max: 1, step: 0.1, defaultValue: 0, style: .arc))
        #expect(config.programs[0].setting == nil && config.programs[1].setting == nil)
        let rounded = Self.load(Self.setting("name = \"Level\"\nmin = 0.1\nmax = 0.7\nstep = 0.1\ndefault = 0.3\n"))
        #expect(rounded.problems.isEmpty, "\(rounded.problems)")
        #expect(rounded.config?.programs[2].setting?.defaultValue == 0.3)
        let thousand = Self.load(Self.setting("name = \"Fine\"\nmin = 0\nmax = 100\nstep = 0.1\n"))
        #expect(thousand.problems.isEmpty, "\(thousand.problems)")
    }

    @Test("each broken category rule is an error naming its key and line", arguments: [
        ("[category]\nname = \"Sauna\"\n" + ConfigTests.oneProgram, "category", 1,
         "must be a list of [[category]] tables (two brackets round each category's header)"),
        ("category = \"Sauna\"\n" + ConfigTests.oneProgram, "category", 1, "must be a list of [[category]] tables"),
        ("category = []\n" + ConfigTests.oneProgram, "category", 1, "lists no category"),
        ("[[category]]\ntitle = \"Sauna\"\n" + ConfigTests.oneProgram, "category[0].name", 1,
         "is missing: each [[category]] is one name on the category strip; add name = "),
        ("[[category]]\nname = \" \"\n" + ConfigTests.oneProgram, "category[0].name", 2,
         "must not be empty: it is shown on the category strip"),
        ("[[category]]\nname = \"Sa\\tuna\"\n" + ConfigTests.oneProgram, "category[0].name", 2,
         "contains a tab (U+0009) at character 3: a name is one line of visible text"),
        ("[[category]]\nname = \"\(String(repeating: "x", count: 41))\"\n" + ConfigTests.oneProgram, "category[0].name", 2,
         "is 41 characters long, more than 40: too long for the category strip"),
        ("[[category]]\nname = 5\n" + ConfigTests.oneProgram, "category[0].name", 2, "must be a string"),
        (twoCategories + "[[category]]\nname = \"sauna\"\n" + program("A", "Sauna") + program("B", "Laundry"),
         "category[2].name", 6, "\"sauna\" is already category[0] (names are compared ignoring case)"),
        (twoCategories + program("A", "Sauna") + program("B", "Spa"), "program[1].category", 10,
         "\"Spa\" is no [[category]]; the file has \"Sauna\", \"Laundry\": use one of them"),
        (twoCategories + program("A", "Sauna") + program("B", "laundry"), "program[1].category", 10,
         "\"laundry\" is written \"Laundry\" in [[category]]: write it the same way"),
        (twoCategories + program("A", "Sauna") + program("B", "Laundry") + "[[program]]\nname = \"C\"\n", "program[2].category", 11,
         "is missing: the file has [[category]], so every program needs one"),
        (program("A", "Sauna") + program("B", "Laundry") + "[[program]]\nname = \"C\"\n", "program[2].category", 7,
         "is missing: program[0] has a category, so every program needs one"),
        ("[[program]]\nname = \"A\"\n" + program("B", "Sauna") + program("C", "Laundry"), "program[0].category", 1,
         "is missing: program[1] has a category"),
        (twoCategories + program("A", "Sauna") + program("B", "Sauna"), "category[1].name", 4,
         "\"Laundry\" has no program: the strip would show it with an empty wheel"),
        (program("A", "Sauna") + program("B", "sauna"), "program[1].category", 6,
         "\"sauna\" differs from \"Sauna\" (program[0].category) only in case"),
        (program("A", " ") + program("B", "Sauna"), "program[0].category", 3, "must not be empty"),
        (twoCategories + program("A", "") + program("B", "Laundry"), "program[0].category", 7,
         "must not be empty: the file has [[category]], so it names one of \"Sauna\", \"Laundry\""),
    ] as [(String, String, Int, String)])
    func categoryErrors(toml: String, key: String, line: Int, message: String) {
        expectRefused(Self.load(toml), key: key, line: line, message: message)
    }

    @Test("each broken set point rule is an error naming its key and line", arguments: [
        (setting("min = 60\nmax = 100\nstep = 5\n"), "program[2].setting.name", 7, "is missing: the control says what it sets"),
        (setting("name = \" \"\nmin = 60\nmax = 100\nstep = 5\n"), "program[2].setting.name", 8, "must not be empty"),
        (setting("name = \"Te\\u200Bmp\"\nmin = 60\nmax = 100\nstep = 5\n"), "program[2].setting.name", 8,
         "contains a zero-width space (U+200B) at character 3"),
        (setting(temperature + "unit = \"degrees Celsius\"\n"), "program[2].setting.unit", 12,
         "is 15 characters long, more than 12: it is written after the value on the control; abbreviate it"),
        (setting(temperature + "unit = \"°\\tC\"\n"), "program[2].setting.unit", 12, "contains a tab (U+0009) at character 2"),
        (setting("name = \"T\"\nmax = 100\nstep = 5\n"), "program[2].setting.min", 7, "is missing: the set point needs the lowest value"),
        (setting("name = \"T\"\nmin = 60\nstep = 5\n"), "program[2].setting.max", 7, "is missing: the set point needs the highest value"),
        (setting("name = \"T\"\nmin = 60\nmax = 100\n"), "program[2].setting.step", 7, "is missing: the set point needs the size of one step"),
        (setting("name = \"T\"\nmin = \"low\"\nmax = 100\nstep = 5\n"), "program[2].setting.min", 9, "must be a number, not "),
        (setting("name = \"T\"\nmin = nan\nmax = 100\nstep = 5\n"), "program[2].setting.min", 9, "must be a finite number"),
        (setting("name = \"T\"\nmin = 60\nmax = 2e6\nstep = 5\n"), "program[2].setting.max", 10,
         "must be between -1000000 and 1000000, not 2000000: a set point is drawn as a number on its control"),
        (setting("name = \"T\"\nmin = 100\nmax = 60\nstep = 5\n"), "program[2].setting.max", 10,
         "must be greater than min (100), not 60: the set point needs a range to choose from"),
        (setting("name = \"T\"\nmin = 60\nmax = 60\nstep = 5\n"), "program[2].setting.max", 10, "must be greater than min (60), not 60"),
        (setting("name = \"T\"\nmin = 60\nmax = 100\nstep = 0\n"), "program[2].setting.step", 11,
         "must be greater than 0, not 0: the values go from min to max in steps of this size"),
        (setting("name = \"T\"\nmin = 60\nmax = 100\nstep = -5\n"), "program[2].setting.step", 11, "must be greater than 0, not -5"),
        (setting("name = \"T\"\nmin = 60\nmax = 100\nstep = 7\n"), "program[2].setting.step", 11,
         "does not divide max − min (40) into whole steps (it gives 5.71): max could never be set; set max = 95 or 102, "
            + "or choose a step that divides 40"),
        (setting("name = \"T\"\nmin = 60\nmax = 100\nstep = 50\n"), "program[2].setting.step", 11,
         "is larger than max − min (40): the control would have one value only; choose a step of at most 40"),
        (setting("name = \"T\"\nmin = 60\nmax = 100\nstep = 0.01\n"), "program[2].setting.step", 11,
         "(max − min) / step must be between 1 and 1000, not 4000: a control with more values than that could not be set "
            + "to one of them with a finger; choose a step of at least 0.04"),
        (setting(temperature + "default = 110\n"), "program[2].setting.default", 12,
         "must be between min and max (60 and 100), not 110: the set point starts there each time the program is picked"),
        (setting(temperature + "default = 62\n"), "program[2].setting.default", 12,
         "62 is not on a step: the values are 60, 65 … 100 (min + a whole number of steps of 5); write 60 or 65"),
        (setting(temperature + "style = \"dial\"\n"), "program[2].setting.style", 12,
         "must be \"arc\" (a track with a thumb) or \"knob\" (turned by drag distance), not \"dial\""),
        ("[[program]]\nname = \"A\"\n[[program]]\nname = \"B\"\nsetting = 5\n", "program[1].setting", 5,
         "must be a table, not integer; write [program.setting] after the program's [[program]] keys"),
        ("[[program]]\nname = \"A\"\n[[program]]\nname = \"B\"\n[[program.setting]]\nname = \"T\"\n", "program[1].setting", 5,
         "must be one table, not a list: a program has one set point"),
    ] as [(String, String, Int, String)])
    func settingErrors(toml: String, key: String, line: Int, message: String) {
        expectRefused(Self.load(toml), key: key, line: line, message: message)
    }

    @Test("a declared category written in another case is one error: it still counts as the category's program")
    func caseTypoIsOneError() {
        let outcome = Self.load(Self.twoCategories + Self.program("A", "sauna") + Self.program("B", "Laundry"))
        #expect(outcome.problems.map(\.key) == ["program[0].category"], "\(outcome.problems)")
        #expect(outcome.problems.first?.message.hasPrefix("\"sauna\" is written \"Sauna\" in [[category]]") == true)
    }

    @Test("doubtful categories and set points are warnings at their line, and the file still loads", arguments: [
        ("[[category]]\nname = \"Sauna\"\n" + program("A", "Sauna") + program("B", "Sauna"), "category", 1,
         "\"Sauna\" is the only category: the category strip needs at least 2, so it is not shown"),
        ("[[program]]\nname = \"A\"\nminutes = 5\ncategory = \"Sauna\"\n", "program[0].category", 4, "\"Sauna\" is the only category"),
        (twoCategories + "colour = \"red\"\n" + program("A", "Sauna") + program("B", "Laundry"), "category[1].colour", 5,
         "unknown key (ignored); known here: name"),
        (setting(temperature + "colour = \"red\"\n"), "program[2].setting.colour", 12,
         "unknown key (ignored); known here: name, unit, min, max, step, default, style"),
        (setting(temperature + "stile = \"knob\"\n"), "program[2].setting.stile", 12, "unknown key (ignored); did you mean style?"),
        ("[[categories]]\nname = \"Sauna\"\n" + ConfigTests.oneProgram, "categories", 1,
         "unknown key (ignored); did you mean category?"),
    ] as [(String, String, Int, String)])
    func warnings(toml: String, key: String, line: Int, message: String) {
        let outcome = Self.load(toml)
        #expect(outcome.config != nil, "\(outcome.problems)")
        #expect(outcome.problems.count == 1, "\(outcome.problems)")
        let problem = outcome.problems.first { $0.key == key }
        #expect(problem?.severity == .warning)
        #expect(problem?.description.hasPrefix("/etc/rotary.toml:\(line): warning: \(key): \(message)") == true, "\(outcome.problems)")
    }

    @Test("keys of [program.setting] and [[program.setting]] stand on their own lines, after whichever [[program]]")
    func lineIndex() {
        let index = TOMLLineIndex(text: """
            [[program]]
            name = "A"
            [program.setting]
            name = "X"
            [[program]]
            name = "B"
            [[program]]
            name = "C"
            [program.setting]
            name = "T"
            min = 60
            [[program]]
            name = "D"
            setting.max = 5
            [[program]]
            [[program.setting]]
            step = 1
            """)
        #expect(index.line(of: "program[0].setting.name") == 4)
        #expect(index.line(of: "program[1].setting") == 5)  // no setting: its program's header
        #expect(index.line(of: "program[2].setting") == 9)
        #expect(index.line(of: "program[2].setting.name") == 10)
        #expect(index.line(of: "program[2].setting.min") == 11)
        #expect(index.line(of: "program[2].setting.max") == 9)  // absent: its table's header
        #expect(index.line(of: "program[3].setting.max") == 14)
        #expect(index.line(of: "program[4].setting") == 16)
        #expect(index.line(of: "program[4].setting[0].step") == 17)
    }

    @Test("category names and set point texts no installed font can draw are warnings at their key")
    func fontCheck() throws {
        let toml = "[[category]]\nname = \"サウナ\u{378}\"\n[[category]]\nname = \"Laundry\"\n" + Self.program("A", "サウナ\u{378}")
            + "[program.setting]\nname = \"温度\u{378}\"\nunit = \"度\u{378}\"\nmin = 1\nmax = 2\nstep = 1\n" + Self.program("B", "Laundry")
        let outcome = Self.load(toml)
        #expect(outcome.config != nil, "\(outcome.problems)")
        #expect(outcome.problems.map(\.key) == ["category[0].name", "program[0].setting.name", "program[0].setting.unit"])
        #expect(outcome.problems.map(\.line) == [2, 9, 10])
        #expect(outcome.problems.allSatisfy { $0.severity == .warning && $0.message.contains("they would show as empty boxes") })
        #expect(outcome.problems.first?.message.contains("\"\u{378}\" (U+0378)") == true, "\(outcome.problems)")
        #expect(outcome.problems.allSatisfy { !$0.message.contains("U+30B5") }, "サ is drawn by a fallback font")
    }

    @Test("check-config's OK line counts categories and set points when there are any", arguments: [
        (setting(temperature), "OK: 3 programs, 1 with a set point, 12 dial values\n"),
        (twoSetPoints, "OK: 3 programs in 2 categories, 2 with a set point, 12 dial values\n"),
        ("[[program]]\nname = \"A\"\ncategory = \"Sauna\"\n", "OK: 1 program in 1 category, 12 dial values, 1 warning\n"),
    ] as [(String, String)])
    func okLine(toml: String, ending: String) throws {
        let (file, run) = try CheckConfigTests.check(toml)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("\(file): \(ending)"), "\(run.stdout)")
    }

    @Test("check-config exits 1 on a file with broken categories and set points, listing each with file:line")
    func checkConfigCommand() throws {
        let toml = """
            [[category]]
            name = "Sauna"
            [[category]]
            name = "Laundry"
            [[program]]
            name = "Finnish sauna"
            category = "Spa"
            [program.setting]
            name = "Temperature"
            min = 60
            max = 100
            step = 7
            [[program]]
            name = "Wash"
            [program.setting]
            name = "Spin"
            min = 400
            max = 1600
            step = 200
            style = "dial"
            """
        let (file, run) = try CheckConfigTests.check(toml)
        #expect(run.status == 1, "\(run.stdout)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "\(file):2: error: category[0].name: \"Sauna\" has no program: the strip would show it with an empty wheel; "
                + "give a program category = \"Sauna\", or remove this [[category]]",
            "\(file):4: error: category[1].name: \"Laundry\" has no program: the strip would show it with an empty wheel; "
                + "give a program category = \"Laundry\", or remove this [[category]]",
            "\(file):7: error: program[0].category: \"Spa\" is no [[category]]; the file has \"Sauna\", \"Laundry\": "
                + "use one of them, or add a [[category]] with this name",
            "\(file):12: error: program[0].setting.step: does not divide max − min (40) into whole steps (it gives 5.71): "
                + "max could never be set; set max = 95 or 102, or choose a step that divides 40",
            "\(file):13: error: program[1].category: is missing: the file has [[category]], so every program needs one, "
                + "or it would be on no wheel of the strip; add category = \"Sauna\" (one of Sauna, Laundry)",
            "\(file):20: error: program[1].setting.style: must be \"arc\" (a track with a thumb) or \"knob\" "
                + "(turned by drag distance), not \"dial\": these are the controls a set point can have",
            "\(file): 6 errors; the kiosk would not use this file",
        ], "\(run.stdout)")
    }
}
