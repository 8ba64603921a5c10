import Foundation
import RotarySDL
import Testing

/// Broken theme art costs only its own piece of the picture, and the last good config is one
/// the kiosk really drew with, usable from any working directory.
@Suite("Faults: theme art and the last good config")
struct ArtFaultTests {
    /// A folder of broken art files: random bytes and an empty file named .svg, a truncated
    /// PNG, a PNG header claiming 60000×60000 pixels, and a folder.
    static func brokenArt(in dir: URL) throws -> [String: String] {
        var random = SeededBytes(seed: 7)
        let files: [String: [UInt8]] = [
            "random.svg": random.next(4096),
            "empty.svg": [],
            "truncated.png": Array(pngHeader(width: 64, height: 64).prefix(20)),
            "giant.png": pngHeader(width: 60000, height: 60000) + random.next(64),
        ]
        var paths: [String: String] = [:]
        for (name, bytes) in files {
            let path = dir.appendingPathComponent(name).path
            FileManager.default.createFile(atPath: path, contents: Data(bytes))
            paths[name] = path
        }
        let folder = dir.appendingPathComponent("folder.svg")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        paths["folder"] = folder.path
        return paths
    }

    /// A PNG signature and IHDR chunk for a `width`×`height` RGBA picture (CRC not computed).
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    static func themeText(_ art: [String: String]) -> String {
        """
        [theme]
        segments = ["\(art["random.svg"]!)", "\(art["empty.svg"]!)", "\(art["truncated.png"]!)", "\(art["giant.png"]!)"]
        button = "\(art["folder"]!)"
        marker = "\(art["giant.png"]!)"

        """
    }

    @Test("broken art: the kiosk draws with the built-in art for each broken piece, says so, and keeps the last good config")
    func brokenArtFallsBack() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let state = dir.appendingPathComponent("state").path
        let good = ConfigText.programs(["Sauna", "Steam"])
        let config = try ConfigText.write(good, as: "k.toml", in: dir)
        #expect(try ReplayRun.run("", extra: ["--config", config, "--state-dir", state]).status == 0)
        let kept = try String(contentsOfFile: state + "/last-good-config.toml", encoding: .utf8)
        #expect(kept == good)

        let art = try Self.brokenArt(in: dir)
        try (Self.themeText(art) + ConfigText.programs(["Broken art"])).write(toFile: config, atomically: true, encoding: .utf8)
        let shot = dir.appendingPathComponent("shot.png").path
        let run = try ReplayRun.run("", size: "800x480", extra: ["--config", config, "--state-dir", state, "--screenshot", shot])
        #expect(run.status == 0, "\(run.stderr)")
        let errors = run.named("error").compactMap { $0["message"] as? String }
        for key in ["theme.segments[0]", "theme.segments[1]", "theme.segments[2]", "theme.segments[3]", "theme.button", "theme.marker"] {
            #expect(errors.contains { $0.contains(key) }, "no error for \(key): \(errors)")
        }
        #expect(errors.contains { $0.contains("60000×60000") })
        let labels = (run.exitControl("wheel")?["items"] as? [[String: Any]])?.compactMap { $0["label"] as? String }
        #expect(labels == ["Broken art"])
        // Drawn, not black: the built-in segment art and button show.
        let picture = try RotarySDLSurface.load(shot)
        let centre = picture.pixel(x: 240, y: 240), segment = picture.pixel(x: 240, y: 120)
        #expect(Int(centre.g) > 60 && Int(segment.r) + Int(segment.g) + Int(segment.b) > 150, "\(centre) \(segment)")
        // The config with broken art did not replace the last good one.
        #expect(try String(contentsOfFile: state + "/last-good-config.toml", encoding: .utf8) == good)
    }

    @Test("check-config rasterises every art file and reports each one that fails, with its line")
    func checkConfigTriesArt() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(Self.themeText(try Self.brokenArt(in: dir)) + ConfigText.programs(["A"]),
                                          as: "k.toml", in: dir)
        let run = try KioskProcess.runHeadless(["check-config", config])
        #expect(run.status == 1)
        for (key, line) in [("theme.segments[0]", 2), ("theme.segments[3]", 2), ("theme.button", 3), ("theme.marker", 4)] {
            #expect(run.stdout.contains("k.toml:\(line): error: \(key): "), "\(key): \(run.stdout)")
        }
        #expect(run.stdout.contains("60000×60000"))
        #expect(!run.stdout.contains("OK"))
    }

    @Test("the last good config is used from another working directory, art paths and all, and a rejected one is logged")
    func lastGoodFromAnotherDirectory() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let state = dir.appendingPathComponent("state").path
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#00ff00"/></svg>"##
        _ = try ConfigText.write(svg, as: "dot.svg", in: dir)
        let good = "[theme]\nbutton = \"dot.svg\"\n" + ConfigText.programs(["Relative art"])
        _ = try ConfigText.write(good, as: "k.toml", in: dir)
        // Started from the config's folder with relative paths, as an integrator would by hand.
        #expect(try ReplayRun.run("", extra: ["--config", "k.toml", "--state-dir", state], directory: dir.path).status == 0)
        try "[[program]]\nname = 42\n".write(toFile: dir.appendingPathComponent("k.toml").path, atomically: true, encoding: .utf8)
        let elsewhere = try KioskProcess.temporaryDirectory()
        let run = try ReplayRun.run("", extra: ["--config", dir.appendingPathComponent("k.toml").path, "--state-dir", state],
                                    directory: elsewhere.path)
        let labels = (run.exitControl("wheel")?["items"] as? [[String: Any]])?.compactMap { $0["label"] as? String }
        #expect(labels == ["Relative art"])
        #expect(!run.named("error").contains { ($0["message"] as? String)?.contains("theme.") == true })

        // A saved config that no longer loads (its art gone) is not used, and the log says why.
        try FileManager.default.removeItem(atPath: dir.appendingPathComponent("dot.svg").path)
        let again = try ReplayRun.run("", extra: ["--config", dir.appendingPathComponent("k.toml").path, "--state-dir", state])
        #expect(again.stderr.contains("the last good config is not used"), "\(again.stderr)")
        #expect((again.exitControl("wheel")?["items"] as? [Any])?.count == 8)
    }
}

/// Deterministic bytes for test files (a 64-bit linear congruential generator).
struct SeededBytes {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }
}
