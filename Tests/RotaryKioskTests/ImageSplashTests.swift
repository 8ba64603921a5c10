import Foundation
import Testing

/// The image's splash check (`usr/lib/rotary-image/splash`), run as plymouth-start.service runs
/// it before Plymouth starts and as kiosk/image runs it on `--splash`: only a PNG Plymouth can
/// unpack at once reaches the theme's folder; anything else is left out with its reason, and the
/// panel stays black until the kiosk instead of waiting on Plymouth.
@Suite("Image boot splash: only a picture Plymouth can hold is shown")
struct ImageSplashTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("kiosk/deploy/image-root/usr/lib/rotary-image/splash").path

    /// A PNG's signature and header chunk for a picture of `width`×`height` (what the check
    /// reads), then `padding` bytes.
    static func png(width: UInt32, height: UInt32, padding: Int = 64) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data.append(contentsOf: Array("IHDR".utf8))
        for word in [width, height] { data.append(contentsOf: withUnsafeBytes(of: word.bigEndian, Array.init)) }
        data.append(contentsOf: [8, 6, 0, 0, 0])
        data.append(Data(count: padding))
        return data
    }

    static func run(_ arguments: [String]) throws -> KioskProcess.Outcome {
        try KioskProcess.runHeadless([script] + arguments, program: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test("a PNG of at most 4096 pixels a side is copied where the theme looks, as it is")
    func shown() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let file = dir.appendingPathComponent("splash.png"), shown = dir.appendingPathComponent("run")
        try Self.png(width: 4096, height: 300).write(to: file)
        let run = try Self.run(["prepare", file.path, shown.path])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(try Data(contentsOf: shown.appendingPathComponent("splash.png")) == Data(contentsOf: file))
        #expect(try Self.run(["check", file.path]).status == 0)
    }

    @Test("what Plymouth must not get is left out, with its reason, and an earlier copy goes",
          arguments: [
              ("huge", "is 20000x20000 pixels: at most 4096 a side"),
              ("wide", "is 4097x10 pixels: at most 4096 a side"),
              ("empty picture", "is 0x480 pixels"),
              ("cut short", "is 800x0 pixels"),
              ("not a PNG", "is not a PNG"),
              ("no header chunk", "is not a PNG (no header chunk)"),
              ("too many bytes", "is 16777245 bytes: at most 16777216"),
          ])
    func leftOut(kind: String, reason: String) throws {
        let dir = try KioskProcess.temporaryDirectory()
        let file = dir.appendingPathComponent("splash.png"), shown = dir.appendingPathComponent("run")
        let data: Data
        switch kind {
        case "huge": data = Self.png(width: 20000, height: 20000)
        case "wide": data = Self.png(width: 4097, height: 10)
        case "empty picture": data = Self.png(width: 0, height: 480)
        case "cut short": data = Self.png(width: 800, height: 480).prefix(20)
        case "not a PNG": data = Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)
        case "no header chunk":
            var bytes = Self.png(width: 800, height: 480)
            bytes.replaceSubrange(12..<16, with: Array("IDAT".utf8))
            data = bytes
        default: data = Self.png(width: 800, height: 480, padding: 16 << 20)
        }
        try data.write(to: file)
        // A copy the last boot made (a RAM folder survives no boot, but prepare may run twice).
        try FileManager.default.createDirectory(at: shown, withIntermediateDirectories: true)
        try Self.png(width: 10, height: 10).write(to: shown.appendingPathComponent("splash.png"))
        let run = try Self.run(["prepare", file.path, shown.path])
        #expect(run.status == 0, "a bad splash never stops Plymouth from starting: \(run.stderr)")
        #expect(run.stderr.contains("splash: not shown: the splash \(file.path) \(reason)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shown.appendingPathComponent("splash.png").path))
        let check = try Self.run(["check", file.path])
        #expect(check.status == 1 && check.stdout.contains(reason), "\(check.stdout)")
    }

    @Test("a link to a picture is refused, however small the link, and nothing is left in the folder the theme reads")
    func linkRefused() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let picture = dir.appendingPathComponent("big.png"), file = dir.appendingPathComponent("splash.png")
        let shown = dir.appendingPathComponent("run")
        try Self.png(width: 800, height: 480, padding: 100 << 20).write(to: picture)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: picture)
        let run = try Self.run(["prepare", file.path, shown.path])
        #expect(run.status == 0)
        #expect(run.stderr.contains("splash: not shown: the splash \(file.path) is a symbolic link"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shown.path).isEmpty)
        #expect(try Self.run(["check", file.path]).status == 1)
    }

    @Test("no splash at all: nothing shown and nothing said")
    func absent() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let run = try Self.run(["prepare", dir.appendingPathComponent("none.png").path, dir.appendingPathComponent("run").path])
        #expect(run.status == 0 && run.stderr.isEmpty && run.stdout.isEmpty, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("run/splash.png").path))
    }
}
