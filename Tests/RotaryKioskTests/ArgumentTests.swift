import Foundation
@testable import RotaryKiosk
@testable import RotaryKioskCore
import RotaryKit
import Testing

@Suite("Command line, keys and layout")
struct ArgumentTests {
    @Test("sizes parse as WxH within limits", arguments: [
        ("800x480", WindowSize(width: 800, height: 480)), ("1080X1920", WindowSize(width: 1080, height: 1920)),
        ("0x10", nil), ("800", nil), ("axb", nil), ("99999x10", nil),
    ] as [(String, WindowSize?)])
    func sizes(text: String, expected: WindowSize?) {
        #expect(WindowSize(argument: text) == expected)
    }

    @Test("a size or rotation is refused saying what is accepted, also when it starts with '-'", arguments: [
        (["--size", "-5x5"], "The value '-5x5' is invalid for '--size <WxH>': must be WxH with both sides 16…16384 pixels, like 800x480"),
        (["--size", "5x5"], "The value '5x5' is invalid for '--size <WxH>': must be WxH with both sides 16…16384 pixels, like 800x480"),
        (["--rotate", "-90"], "The value '-90' is invalid for '--rotate <degrees>': must be 0, 90, 180 or 270 (degrees clockwise); "
            + "for -90 use 270"),
        (["--rotate", "45"], "The value '45' is invalid for '--rotate <degrees>': must be 0, 90, 180 or 270 (degrees clockwise)\n"),
        (["bench", "--sizes", "-5x5"], "The value '-5x5' is invalid for '--sizes <WxH>': must be WxH with both sides 16…16384 pixels"),
        (["bench", "--sizes", "800x480", "-5x5"], "Unknown option '-5x5'"),
        (["bench", "--frames", "-1"], "--frames must be 1 or more, not -1"),
    ])
    func refusedArguments(arguments: [String], message: String) throws {
        let run = try KioskProcess.runHeadless(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains("Error: \(message)"), "\(run.stderr)")
        #expect(!run.stderr.contains("Missing value"))
    }

    @Test("bench takes several sizes after --sizes, and the three reference sizes without it")
    func benchSizes() throws {
        let two = [WindowSize(width: 800, height: 480), WindowSize(width: 1080, height: 1080)]
        #expect(try BenchCommand.parse(["--sizes", "800x480", "1080x1080", "--json"]).allSizes == two)
        #expect(try BenchCommand.parse(["--sizes", "800x480", "--sizes", "1080x1080"]).allSizes == two)
        #expect(try BenchCommand.parse([]).allSizes == BenchCommand.defaultSizes)
        #expect(throws: (any Error).self) { try BenchCommand.parse(["1080x1080"]) }
    }

    @Test("every file a help text names exists in the package", arguments: [["run"], ["check-config"], ["bench"]])
    func helpNamesRealFiles(command: [String]) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let run = try KioskProcess.runHeadless(command + ["--help"])
        #expect(run.status == 0)
        let words = run.stdout.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "().,;:'\"")) }
        for file in words where [".md", ".toml", ".swift"].contains(where: file.hasSuffix) {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "\(command) --help names \(file)")
        }
    }

    @Test("arrows step one item, Home/End jump, Enter presses, Tab moves focus")
    func keys() {
        #expect(KeyBindings.action(forKey: "Right") == .turn(.steps(1)))
        #expect(KeyBindings.action(forKey: "Up") == .turn(.steps(-1)))
        #expect(KeyBindings.action(forKey: "End") == .turn(.last))
        #expect(KeyBindings.action(forKey: "Return") == .pressButton)
        #expect(KeyBindings.action(forKey: "Tab") == .nextFocus)
        #expect(KeyBindings.action(forKey: "Q") == nil)
    }

    @Test("dial around wheel around button, fitting the rings' square: the window's left side or its top",
          arguments: [(800.0, 480.0), (1080, 1080), (1080, 1920), (3840, 2160)])
    func layout(width: Double, height: Double) {
        let screen = KioskScreen(layout: ScreenLayout(width: width, height: height), programs: Program.demo,
                                 dialMinutes: Program.defaultDialMinutes)
        let wheel = screen.wheel, dial = screen.dial, button = screen.button
        #expect(dial.outerRadius * 2 <= min(width, height))
        #expect(wheel.outerRadius < dial.innerRadius)
        #expect(button.radius < wheel.innerRadius)
        // Landscape: on the left, centred top to bottom; portrait and square: centred side to side.
        #expect(width >= height * ScreenLayout.squareUpTo ? wheel.center.y == height / 2 && wheel.center.x < width / 2
                                                          : wheel.center.x == width / 2)
        #expect(wheel.center.x - dial.outerRadius >= 0 && wheel.center.y - dial.outerRadius >= 0)
    }
}
