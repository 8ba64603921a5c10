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
