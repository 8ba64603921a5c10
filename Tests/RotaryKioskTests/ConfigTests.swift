import Foundation
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

@Suite("Config validation")
struct ConfigTests {
    static let oneProgram = "[[program]]\nname = \"Sauna\"\nicon = \"flame\"\nminutes = 15\n"

    @Test("the example file in kiosk/ loads with no problems: two categories, set points by arc and by knob")
    func exampleFile() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("kiosk/deploy/rotary.toml").path
        let outcome = ConfigLoader.load(path: path)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let config = try #require(outcome.config)
        #expect(config.categories == ["Sauna", "Laundry"])
        #expect(config.programs.first == Program(name: "Finnish sauna", icon: "flame", minutes: 15, category: "Sauna",
                                                 setting: ProgramSetting(name: "Temperature", unit: "°C", min: 60, max: 100,
                                                                         step: 5, defaultValue: 80, style: .arc)))
        #expect(config.programs.compactMap(\.setting?.style) == [.arc, .knob, .knob])
        #expect(config.hooks.commands[.timerFinished]?.first == "/usr/bin/logger")
        #expect(config.pauseTimeoutSeconds == KioskConfig().pauseTimeoutSeconds)
        #expect(config.doneSeconds == KioskConfig().doneSeconds)
    }

    @Test("each bad value is an error naming its key and line", arguments: [
        (oneProgram + "[dial]\nvalues = [5]\n", "dial.values", 6),
        (oneProgram + "[dial]\nvalues = [0, 5, 5]\n", "dial.values", 6),
        (oneProgram + "[dial]\nvalues = [0, 5, \"ten\"]\n", "dial.values[2]", 6),
        ("[[program]]\nname = \"\"\n", "program[0].name", 2),
        ("[[program]]\nname = \"  \"\n", "program[0].name", 2),
        ("[[program]]\nicon = \"flame\"\n", "program[0].name", 1),
        (oneProgram + "[[program]]\nname = \"sauna\"\n", "program[1].name", 6),
        ("[[program]]\nname = \"A\"\nminutes = nan\n", "program[0].minutes", 3),
        ("[[program]]\nname = \"A\"\nminutes = 99999\n", "program[0].minutes", 3),
        ("[[program]]\nname = \"A\"\nicon = \"no-such.svg\"\n", "program[0].icon", 3),
        ("[[program]]\nname = \"A\"\nicon = \"rocket\"\n", "program[0].icon", 3),
        ("[[program]]\nname = 7\n", "program[0].name", 2),
        (oneProgram + "[display]\nrotation = 45\n", "display.rotation", 6),
        (oneProgram + "[display]\ndim_after_seconds = inf\n", "display.dim_after_seconds", 6),
        (oneProgram + "[display]\ndim_after_seconds = -1\n", "display.dim_after_seconds", 6),
        (oneProgram + "[display]\non_hours = \"7-22\"\n", "display.on_hours", 6),
        (oneProgram + "[display]\non_hours = \"07:00-24:30\"\n", "display.on_hours", 6),
        (oneProgram + "[display]\non_hours = \"07:00-07:00\"\n", "display.on_hours", 6),
        (oneProgram + "[display]\non_hours = \"07:00-12:00,\"\n", "display.on_hours", 6),
        (oneProgram + "[display]\non_hours = \"24:00-07:00\"\n", "display.on_hours", 6),
        (oneProgram + "[display]\nwake_seconds = 1\n", "display.wake_seconds", 6),
        (oneProgram + "[display]\ndiagonal = 1\n", "display.diagonal", 6),
        (oneProgram + "[display]\ndiagonal = 500\n", "display.diagonal", 6),
        (oneProgram + "[display]\ndiagonal = \"7in\"\n", "display.diagonal", 6),
        (oneProgram + "[hooks]\non_selected = []\n", "hooks.on_selected", 6),
        (oneProgram + "[hooks]\non_selected = \"rm -rf /\"\n", "hooks.on_selected", 6),
        (oneProgram + "[feedback]\nvolume = 2.5\n", "feedback.volume", 6),
        (oneProgram + "[feedback]\naudio = \"yes\"\n", "feedback.audio", 6),
        (oneProgram + "[theme]\nbackground = \"blue\"\n", "theme.background", 6),
        ("program = 3\n", "program", 1),
        ("[[program]]\nname = \"A\"\n[[program\n", "(syntax)", 3),
    ] as [(String, String, Int)])
    func errors(toml: String, key: String, line: Int) {
        expectRefused(ConfigLoader.load(text: toml, file: "/etc/rotary.toml"), key: key, line: line)
    }

    @Test("every problem of a file is reported, not only the first")
    func allProblems() {
        let toml = "[[program]]\nname = \"\"\nminutes = -3\n[dial]\nvalues = [1]\n[display]\nrotation = 1\n"
        let outcome = ConfigLoader.load(text: toml, file: "k.toml")
        #expect(Set(outcome.errors.map(\.key)) == ["program[0].name", "program[0].minutes", "dial.values", "display.rotation"])
    }

    @Test("unknown keys are warnings and the config still loads")
    func unknownKeys() throws {
        let outcome = ConfigLoader.load(text: Self.oneProgram + "colour = \"red\"\n[extras]\nx = 1\n", file: "k.toml")
        let config = try #require(outcome.config)
        #expect(config.programs.count == 1)
        #expect(outcome.problems.map(\.severity) == [.warning, .warning])
        #expect(outcome.problems.map(\.key) == ["program[0].colour", "extras"])
    }

    @Test("a relative icon path is found next to the config file")
    func relativeIcon() throws {
        let dir = try KioskProcess.temporaryDirectory()
        try "<svg xmlns=\"http://www.w3.org/2000/svg\"/>".write(to: dir.appendingPathComponent("mine.svg"), atomically: true, encoding: .utf8)
        let file = dir.appendingPathComponent("k.toml").path
        let outcome = ConfigLoader.load(text: "[[program]]\nname = \"A\"\nicon = \"mine.svg\"\n", file: file)
        #expect(outcome.config?.programs.first?.icon == dir.appendingPathComponent("mine.svg").path)
    }

    @Test("check-config exits 0 for a good file and 1 listing every problem for a bad one")
    func checkConfigCommand() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.toml").path
        try "[[program]]\nname = \"\"\n[dial]\nvalues = [1]\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let run = try KioskProcess.runHeadless(["check-config", bad])
        #expect(run.status == 1)
        #expect(run.stdout.contains("\(bad):2: error: program[0].name"))
        #expect(run.stdout.contains("\(bad):4: error: dial.values"))
        let good = dir.appendingPathComponent("good.toml").path
        try Self.oneProgram.write(toFile: good, atomically: true, encoding: .utf8)
        #expect(try KioskProcess.runHeadless(["check-config", good]).status == 0)
    }
}
