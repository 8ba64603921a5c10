import Foundation
import Testing
@testable import RotaryKiosk

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

    @Test("problems without a line print FILE: without '?', and unknown tables get their line", arguments: [
        (nil, ": error: (file): cannot read the file"),
        ("[[programs]]\nname = \"A\"\n", ":1: warning: programs: unknown key (ignored)"),
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

    @Test("the service message of a file that cannot be read has no '?' for its line")
    func serviceMessage() {
        let choice = ConfigChoice.choose(path: "/no/such/rotary.toml", stateDirectory: nil)
        #expect(choice.serviceMessage == "Config error: /no/such/rotary.toml: (file): cannot read the file. Running on the built-in config.")
    }
}
