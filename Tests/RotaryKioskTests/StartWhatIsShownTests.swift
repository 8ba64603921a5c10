import Foundation
import RotaryKit
import RotaryKiosk
import Testing

/// What you see is what runs: a start while the wheel, the dial or the strip still moves
/// starts what the motion lands on, and nothing moves after it. Through the real executable.
@Suite("A start lands what still moves")
struct StartLandsTests {
    static let layout = ScreenLayout(width: 1080, height: 1080)

    /// The run's `timer running` line, after checking that no `selected` line follows it.
    static func started(_ run: ReplayRun) throws -> [String: Any] {
        let lines = run.events.map { ($0["event"] as? String ?? "", $0) }
        let at = try #require(lines.firstIndex { $0.0 == "timer" && $0.1["state"] as? String == "running" }, "\(run.rawEvents)")
        let after = lines[(at + 1)...].filter { $0.0 == "selected" || $0.0 == "detent" }.map(\.1)
        #expect(after.isEmpty, "moved after the start: \(after)")
        return lines[at].1
    }

    @Test("Right and Return 80 ms later start the next program with its own minutes, as the wheel shows it")
    func keyThenReturn() throws {
        var trace = Trace()
        trace.key("Right")
        trace.wait(80)
        trace.key("Return")
        trace.wait(2000)
        trace.stamp()
        let run = try ReplayRun.run(trace.text)
        #expect(run.status == 0, "\(run.stderr)")
        let timer = try Self.started(run)
        #expect(timer["program"] as? String == "Steam bath")
        #expect((timer["seconds_total"] as? NSNumber)?.doubleValue == 1200)
        #expect((run.exitControl("wheel")?["selected"] as? NSNumber)?.intValue == 1)
        #expect(run.exitControl("wheel")?["items"] != nil)
    }

    @Test("live, in a real window: Right and Return 80 ms apart start the next program with its own minutes")
    func keyThenReturnLive() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let events = dir.appendingPathComponent("events.jsonl").path
        try XvfbDriver.run(arguments: ["--windowed", "--size", "600x600", "--state-dir", dir.path], events: events, drive: """
            xdotool windowfocus --sync "$wid" key --delay 80 Right Return
            \(XvfbDriver.waitFor("\"running\"", in: events))
            # No event says "nothing moved": long enough for a ring still moving after the start
            # to report where it lands (before the fix it did within 0.4 s).
            sleep 1.5
            kill -TERM $app
            wait $app
            """)
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let run = ReplayRun(status: 0, stderr: "", events: lines, rawEvents: "")
        let timer = try Self.started(run)
        #expect(timer["program"] as? String == "Steam bath")
        #expect((timer["seconds_total"] as? NSNumber)?.doubleValue == 1200)
    }

    @Test("a fling and a tap on Start 120 ms after the lift start what the wheel comes to rest on")
    func flingThenTap() throws {
        var trace = Trace()
        let centre = Self.layout.center
        let radius = (Self.layout.wheelInnerRadius + Self.layout.wheelOuterRadius) / 2
        trace.drag(center: centre, radius: radius, from: -90, to: -30, milliseconds: 90, rest: 0)
        trace.wait(120)
        trace.tap(centre)
        trace.wait(3000)
        trace.stamp()
        let run = try ReplayRun.run(trace.text)
        #expect(run.status == 0, "\(run.stderr)")
        let timer = try Self.started(run)
        let wheel = try #require(run.exitControl("wheel"))
        let shown = try #require((wheel["selected"] as? NSNumber)?.intValue)
        let labels = (wheel["items"] as? [[String: Any]])?.compactMap { $0["label"] as? String } ?? []
        #expect(shown != 0, "the fling moved the wheel on")
        #expect(timer["program"] as? String == labels[shown], "\(timer) while the wheel shows \(labels[shown])")
        let dial = try #require(run.exitControl("dial"))
        #expect(run.selections("wheel").last == shown)
        #expect(dial["selected"] != nil)
    }
}
