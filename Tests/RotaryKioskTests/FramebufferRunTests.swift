import Foundation
import Testing

@Suite("rotary-kiosk on a framebuffer: choosing it, and refusing to run blank")
struct FramebufferRunTests {
    /// kiosk/deploy/rotary.toml with `[display] framebuffer = path`, in a fresh folder.
    static func config(framebuffer: String) throws -> String {
        let dir = try KioskProcess.temporaryDirectory()
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../kiosk/deploy/rotary.toml")
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

    @Test("with nothing asked for and no KMSDRM, framebuffer or desktop it says what it passed over, and renders headless")
    func autoFallsThrough() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let picture = dir.appendingPathComponent("shot.png").path
        let run = try KioskProcess.runHeadless(["--config", try Self.config(framebuffer: "/dev/rotary-no-such-fb"),
                                                "--state-dir", dir.path, "--size", "320x240", "--screenshot", picture], timeout: 30)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("video driver: offscreen; auto: no KMSDRM display ("), "\(run.stderr)")
        #expect(run.stderr.contains("; framebuffer: cannot open /dev/rotary-no-such-fb: No such file or directory, so SDL's choice"),
                "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: picture))
    }

    @Test("SDL_VIDEODRIVER=auto, as a service asks, with no display at all stops with the reason: no black panel restarting")
    func explicitAutoNeedsDisplay() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let run = try KioskProcess.runHeadless(["--config", try Self.config(framebuffer: "/dev/rotary-no-such-fb"), "--state-dir", dir.path],
                                               timeout: 30, environment: ["SDL_VIDEODRIVER": "auto"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("the auto video driver was asked for but SDL opened 'offscreen (auto: no KMSDRM display"), "\(run.stderr)")
        #expect(!run.stdout.contains("\"event\":\"ready\""))
    }

    @Test("--headless stays headless whatever $SDL_VIDEODRIVER names: it never takes a panel or a console")
    func headlessIgnoresDriver() throws {
        let kiosk = try HeadlessKiosk(config: try Self.config(framebuffer: "/dev/null"), environment: ["SDL_VIDEODRIVER": "fbdev"])
        let ready = kiosk.waitUntil(seconds: 20) { events in events.contains { $0["event"] as? String == "ready" } }
        let status = kiosk.stop()
        #expect(ready, "\(kiosk.log)")
        #expect(status == 0, "\(kiosk.log)")
        #expect(kiosk.log.contains("video driver: offscreen"), "\(kiosk.log)")
        #expect(!kiosk.log.contains("framebuffer"), "\(kiosk.log)")
    }

    @Test("[display] framebuffer must name a device")
    func configRule() throws {
        let run = try KioskProcess.runHeadless(["check-config", try Self.config(framebuffer: "fb0")], timeout: 20)
        #expect(run.status != 0)
        #expect(run.stdout.contains("display.framebuffer") || run.stderr.contains("display.framebuffer"), "\(run.stdout)\(run.stderr)")
    }
}
