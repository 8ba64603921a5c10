import Foundation
import Testing

@Suite("rotary-kiosk on a framebuffer: choosing it, and refusing to run blank")
struct FramebufferRunTests {
    /// kiosk/rotary.toml with `[display] framebuffer = path`, in a fresh folder.
    static func config(framebuffer: String) throws -> String {
        let dir = try KioskProcess.temporaryDirectory()
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../kiosk/rotary.toml")
        let text = try String(contentsOf: example, encoding: .utf8)
            .replacingOccurrences(of: "[display]\n", with: "[display]\nframebuffer = \"\(framebuffer)\"\n")
        let path = dir.appendingPathComponent("rotary.toml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("--video-driver fbdev on a device that is no framebuffer stops with the reason, not a black panel")
    func notAFramebuffer() throws {
        let state = try KioskProcess.temporaryDirectory().path
        let run = try KioskProcess.runHeadless(["--video-driver", "fbdev", "--config", try Self.config(framebuffer: "/dev/null"),
                                                "--state-dir", state], timeout: 20)
        #expect(run.status != 0)
        #expect(run.stderr.contains("framebuffer: /dev/null is not a framebuffer device: the panel would stay black"), "\(run.stderr)")
        #expect(!run.stdout.contains("\"event\":\"ready\""))
    }

    @Test("SDL_VIDEODRIVER=fbdev with a missing device says which device and why")
    func missingDevice() throws {
        let state = try KioskProcess.temporaryDirectory().path
        let run = try KioskProcess.runHeadless(["--config", try Self.config(framebuffer: "/dev/rotary-no-such-fb"), "--state-dir", state],
                                               timeout: 20, environment: ["SDL_VIDEODRIVER": "fbdev"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("cannot open /dev/rotary-no-such-fb: No such file or directory"), "\(run.stderr)")
    }

    @Test("auto with no KMSDRM, no framebuffer and no desktop says what it passed over, and renders headless")
    func autoFallsThrough() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let picture = dir.appendingPathComponent("shot.png").path
        let run = try KioskProcess.runHeadless(["--video-driver", "auto", "--config", try Self.config(framebuffer: "/dev/rotary-no-such-fb"),
                                                "--state-dir", dir.path, "--size", "320x240", "--screenshot", picture], timeout: 30)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("video driver: offscreen; auto: no KMSDRM display; framebuffer: cannot open /dev/rotary-no-such-fb"),
                "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: picture))
    }

    @Test("[display] framebuffer must name a device")
    func configRule() throws {
        let run = try KioskProcess.runHeadless(["check-config", try Self.config(framebuffer: "fb0")], timeout: 20)
        #expect(run.status != 0)
        #expect(run.stdout.contains("display.framebuffer") || run.stderr.contains("display.framebuffer"), "\(run.stdout)\(run.stderr)")
    }
}
