import Foundation
import RotarySDL
import Testing

@Suite("rotary-kiosk without a display")
struct HeadlessRunTests {
    @Test("with no display it renders offscreen, writes the PNG and says where")
    func writesPicture() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let path = dir.appendingPathComponent("shot.png").path
        let run = try KioskProcess.runHeadless(["--size", "320x240", "--screenshot", path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("Picture: \(path)"))
        let picture = try Surface(contentsOf: path)
        #expect(picture.width == 320 && picture.height == 240)
        // Something is drawn in the middle (the wheel), not only the background of the corner.
        #expect(picture.pixel(x: 160, y: 70) != picture.pixel(x: 2, y: 2))
    }

    @Test("a newcomer without a display (no $DISPLAY, no $XDG_RUNTIME_DIR) sees no error, only where the picture is; real errors still show")
    func noNoiseWithoutDisplay() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let bare = ["-u", "XDG_RUNTIME_DIR", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "SDL_VIDEODRIVER", KioskProcess.executable.path]
        let run = try KioskProcess.runHeadless(bare, environment: ["TMPDIR": dir.path], program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(!lines.contains { $0.lowercased().contains("error") }, "\(run.stderr)")
        #expect(lines.last == "No display: rendered headless with the software renderer. Picture: \(dir.path)/rotary-kiosk.png")
        let broken = try KioskProcess.runHeadless(bare + ["--config", dir.appendingPathComponent("missing.toml").path],
                                                  environment: ["TMPDIR": dir.path], program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(broken.stderr.contains(" error rotary-kiosk: ") && broken.stderr.contains("missing.toml"), "\(broken.stderr)")
    }

    @Test("--log-level debug logs how long each step of the start took, adding up to the total; the default level does not, and a wrong level is refused")
    func startupTimeline() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let shot = dir.appendingPathComponent("s.png").path
        let run = try KioskProcess.runHeadless(["--size", "320x240", "--screenshot", shot, "--log-level", "debug"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stderr.split(separator: "\n").first { $0.contains("start-up: ") }, "\(run.stderr)")
        #expect(line.contains(" debug rotary-kiosk: "))
        let steps = ["arguments", "config", "display", "theme art", "fonts", "layout and outputs", "first frame"]
        for step in steps + ["2 rings: pictures", "polar art", "pixel maps"] { #expect(line.contains(step), "\(step) missing: \(line)") }
        // "start-up: T ms from main to the first frame: a 1.0, b 2.0, ... (of which …)": the steps add up to T.
        let total = try #require(Double(line.split(separator: "start-up: ")[1].split(separator: " ")[0]))
        let sum = steps.compactMap { step in
            line.split(separator: "\(step) ").dropFirst().first.flatMap { Double($0.prefix { $0.isNumber || $0 == "." }) }
        }
        #expect(sum.count == steps.count, "\(line)")
        #expect(abs(sum.reduce(0, +) - total) < 0.1 * Double(steps.count), "\(line)")
        let quiet = try KioskProcess.runHeadless(["--size", "320x240", "--screenshot", shot])
        #expect(quiet.status == 0 && !quiet.stderr.contains("start-up: "), "\(quiet.stderr)")
        let wrong = try KioskProcess.runHeadless(["--size", "320x240", "--screenshot", shot, "--log-level", "loud"])
        #expect(wrong.status != 0 && wrong.stderr.contains("--log-level") && wrong.stderr.contains("debug"), "\(wrong.stderr)")
    }

    @Test("a kiosk without [mqtt] never maps libmosquitto (nor the TLS libraries it brings); an MQTT client opens it when it is made")
    func mosquittoOnlyWhenNeeded() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let trace = ["LD_DEBUG": "files"]  // the loader names every library it maps, and who asked
        let kiosk = try KioskProcess.runHeadless(["--size", "64x64", "--screenshot", dir.appendingPathComponent("s.png").path],
                                                 environment: trace)
        #expect(kiosk.status == 0)
        #expect(kiosk.stderr.contains("file=libSDL2"), "the loader's trace is there: \(kiosk.stderr.prefix(300))")
        for library in ["libmosquitto", "libssl", "libcrypto.so"] { #expect(!kiosk.stderr.contains("file=\(library)"), "\(library) mapped") }
        let fleet = try KioskProcess.runHeadless(["fleet", "--broker", "mqtt://127.0.0.1:1", "--json", "--wait", "0.2"], environment: trace)
        #expect(fleet.stderr.contains("file=libmosquitto.so.1"), "\(fleet.stderr.suffix(600))")
    }

    @Test("--help shows the kiosk's own options (the default command's), not only the subcommands")
    func topLevelHelp() throws {
        let run = try KioskProcess.runHeadless(["--help"])
        #expect(run.status == 0)
        for option in ["--config", "--windowed", "--size", "--replay", "--events-out", "--screenshot", "check-config", "bench"] {
            #expect(run.stdout.contains(option), "\(option) missing from:\n\(run.stdout)")
        }
    }

    @Test("--events-out writes into a FIFO in place instead of replacing it with a file")
    func eventsIntoFIFO() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let fifo = dir.appendingPathComponent("events.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = dir.appendingPathComponent("received").path
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"\(fifo)\" > \"\(received)\""]
        try reader.run()
        let run = try KioskProcess.runHeadless(["--size", "64x64", "--events-out", fifo, "--screenshot", dir.appendingPathComponent("s.png").path])
        reader.waitUntilExit()
        #expect(run.status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: fifo)
        #expect(attributes[.type] as? FileAttributeType != .typeRegular)  // still the FIFO
        #expect(try String(contentsOfFile: received, encoding: .utf8).contains("\"event\":\"ready\""))
    }

    @Test("a bad size is a clear usage error, not a crash")
    func badSize() throws {
        let run = try KioskProcess.runHeadless(["--size", "huge"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--size"))
    }

    @Test("bench --live with no display says it needs one and leaves no headless picture behind")
    func liveBenchNeedsDisplay() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let run = try KioskProcess.runHeadless(["bench", "--live", "--seconds", "1"], environment: ["TMPDIR": dir.path])
        #expect(run.status != 0)
        #expect(run.stderr.contains("x11, wayland, kmsdrm or fbdev"), "\(run.stderr)")
        #expect(!run.stderr.contains("rendered headless"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("rotary-kiosk.png").path))
    }
}
