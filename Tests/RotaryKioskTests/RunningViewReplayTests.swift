import Foundation
import RotaryKit
@testable import RotaryKiosk
import Testing

/// The running view's labelled actions through the real executable: "+N min" adds time up
/// to the on-time cap and then says why not, with its hook, its `timer` lines and the usage
/// log; Stop is held, a tap on it says so; a hurried double tap on Start is no pause.
@Suite("Running view: +N min, Stop and the double tap, replayed")
struct RunningViewReplayTests {
    static let layout = ScreenLayout(width: 800, height: 480)

    /// A config of one 10-minute program with a 20-minute cap, +5 min, and `extra`.
    static func config(in dir: URL, extra: String = "") throws -> String {
        try ConfigText.write(ConfigText.programs(["Sauna"], minutes: 10, extra: """
            [safety]
            max_on_minutes = 20
            [timer]
            extend_minutes = 5
            \(extra)
            """), as: "k.toml", in: dir)
    }

    /// The state area's texts in a `--draw-list-out` record.
    static func stateTexts(_ record: [String: Any]) -> [String] {
        DrawListOutTests.texts(record).filter { $0["control"] as? String == "state" }.compactMap { $0["text"] as? String }
    }

    @Test("+5 min twice adds ten minutes, each with its hook and timer line; the third is refused in words at the 20-minute cap")
    func extendToTheCap() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let hookLog = dir.appendingPathComponent("extended.log").path
        let config = try Self.config(in: dir, extra: """
            [hooks]
            on_timer_extended = ["/bin/sh", "-c", "echo \\"$ROTARY_SECONDS $ROTARY_SECONDS_LEFT\\" >> '\(hookLog)'"]
            """)
        let state = dir.appendingPathComponent("state").path
        var trace = Trace()
        trace.key("Return")
        for _ in 0..<3 {
            trace.wait(1000)
            trace.tap(Self.layout.extendCenter)
        }
        trace.wait(500)
        trace.add(["type": "end"])
        let (run, record) = try DrawListOutTests.record(trace, size: "800x480", extra: ["--config", config, "--state-dir", state])
        #expect(run.status == 0, "\(run.stderr)")
        let timers = run.named("timer")
        #expect(timers.map { ($0["seconds_total"] as? NSNumber)?.doubleValue } == [600, 900, 1200], "\(timers)")
        #expect(timers.allSatisfy { $0["state"] as? String == "running" })
        #expect(run.named("pressed").filter { $0["id"] as? String == "extend" }.count == 3)
        #expect(run.named("feedback").last?["kind"] as? String == "reject")
        #expect(Self.stateTexts(record).last == "limit reached: 20 min", "\(Self.stateTexts(record))")
        #expect(run.exitTime == "19:57", "\(String(describing: run.exitTime))")
        #expect(Polling.until(seconds: 10) {
            (try? String(contentsOfFile: hookLog, encoding: .utf8))?.split(separator: "\n").count == 2
        }, "two on_timer_extended hooks")
        let lines = try String(contentsOfFile: hookLog, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
        #expect(lines.map { $0.first } == ["900", "1200"])
        let usage = try KioskProcess.runHeadless(["usage", "--state-dir", state, "--csv"])
        #expect(usage.status == 0, "\(usage.stderr)")
        let db = try SQLiteDatabase(path: state + "/usage.db", create: false)
        let added = try db.query("SELECT minutes_set, minutes_added FROM sessions").first
        #expect(added?.map { $0.double } == [10, 10], "\(String(describing: added))")
    }

    @Test("a tap on Stop says to hold it and stops nothing; held 1.5 s it cancels")
    func stopIsHeld() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try Self.config(in: dir)
        var trace = Trace()
        trace.key("Return")
        trace.wait(1000)
        trace.tap(Self.layout.stopCenter)
        trace.wait(500)
        trace.add(["type": "end"])
        let (tapped, record) = try DrawListOutTests.record(trace, size: "800x480", extra: ["--config", config])
        #expect(tapped.named("timer").map { $0["state"] as? String } == ["running"])
        #expect(Self.stateTexts(record).last == "hold to cancel", "\(Self.stateTexts(record))")
        var held = Trace()
        held.key("Return")
        held.wait(1000)
        held.tap(Self.layout.stopCenter, hold: 1600)
        held.wait(500)
        held.stamp()
        let run = try ReplayRun.run(held.text, size: "800x480", extra: ["--config", config])
        #expect(run.named("timer").map { $0["state"] as? String } == ["running", "cancelled"], "\(run.rawEvents)")
        #expect(run.exitControl("stop")?["hidden"] as? Bool == true, "Stop goes with the countdown")
    }

    @Test("a hurried double tap on Start starts and does not pause; a tap a second later pauses")
    func doubleTap() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try Self.config(in: dir)
        var trace = Trace()
        trace.tap(Self.layout.center, hold: 80)
        trace.wait(150)
        trace.tap(Self.layout.center, hold: 80)
        trace.wait(1000)
        trace.tap(Self.layout.center, hold: 80)
        trace.wait(300)
        trace.stamp()
        let run = try ReplayRun.run(trace.text, size: "800x480", extra: ["--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.named("pressed").filter { $0["id"] as? String == "button" }.count == 3)
        #expect(run.named("timer").map { $0["state"] as? String } == ["running", "paused"])
        #expect(run.exitControl("button")?["label"] as? String == "Resume")
    }
}

/// What the screen says in words, through the real executable: when a countdown ends, when
/// it finished, that a pause is about to be cancelled, and why a start on 0 minutes is
/// refused. The replays start at 14:20 UTC.
@Suite("Running view: until, Finished at, the pause's last minute and a start on 0, replayed")
struct ScreenWordsReplayTests {
    /// The texts of the last frame of `trace` at 800×480 with the config's `extra`, from
    /// 14:20:00 UTC; and the run.
    static func frame(_ trace: Trace, extra: String = "") throws -> (run: ReplayRun, texts: [String]) {
        let (run, drawn) = try drawnTexts(trace, extra: extra)
        return (run, drawn.compactMap { $0["text"] as? String })
    }

    /// The texts of the last frame as `--draw-list-out` records them.
    static func drawnTexts(_ trace: Trace, extra: String = "") throws -> (run: ReplayRun, texts: [[String: Any]]) {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(ConfigText.programs(["Sauna"], minutes: 15, extra: extra), as: "k.toml", in: dir)
        let path = dir.appendingPathComponent("frame.json").path
        let run = try ReplayRun.run(trace.text, size: "800x480", extra: ["--config", config, "--replay-start", "2026-11-24T14:20:00",
                                                                         "--draw-list-out", path],
                                    environment: ["TZ": "UTC"])
        #expect(run.status == 0, "\(run.stderr)")
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
        return (run, DrawListOutTests.texts(record))
    }

    @Test("running: until 2:35 PM in English, until 14:35 with [locale] clock = \"24h\", and in German by its own clock")
    func until() throws {
        var trace = Trace()
        trace.key("Return")
        trace.wait(2000)
        trace.stamp()
        #expect(try Self.frame(trace).texts.contains("until 2:35 PM"))
        #expect(try Self.frame(trace, extra: "[locale]\nclock = \"24h\"\n").texts.contains("until 14:35"))
        #expect(try Self.frame(trace, extra: "[locale]\nlanguage = \"de\"\n").texts.contains("bis 14:35"))
    }

    @Test("Done: Finished at 2:35 PM and what a tap does; it stays past a minute, its alarm sounding again every 30 s")
    func done() throws {
        var trace = Trace()
        trace.key("Return")
        trace.wait(15 * 60_000 + 95_000)
        trace.add(["type": "end"])
        let (run, texts) = try Self.frame(trace)
        #expect(texts.contains("Finished at 2:35 PM") && texts.contains("Tap for the next start"), "\(texts)")
        #expect(run.named("timer").last?["state"] as? String == "finished", "still Done 95 s after the end")
        let alarms = run.named("feedback").filter { $0["kind"] as? String == "alarm" }.compactMap { ($0["t"] as? NSNumber)?.doubleValue }
        #expect(alarms.map { (($0 - 900_000) / 1000).rounded() } == [0, 30, 60, 90], "\(alarms)")
    }

    @Test("a pause's last minute is counted down in words with one warning; the paused digits pulse, one pulse in 2 s")
    func pauseLastMinute() throws {
        var trace = Trace()
        trace.key("Return")
        trace.wait(1000)
        trace.key("Return")   // paused at 1 s; cancelled at 301 s
        trace.wait(251_000)
        var now = trace
        now.add(["type": "end"])
        let (run, texts) = try Self.drawnTexts(now)
        #expect(texts.contains { $0["text"] as? String == "cancels in 00:49" }, "\(texts)")
        let warnings = run.named("feedback").filter { $0["kind"] as? String == "warning" }.compactMap { ($0["t"] as? NSNumber)?.doubleValue }
        #expect(warnings == [241_000], "\(warnings)")
        // Paused 251 s: an odd second, the pulse at its faintest (0.6 of the digits' white).
        let digits = try #require(texts.first { $0["text"] as? String == "14:59" && $0["control"] as? String == "state" })
        #expect(digits["alpha"] as? Int == 153, "\(digits)")
        var brighter = trace
        brighter.wait(1000)
        brighter.add(["type": "end"])
        #expect(try Self.drawnTexts(brighter).texts.first { $0["text"] as? String == "14:59" }?["alpha"] == nil, "at its brightest a second on")
        var later = trace
        later.wait(60_000)
        later.stamp()
        #expect(try Self.frame(later).run.named("timer").last?["state"] as? String == "cancelled")
    }

    @Test("a start with the dial on 0 is answered in words where the time is written, and the words go after a moment")
    func startOnZero() throws {
        var trace = Trace()
        trace.key("Tab")   // the dial
        trace.key("Home")  // 0 minutes
        trace.wait(600)
        trace.key("Return")
        trace.wait(500)
        var now = trace
        now.add(["type": "end"])
        let (run, texts) = try Self.frame(now)
        #expect(run.named("timer").isEmpty && run.named("feedback").last?["kind"] as? String == "reject")
        #expect(texts.joined(separator: " ").contains("Turn the dial to set the time"), "\(texts)")
        var later = trace
        later.wait(5000)
        later.stamp()
        #expect(try !Self.frame(later).texts.joined(separator: " ").contains("Turn the dial"))
    }
}
