import Foundation
import GoldenSupport
import RotarySDL
import Testing

/// Every example in Examples/ is built with the package; each is run headless with its
/// scripted input and its last frame compared with a reference picture.
@Suite("Examples render what they show")
struct ExampleTests {
    static let golden = GoldenImage(besides: #filePath, maxPixels: 40)

    @Test("each example draws its scripted screenshot", arguments: [
        ("example-game-wheel", [String]()), ("example-timer-dial", []), ("example-arc-slider", []), ("example-knob", []),
        ("example-category-strip", []), ("example-gallery", []), ("example-gallery", ["--size", "640x400"]),
    ])
    func screenshot(example: String, extra: [String]) throws {
        let program = KioskProcess.builtExecutable(named: example)
        #expect(FileManager.default.isExecutableFile(atPath: program.path), "\(program.path) was not built")
        let name = ([example] + extra.filter { $0.contains("x") }).joined(separator: "-")
        let path = try KioskProcess.temporaryDirectory().appendingPathComponent(name + ".png").path
        let run = try KioskProcess.runHeadless(["--screenshot", path] + extra, program: program)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("saved \(path)"))
        try Self.golden.check(Surface(contentsOf: path), named: name)
    }
}
