import Foundation
import RotaryKit
import RotaryKiosk
import RotarySDL
import Testing

/// A real X11 window under Xvfb, driven by xdotool's mouse the way a person's pointer
/// reaches an X11 app; the app's events say what happened.
@Suite("A real window under Xvfb")
struct XvfbWindowTests {
    @Test("a mouse drag of one segment selects the next program; a resize keeps it; Escape quits")
    func mouseDrag() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let events = dir.appendingPathComponent("events.jsonl").path
        // 600×600 window: the drag runs along the middle of the wheel's band.
        let (centre, radius) = XvfbDriver.wheelIn600
        try XvfbDriver.run(arguments: ["--windowed", "--size", "600x600"], events: events, drive: """
            \(XvfbDriver.mouseDown(around: centre, radius: radius, from: -90, to: -45, steps: 24, pause: 0.02))
            sleep 0.2
            xdotool mouseup 1
            \(XvfbDriver.waitFor("\"selected\",\"id\":\"wheel\"", in: events))
            xdotool windowsize --sync "$wid" 800 480
            \(XvfbDriver.waitFor("\"layout\"", in: events))
            xdotool windowfocus --sync "$wid" key Escape
            wait $app
            """)
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let selected = lines.filter { $0["event"] as? String == "selected" && $0["id"] as? String == "wheel" }
        #expect(selected.compactMap { ($0["index"] as? NSNumber)?.intValue } == [1])
        let layout = try #require(lines.first { $0["event"] as? String == "layout" })
        #expect((layout["width"] as? NSNumber)?.intValue == 800 && (layout["height"] as? NSNumber)?.intValue == 480)
        let wheel = (layout["controls"] as? [[String: Any]])?.first { $0["id"] as? String == "wheel" }
        #expect((wheel?["selected"] as? NSNumber)?.intValue == 1)
        #expect((wheel?["cy"] as? NSNumber)?.doubleValue == 240)
        #expect(lines.last?["event"] as? String == "exit")
    }
}

/// What the kiosk costs on a real display: frames only when something moves, never faster
/// than the display, only what changed; the renderer it picks and why.
@Suite("The real display path under Xvfb")
struct XvfbDisplayPathTests {
    /// Runs the kiosk in a 600×600 window with `arguments` while `drive` runs, then stops it
    /// with SIGTERM; returns its log.
    static func run(_ arguments: [String], drive: String) throws -> String {
        let dir = try KioskProcess.temporaryDirectory()
        let log = dir.appendingPathComponent("kiosk.log").path
        try XvfbDriver.run(arguments: ["--windowed", "--size", "600x600", "--state-dir", dir.path] + arguments,
                           events: dir.appendingPathComponent("events.jsonl").path, drive: """
            \(drive)
            kill -TERM $app
            wait $app
            """, log: log)
        return try String(contentsOfFile: log, encoding: .utf8)
    }

    /// The numbers of the "frames presented: N, M of them only where something changed" line.
    static func frames(in log: String) throws -> (all: Int, partial: Int) {
        let line = try #require(log.split(separator: "\n").first { $0.contains("frames presented: ") })
        let numbers = line.split(separator: "frames presented: ")[1].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return (numbers[0], numbers[1])
    }

    @Test("with nothing moving for four seconds nothing is presented after the first picture")
    func idlePresentsNothing() throws {
        let log = try Self.run([], drive: "sleep 4")
        // The first frame, and the whole frame again when X shows the window.
        #expect(try Self.frames(in: log).all <= 2, "\(log)")
    }

    @Test("a wheel spun for two seconds on the software renderer is drawn at the display's pace, only where it changed")
    func spinAtTheDisplaysPace() throws {
        // Wheel of a 600×600 window: around (300, 300) from 48 to 228 px; drag on radius 140.
        let centre = ScreenLayout(width: 600, height: 600).center
        // The pointer rests in the window before the press, as a hand would.
        var moves = ["xdotool mousemove --window \"$wid\" \(Int(centre.x) + 140) \(Int(centre.y)) sleep 0.1 mousedown 1 sleep 0.05"]
        for step in 1...200 {
            let p = Degrees.point(at: Double(step) * 3.6, radius: 140, around: centre)
            moves.append("mousemove --window \"$wid\" \(Int(p.x.rounded())) \(Int(p.y.rounded())) sleep 0.01")
        }
        // How long the drag and the settle after it really took: xdotool is slower on a busy machine.
        let timing = try KioskProcess.temporaryDirectory().appendingPathComponent("drive-ms").path
        let log = try Self.run(["--renderer", "software"], drive: "started=$(date +%s%N); " + moves.joined(separator: " ")
                               + " mouseup 1; sleep 0.5; echo $(( ($(date +%s%N) - started) / 1000000 )) > \"\(timing)\"")
        let seconds = try #require(Double(try String(contentsOfFile: timing, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))) / 1000
        let (all, partial) = try Self.frames(in: log)
        // About 2.5 s of dragging and settling at 60 Hz are about 150 frames, a few more when
        // xdotool runs slow; unpaced, the software renderer drew several hundred.
        #expect(all > 30 && all <= Int(60 * seconds) + 10, "\(all) frames in \(seconds) s: \(log)")
        #expect(partial >= all - 3, "\(log)")
    }

    @Test("SDL's and ALSA's own messages come through the log lane, each line in the log's format, never raw on stderr")
    func libraryMessagesInTheLog() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let log = dir.appendingPathComponent("kiosk.log").path
        // ALSA's driver forced: on a machine without a sound card (CI), libasound explains why
        // at length ("ALSA lib confmisc.c:855:(parse_card) cannot find card '0'").
        try XvfbDriver.run(arguments: ["--windowed", "--size", "400x300", "--log-level", "debug", "--state-dir", dir.path],
                           events: dir.appendingPathComponent("events.jsonl").path, drive: "kill -TERM $app; wait $app",
                           log: log, environment: ["SDL_AUDIODRIVER": "alsa"])
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let logLine = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} (trace|debug|info|notice|warning|error|critical) rotary-kiosk:/
        #expect(lines.filter { $0.firstMatch(of: logLine) == nil }.isEmpty, "\(lines)")
        #expect(lines.contains { $0.contains("SDL: Created renderer") }, "\(lines)")
    }

    @Test("auto picks the software renderer without a GPU and says why; an accelerated one names its OpenGL")
    func rendererChoice() throws {
        let auto = try Self.run([], drive: "sleep 0.2")
        let hasGPU = !((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).isEmpty
        // Xvfb draws OpenGL with Mesa's llvmpipe whatever the machine has: with a GPU device,
        // auto tries OpenGL, finds the CPU rasteriser and keeps the software renderer.
        let why = hasGPU ? "OpenGL here is llvmpipe" : "no GPU device in /dev/dri"
        #expect(auto.contains("renderer: software (auto: \(why)"), "\(auto)")
        let forced = try Self.run(["--renderer", "accelerated"], drive: "sleep 0.2")
        // Xvfb's OpenGL is Mesa's llvmpipe: the name auto would have refused.
        #expect(forced.contains("renderer: opengl (asked for (--renderer accelerated), OpenGL: llvmpipe"), "\(forced)")
    }
}

@Suite("bench --live in a real window")
struct LiveBenchTests {
    @Test("a fullscreen kiosk under Xvfb, its wheel spun for two seconds: frames at the display's pace, the renderer auto chose, CPU and memory")
    func liveBench() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xvfb-run", "-a", "-s", "-screen 0 800x480x24", KioskProcess.executable.path,
                             "bench", "--live", "--seconds", "2", "--json"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let line = try #require(String(decoding: data, as: UTF8.self).split(separator: "\n").last)
        let result = try JSONDecoder().decode(LiveBenchResult.self, from: Data(line.utf8))
        #expect(result.size == "800x480" && result.videoDriver == "x11")
        #expect(result.rendererReason.hasPrefix("auto: "))
        // A finger lifted by a layout that did not change would leave one frame in two seconds.
        #expect(result.frames > 30 && result.framesPerSecond <= 62, "\(result)")
        #expect(result.partialFrames >= result.frames - 2, "\(result)")
        // In their units: a process uses at most every core, and a Swift program with SDL
        // holds megabytes, not bytes or gigabytes.
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        #expect(result.cpuPercent > 0 && result.cpuPercent <= 100 * cores, "\(result)")
        #expect(result.peakRSSMB > 5 && result.peakRSSMB < 1000, "\(result)")
    }
}

@Suite("What the X screen shows")
struct XScreenTests {
    @Test("fullscreen, after SDL's second size report, the X screen shows the whole start screen, as a headless run draws it")
    func screenMatchesFrame() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let headless = dir.appendingPathComponent("headless.png").path, screen = dir.appendingPathComponent("screen.png").path
        let run = try KioskProcess.runHeadless(["--size", "800x480", "--screenshot", headless, "--state-dir", dir.path])
        #expect(run.status == 0)
        try XvfbDriver.run(arguments: ["--state-dir", dir.path], events: dir.appendingPathComponent("events.jsonl").path,
                           drive: """
            sleep 1.5
            import -window root "\(screen)"
            kill -TERM $app
            wait $app
            """, screen: "800x480")
        let shown = try RotarySDLSurface.load(screen), drawn = try RotarySDLSurface.load(headless)
        #expect(shown.width == drawn.width && shown.height == drawn.height)
        var differing = 0
        for y in stride(from: 0, to: drawn.height, by: 2) {
            for x in stride(from: 0, to: drawn.width, by: 2) {
                let (a, b) = (shown.pixel(x: x, y: y), drawn.pixel(x: x, y: y))
                let channels: [(UInt8, UInt8)] = [(a.r, b.r), (a.g, b.g), (a.b, b.b)]
                if channels.contains(where: { abs(Int($0.0) - Int($0.1)) > 3 }) { differing += 1 }
            }
        }
        #expect(differing == 0, "\(differing) of \(drawn.width * drawn.height / 4) pixels on the X screen differ from the headless picture")
    }
}
