import Foundation
import RotaryKit
import RotarySDL
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

@Suite("Opening hours through the executable: the panel off after closing, woken by a touch, on for a countdown")
struct OpeningHoursReplayTests {
    /// One five-minute program; open 07:00–22:00, a touch keeps the panel on for 30 s.
    static func config(in dir: URL, backlight: String = "none") throws -> String {
        try ConfigText.write(ConfigText.programs(["Sauna"], minutes: 5, extra: """
            [dial]
            values = [1, 5, 10]
            [display]
            on_hours = "07:00-22:00"
            wake_seconds = 30
            backlight = "\(backlight)"
            [timer]
            done_seconds = 60
            """ + "\n"), as: "kiosk.toml", in: dir)
    }

    /// The replay of `trace` from 21:59 (UTC), with a picture of its last frame.
    static func run(_ trace: Trace, start: String = "2026-11-24T21:59:00", in dir: URL, backlight: String = "none",
                    extra: [String] = [], environment: [String: String] = [:]) throws -> (ReplayRun, Surface) {
        let shot = dir.appendingPathComponent("last.png").path
        let config = try config(in: dir, backlight: backlight)
        let run = try ReplayRun.run(trace.text, size: "800x480",
                                    extra: ["--config", config, "--replay-start", start, "--screenshot", shot] + extra,
                                    environment: ["TZ": "UTC"].merging(environment) { $1 })
        #expect(run.status == 0, "\(run.stderr)")
        return (run, try RotarySDLSurface.load(shot))
    }

    /// The `display` lines as (ms, state).
    static func display(_ run: ReplayRun) -> [String] {
        run.named("display").map { "\((($0["t"] as? NSNumber)?.doubleValue ?? -1) / 1000) s \($0["state"] as? String ?? "?")" }
    }

    static func lit(_ picture: Surface) -> Int {
        var count = 0
        for y in stride(from: 0, to: picture.height, by: 4) {
            for x in stride(from: 0, to: picture.width, by: 4) where picture.pixel(x: x, y: y).r > 24 { count += 1 }
        }
        return count
    }

    @Test("at 22:00 the panel goes off; a touch wakes it for 30 s; at 07:00 it comes on by itself")
    func closeWakeOpen() throws {
        let dir = try KioskProcess.temporaryDirectory()
        var t = Trace()
        t.wait(90_000)                                   // 22:00:30
        t.point("down", Point(x: 700, y: 400))
        t.wait(80)
        t.point("up", Point(x: 700, y: 400))
        t.wait(9 * 3600 * 1000)                          // past 07:00 the next morning
        t.stamp()
        let (run, last) = try Self.run(t, in: dir)
        // Off at 22:00, on at the touch (on the frame 35 ms after it went down, as a finger lying
        // still counts: see TouchFilter), off 30 s after it lifted (90.08 s), on at 07:00 (on
        // the replay's 60 Hz frames).
        #expect(Self.display(run) == ["60.0 s off", "90.05 s on", "120.083333 s off", "32460.0 s on"])
        #expect(Self.lit(last) > 1000, "the kiosk screen is back after opening time")
        #expect(run.named("selected").isEmpty && run.named("timer").isEmpty, "the waking touch did nothing else")
    }

    @Test("off, the last frame is black")
    func blackWhenOff() throws {
        let dir = try KioskProcess.temporaryDirectory()
        var t = Trace()
        t.wait(70_000)
        t.stamp()
        let (run, last) = try Self.run(t, in: dir)
        #expect(Self.display(run) == ["60.0 s off"])
        #expect(Self.lit(last) == 0)
    }

    @Test("a countdown started before closing keeps the panel on until it ends and Done has gone")
    func countdownKeepsItOn() throws {
        let dir = try KioskProcess.temporaryDirectory()
        var t = Trace()
        t.wait(1000)
        let center = ScreenLayout(width: 800, height: 480).center
        t.point("down", center)
        t.wait(80)
        t.point("up", center)                            // Start at 21:59:01: five minutes, until 22:04:01
        t.wait(500_000)
        t.stamp()
        let (run, _) = try Self.run(t, in: dir)
        #expect(run.named("timer").compactMap { $0["state"] as? String } == ["running", "finished", "idle"])
        // "Done" shows 60 s after the end (22:04:01), the dial turns back to the time set, and
        // then the panel goes off at once: the last touch is long past.
        let off = try #require(run.named("display").first)
        #expect(Self.display(run).count == 1 && off["state"] as? String == "off")
        let idleAt = (run.named("timer").last?["t"] as? NSNumber)?.doubleValue ?? 0
        #expect(abs(idleAt - 361_080) < 1000.0 / 60 + 4, "on the frame of 22:05:01, the end of Done's minute: \(idleAt)")
        #expect(((off["t"] as? NSNumber)?.doubleValue ?? 0) - idleAt < 1000, "off as soon as the dial rests")
    }

    @Test("with a backlight, off writes 4 to bl_power and on writes 0 back before the brightness")
    func backlightPower() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let root = try ServiceLevelsTests.backlight(brightness: 40, in: dir)
        let backlight = try #require(try Backlight.find("panel_bl", in: root) { Issue.record("\($0)") })
        backlight.off()
        backlight.flush()
        #expect(ServiceLevelsTests.read(root, "bl_power") == "4")
        #expect(ServiceLevelsTests.read(root, "brightness") == "40", "off leaves the level alone")
        backlight.set(0.5)
        backlight.flush()
        #expect(ServiceLevelsTests.read(root, "bl_power") == "0")
        #expect(ServiceLevelsTests.read(root, "brightness") == "128")
    }

    @Test("a backlight without bl_power is turned off by brightness 0")
    func backlightWithoutPower() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let root = try ServiceLevelsTests.backlight(brightness: 40, in: dir)
        try FileManager.default.removeItem(atPath: root + "/panel_bl/bl_power")
        let backlight = try #require(try Backlight.find("panel_bl", in: root) { Issue.record("\($0)") })
        backlight.off()
        backlight.flush()
        #expect(ServiceLevelsTests.read(root, "brightness") == "0")
        #expect(!FileManager.default.fileExists(atPath: root + "/panel_bl/bl_power"), "no file is made the driver lacks")
        backlight.set(1)
        backlight.flush()
        #expect(ServiceLevelsTests.read(root, "brightness") == "255")
    }

    @Test("--replay-start needs --replay and a real local date and time")
    func replayStartArguments() throws {
        let alone = try KioskProcess.runHeadless(["--replay-start", "2026-11-24T21:59"])
        #expect(alone.status != 0 && alone.stderr.contains("--replay-start needs --replay"))
        let dir = try KioskProcess.temporaryDirectory()
        let trace = try ConfigText.write("", as: "empty.jsonl", in: dir)
        for bad in ["2026-02-30T10:00", "21:59", "2026-11-24 21:59", "2026-1-5T7:5", "2026-+1-24T21:55", "2026-11-24T24:00"] {
            let outcome = try KioskProcess.runHeadless(["--replay", trace, "--replay-start", bad])
            #expect(outcome.status != 0 && outcome.stderr.contains("YYYY-MM-DDTHH:MM"), "\(bad): \(outcome.stderr)")
        }
        let skipped = try KioskProcess.runHeadless(["--replay", trace, "--replay-start", "2026-03-29T02:30"],
                                                   environment: ["TZ": "Europe/Berlin"])
        #expect(skipped.status != 0, "02:30 does not happen in Berlin that night")
    }

    @Test("a saved brightness of 0 is the knob's lowest, never an unlit panel")
    func savedZeroBrightness() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let root = try ServiceLevelsTests.backlight(brightness: 40, in: dir)
        try "4\n".write(toFile: root + "/panel_bl/bl_power", atomically: true, encoding: .utf8)  // off, as a crash left it
        let state = dir.appendingPathComponent("state").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try #"{"brightness":0,"volume":0.5}"#.write(toFile: state + "/operator.json", atomically: true, encoding: .utf8)
        var t = Trace()
        t.wait(1000)
        t.stamp()
        _ = try Self.run(t, start: "2026-11-24T12:00:00", in: dir, backlight: "panel_bl", extra: ["--state-dir", state],
                         environment: ["ROTARY_BACKLIGHT_DIR": root])
        #expect(ServiceLevelsTests.read(root, "bl_power") == "0")
        #expect(ServiceLevelsTests.read(root, "brightness") == "13", "5 % of 255")
    }
}
