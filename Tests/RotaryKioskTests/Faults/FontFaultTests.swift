import Foundation
import RotarySDL
import Testing

/// A font file that fontconfig still lists but that has since been damaged (a failing card,
/// a half-finished upgrade) costs the kiosk nothing but an `error` line: it draws with the
/// next font that works.
@Suite("Faults: damaged font files")
struct FontFaultTests {
    /// A fontconfig that knows one folder, with a copy of DejaVu Sans Bold in it cached while
    /// it was whole and then damaged by `damage` in place (the folder gains no entry, so its
    /// time and fontconfig's cache stay as they were and fontconfig still lists the file). The environment that uses it, and the damaged file.
    static func damagedFont(_ damage: (String) throws -> Void) throws -> (environment: [String: String], file: String) {
        let dir = try KioskProcess.temporaryDirectory()
        let fonts = dir.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let file = fonts.appendingPathComponent("DejaVuSans-Bold.ttf").path
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", toPath: file)
        let conf = dir.appendingPathComponent("fonts.conf").path
        try "<?xml version=\"1.0\"?>\n<fontconfig><dir>\(fonts.path)</dir><cachedir>\(dir.path)/cache</cachedir></fontconfig>\n"
            .write(toFile: conf, atomically: true, encoding: .utf8)
        let environment = ["FONTCONFIG_FILE": conf]
        let cached = try KioskProcess.runHeadless(["fc-cache", "-f"], environment: environment, program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(cached.status == 0, "\(cached.stderr)")
        try damage(file)
        let listed = try KioskProcess.runHeadless(["fc-match", "-f", "%{file}", "DejaVu Sans:bold"], environment: environment,
                                                  program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(listed.stdout == file, "fontconfig still offers the damaged file: \(listed.stdout)")
        return (environment, file)
    }

    static let damages: [String] = ["empty", "truncated", "garbage"]

    static func damage(_ kind: String) -> (String) throws -> Void {
        { path in
            let whole = try Data(contentsOf: URL(fileURLWithPath: path))
            let bytes: Data = switch kind {
            case "empty": Data()
            case "truncated": whole.prefix(whole.count / 3)
            default: Data((0..<whole.count).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
            }
            let handle = try #require(FileHandle(forWritingAtPath: path))  // in place: the folder's time stays
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: bytes)
            try handle.close()
        }
    }

    @Test("a replay with a damaged font draws with the next font and says which file it passed over, with the badge",
          arguments: damages)
    func replay(kind: String) throws {
        let (environment, file) = try Self.damagedFont(Self.damage(kind))
        let shot = try KioskProcess.temporaryDirectory().appendingPathComponent("shot.png").path
        var trace = Trace()
        trace.key("Return")
        trace.wait(1000)
        trace.stamp()
        let run = try ReplayRun.run(trace.text, size: "800x480", extra: ["--screenshot", shot], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.named("error").contains { ($0["message"] as? String)?.contains("the font file \(file) cannot be drawn with") == true },
                "\(run.named("error"))")
        #expect(run.named("timer").first?["state"] as? String == "running")
        // Drawn, with the service badge that an error shows in its corner.
        let picture = try RotarySDLSurface.load(shot)
        #expect(picture.width == 800 && picture.height == 480)
        #expect(picture.badgeAmberPixels(x: 0, y: 0, side: 60) > 60)
    }

    @Test("check-config says the font file is damaged and which one the kiosk would draw with")
    func checkConfig() throws {
        let (environment, file) = try Self.damagedFont(Self.damage("empty"))
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(ConfigText.programs(["Sauna"]), as: "k.toml", in: dir)
        let check = try KioskProcess.runHeadless(["check-config", config], environment: environment)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("warning: theme.font: the font file \(file) cannot be drawn with"), "\(check.stdout)")
    }
}
