import Foundation
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// `rotary-kiosk check-config` run for real on files that used to pass although the kiosk
/// could not work with them (issue fault 8), and on its messages (fault 12).
@Suite("check-config refuses nonsense and says why")
struct CheckConfigTests {
    static let oneProgram = ConfigTests.oneProgram

    /// Writes `toml` to a fresh file and runs check-config on it.
    static func check(_ toml: String, in dir: URL? = nil) throws -> (file: String, run: KioskProcess.Outcome) {
        let folder = try dir ?? KioskProcess.temporaryDirectory()
        let file = folder.appendingPathComponent("k.toml").path
        try toml.write(toFile: file, atomically: true, encoding: .utf8)
        return (file, try KioskProcess.runHeadless(["check-config", file]))
    }

    @Test("a number out of its range is an error with its line, key, range and the reason for the range", arguments: [
        (oneProgram + "[display]\ndim_after_seconds = 0.001\n", "display.dim_after_seconds", 6,
         "must be 0 or between 10 and 86400 seconds, not 0.001: below 10 s the screen would dim between touches; 0 turns dimming off"),
        ("[[program]]\nname = \"A\"\nminutes = 0\n", "program[0].minutes", 3, "a program of 0 minutes could never start"),
        (oneProgram + "[dial]\nvalues = [0, 5, 2000]\n", "dial.values[2]", 6, "the dial counts minutes, up to a day (1440)"),
        (oneProgram + "[display]\ndiagonal = 0.5\n", "display.diagonal", 6,
         "must be between 2 and 110 inches, not 0.5: a panel's diagonal"),
        (oneProgram + "[timer]\nlong_press_seconds = 0.1\n", "timer.long_press_seconds", 6,
         "below 0.3 s an ordinary tap would cancel the timer"),
        (oneProgram + "[timer]\npause_timeout_seconds = 5\n", "timer.pause_timeout_seconds", 6,
         "must be 0 or between 10 and 86400 seconds, not 5: below 10 s a pause would be cancelled"),
        (oneProgram + "[timer]\ndone_seconds = 1\n", "timer.done_seconds", 6, "below 3 s nobody would see \"Done\""),
        (oneProgram + "[timer]\ndone_seconds = 7200\n", "timer.done_seconds", 6, "past an hour"),
        (oneProgram + "[admin]\nexit_hold_seconds = 0.5\n", "admin.exit_hold_seconds", 6,
         "below 1 s a stray two-finger touch could open the service screen"),
        (oneProgram + "[hooks]\ntimeout_seconds = 0\n", "hooks.timeout_seconds", 6, "below 0.1 s no hook could finish"),
        (oneProgram + "[feedback]\ntick_interval_ms = 5000\n", "feedback.tick_interval_ms", 6, "ticks would no longer follow the wheel"),
        (oneProgram + "[theme]\ndimmed_opacity = 2\n", "theme.dimmed_opacity", 6, "0 hides the segments away from the marker"),
        (oneProgram + "[touch]\nmin_contact_ms = 80\n", "touch.min_contact_ms", 6, "a fingertip's lightest tap lasts longer than 50 ms"),
        (oneProgram + "[display]\nrotation = 360\n", "display.rotation", 6, "must be 0, 90, 180 or 270 (degrees clockwise), not 360"),
    ] as [(String, String, Int, String)])
    func outOfRange(toml: String, key: String, line: Int, reason: String) throws {
        let (file, run) = try Self.check(toml)
        #expect(run.status == 1, "\(run.stdout)")
        let message = run.stdout.split(separator: "\n").first { $0.hasPrefix("\(file):\(line): error: \(key): ") }
        #expect(message?.contains(reason) == true, "\(run.stdout)")
    }

    @Test("the edges of each range, 0 for off and the two new [timer] keys are accepted and reach the session")
    func edgesAndNewKeys() throws {
        let toml = Self.oneProgram + """
            [display]
            dim_after_seconds = 10
            [timer]
            pause_timeout_seconds = 0
            done_seconds = 3
            """
        let (file, run) = try Self.check(toml)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout == "\(file): OK: 1 program, 12 dial values\n")
        let config = try #require(ConfigLoader.load(path: file).config)
        let settings = SessionSettings(config: config, windowed: false)
        #expect(settings.pauseTimeoutSeconds == 0)
        #expect(settings.doneSeconds == 3)
        #expect(settings.dimAfterSeconds == 10)
        let defaults = SessionSettings(config: KioskConfig(), windowed: false)
        #expect(defaults.pauseTimeoutSeconds == 300)
        #expect(defaults.doneSeconds == 600)
    }

    @Test("a file without [[program]] is an error; a look-alike table is named with its line", arguments: [
        ("[[programs]]\nname = \"A\"\nminutes = 5\n", ":1: error: program: ", "[[programs]] is no known table: did you mean [[program]]?"),
        ("[dial]\nvalues = [0, 5]\n[Program]\nname = \"A\"\n", ":3: error: program: ", "[Program] is no known table: did you mean [[program]]?"),
        ("[display]\nrotation = 90\n", ": error: program: ", "the file has no [[program]] table: the wheel needs 1 to 64 programs"),
        ("program = []\n", ":1: error: program: ", "needs 1 to 64 programs, not 0: the wheel needs at least one"),
    ] as [(String, String, String)])
    func noPrograms(toml: String, location: String, message: String) throws {
        let (file, run) = try Self.check(toml)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stdout.contains("\(file)\(location)"), "\(run.stdout)")
        #expect(run.stdout.contains(message), "\(run.stdout)")
        #expect(!run.stdout.contains("OK"))
    }

    @Test("a name with a control or zero-width character is an error with its line", arguments: [
        ("Sauna\there", "a tab (U+0009) at character 6"),
        ("Sauna\\nhere", "a line feed (U+000A) at character 6"),
        ("Sau\u{200B}na", "a zero-width space (U+200B) at character 4"),
        ("Bell\\u0007", "U+0007 at character 5"),
    ])
    func invisibleCharacters(name: String, what: String) throws {
        let (file, run) = try Self.check("[[program]]\nname = \"\(name)\"\nminutes = 5\n")
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stdout.contains("\(file):2: error: program[0].name: contains \(what): a name is one line of visible text"),
                "\(run.stdout)")
    }

    @Test("a NUL in a string, escaped or written, is an error with its key and line, not a name cut short", arguments: [
        ("[[program]]\nname = \"Sauna\"\nminutes = 5\n[[zone]]\nname = \"a\\u0000b\"\n", ":5: error: zone.name: "),
        ("[[program]]\nname = \"Sau\\U00000000na\"\nminutes = 5\n", ":2: error: program.name: "),
        ("[[program]]\nname = 'Sau\u{0}na'\nminutes = 5\n", ":2: error: program.name: "),
        // No key before the `=` (the fuzzer's find): a syntax problem, never an empty key.
        ("= \"a\u{0}\"\n", ":1: error: (syntax): "),
        ("[[zone]]\n= \"a\u{0}\"\n", ":2: error: (syntax): "),
    ] as [(String, String)])
    func nul(toml: String, location: String) throws {
        let (file, run) = try Self.check(toml)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stdout.contains("\(file)\(location)a string holds a NUL character (U+0000)"), "\(run.stdout)")
        #expect(!run.stdout.contains("OK"))
    }

    @Test("two zones that would go by one id are an error naming both; an id of its own settles it")
    func zoneIDs() throws {
        let clash = "[[program]]\nname = \"Sauna\"\nminutes = 5\n[[zone]]\nname = \"Cabin 1\"\n[[zone]]\nname = \"cabin-1\"\n"
        let (file, run) = try Self.check(clash)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stdout.contains("\(file):7: error: zone[1].name: \"cabin-1\" would be known as \"cabin-1\", as zone[0] \"Cabin 1\" is"),
                "\(run.stdout)")
        let (_, settled) = try Self.check(clash + "id = \"cabin-1b\"\n")
        #expect(settled.status == 0, "\(settled.stdout)")
        let (badFile, bad) = try Self.check(clash + "id = \"Cabin B\"\n")
        #expect(bad.stdout.contains("\(badFile):8: error: zone[1].id: must be 1 to 32 of a–z, 0–9 and -"), "\(bad.stdout)")
    }

    @Test("a command whose program is missing, not executable or a folder is a warning naming it", arguments: [
        ("[hooks]\non_selected", "rotary-no-such-program", "rotary-no-such-program is not on PATH ("),
        ("[hooks]\non_timer_finished", "/no/such/dir/buzz", "/no/such/dir/buzz does not exist"),
        ("[hooks]\non_pressed", "DIR/plain.sh", "DIR/plain.sh exists but is not executable (chmod +x DIR/plain.sh)"),
        ("[feedback]\ncommand", "DIR", "DIR is a folder, not a program"),
    ])
    func commands(table: String, program: String, warning: String) throws {
        let dir = try KioskProcess.temporaryDirectory()
        try "#!/bin/sh\n".write(to: dir.appendingPathComponent("plain.sh"), atomically: true, encoding: .utf8)
        let program = program.replacingOccurrences(of: "DIR", with: dir.path)
        let (file, run) = try Self.check(Self.oneProgram + "\(table) = [\"\(program)\", \"x\"]\n", in: dir)
        #expect(run.status == 0, "\(run.stdout)")
        let key = table.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }.joined(separator: ".")
        let expected = "\(file):6: warning: \(key): \(warning.replacingOccurrences(of: "DIR", with: dir.path))"
        #expect(run.stdout.contains(expected), "\(run.stdout)")
        #expect(run.stdout.contains("OK: 1 program, 12 dial values, 1 warning\n"))
    }

    @Test("a runnable command gives no warning, on PATH or as a path")
    func runnableCommands() throws {
        let (file, run) = try Self.check(Self.oneProgram + "[hooks]\non_selected = [\"sh\", \"-c\", \"true\"]\n"
            + "on_pressed = [\"/bin/sh\"]\n")
        #expect(run.stdout == "\(file): OK: 1 program, 12 dial values\n")
    }

    @Test("a font pattern of a family that is not installed is a warning naming the font fontconfig would use instead")
    func fontFamily() throws {
        let (file, run) = try Self.check(Self.oneProgram + "[theme]\nfont = \"Rotary No Such Family:bold\"\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("\(file):6: warning: theme.font: \"Rotary No Such Family:bold\" matches no installed font "
            + "of the family Rotary No Such Family; fontconfig would use "), "\(run.stdout)")
        let generic = try Self.check(Self.oneProgram + "[theme]\nfont = \"sans-serif:bold\"\n")
        #expect(generic.run.stdout == "\(generic.file): OK: 1 program, 12 dial values\n")
    }

    @Test("a name with characters no installed font can draw is a warning listing them with a package; others fall back")
    func missingGlyphs() throws {
        let (file, run) = try Self.check("[[program]]\nname = \"Onsen \u{378}日本\"\nminutes = 5\n[[program]]\nname = \"Kylmä\"\nminutes = 5\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("\(file):2: warning: program[0].name: no installed font can draw \"\u{378}\" (U+0378) of "
            + "\"Onsen \u{378}日本\": they would show as empty boxes; no font package has them"), "\(run.stdout)")
        #expect(!run.stdout.contains("program[1]"))
    }

    @Test("problems without a line print FILE: without '?', and unknown tables get their line", arguments: [
        (nil, ": error: (file): cannot read the file"),
        ("[[programs]]\nname = \"A\"\n", ":1: warning: programs: unknown key (ignored); did you mean program?"),
        (oneProgram + "[extras.more]\nx = 1\n", ":5: warning: extras: unknown key (ignored)"),
        ("[[program]]\nname = \"A\"\n[program.more]\nx = 1\n", ":3: warning: program[0].more: unknown key (ignored)"),
    ] as [(String?, String)])
    func lines(toml: String?, expected: String) throws {
        let dir = try KioskProcess.temporaryDirectory()
        let file = dir.appendingPathComponent("k.toml").path
        if let toml { try toml.write(toFile: file, atomically: true, encoding: .utf8) }
        let run = try KioskProcess.runHeadless(["check-config", file])
        #expect(run.stdout.contains("\(file)\(expected)"), "\(run.stdout)")
        #expect(!run.stdout.contains(":?:"))
    }

    @Test("counts in check-config's last line agree with their number", arguments: [
        (oneProgram, "OK: 1 program, 12 dial values\n"),
        (oneProgram + "[dial]\nvalues = [0, 15]\n[[program]]\nname = \"B\"\n", "OK: 2 programs, 2 dial values\n"),
        (oneProgram + "colour = 1\n", "OK: 1 program, 12 dial values, 1 warning\n"),
        (oneProgram + "colour = 1\nshade = 2\n", "OK: 1 program, 12 dial values, 2 warnings\n"),
        ("[[program]]\nname = \"\"\n", ": 1 error; the kiosk would not use this file\n"),
        ("[[program]]\nname = \"\"\n[dial]\nvalues = [1]\n", ": 2 errors; the kiosk would not use this file\n"),
    ])
    func counts(toml: String, ending: String) throws {
        let (_, run) = try Self.check(toml)
        #expect(run.stdout.hasSuffix(ending), "\(run.stdout)")
    }

    @Test("the problems and the note of a file that cannot be read have no '?' for its line")
    func serviceMessage() {
        let choice = ConfigChoice.choose(path: "/no/such/rotary.toml", stateDirectory: nil)
        #expect(choice.problems.map(\.description) == ["/no/such/rotary.toml: error: (file): cannot read the file: no such file"])
        #expect(choice.fallbackNote == "/no/such/rotary.toml has 1 error; running on the built-in config")
    }
}
