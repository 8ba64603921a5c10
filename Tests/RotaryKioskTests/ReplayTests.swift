import Foundation
import RotaryKit
import RotaryKiosk
import Testing

/// Replay traces through the real executable, headless on the offscreen driver.
@Suite("Replay through rotary-kiosk")
struct ReplayTests {
    static let centre = ScreenLayout(width: 1080, height: 1080).center
    /// Radii in the 1080×1080 layout: the middle of the wheel's band and of the dial's.
    static let layout = ScreenLayout(width: 1080, height: 1080)
    static let onWheel = (layout.wheelInnerRadius + layout.wheelOuterRadius) / 2
    static let onDial = (layout.dialInnerRadius + layout.dialOuterRadius) / 2

    @Test("dragging the wheel k segments selects the program k away", arguments: [1, 2, -3])
    func dragSegments(k: Int) throws {
        var trace = Trace()
        trace.drag(center: Self.centre, radius: Self.onWheel, from: -90, to: -90 + Double(k) * 45, milliseconds: 600)
        let run = try ReplayRun.run(trace.text)
        #expect(run.status == 0, "\(run.stderr)")
        let expected = ((k % 8) + 8) % 8
        #expect(run.selections("wheel") == [expected])
        #expect((run.exitControl("wheel")?["selected"] as? NSNumber)?.intValue == expected)
        #expect(try #require(run.exitOffCentre("wheel")) < 0.01)
        #expect(run.named("ready").count == 1 && run.named("exit").count == 1)
    }

    @Test("a drag across 9 o'clock turns two segments, not a whole turn")
    func acrossNineOClock() throws {
        var trace = Trace()
        trace.drag(center: Self.centre, radius: Self.onWheel, from: 150, to: 240, milliseconds: 700)
        let run = try ReplayRun.run(trace.text)
        #expect(run.selections("wheel") == [2])
        #expect(run.named("detent").filter { $0["id"] as? String == "wheel" }.count == 2)
    }

    @Test("a fling coasts on and rests exactly on a segment")
    func fling() throws {
        var trace = Trace()
        trace.drag(center: Self.centre, radius: Self.onWheel, from: -90, to: 0, milliseconds: 64, rest: 0)
        let run = try ReplayRun.run(trace.text)
        let detents = run.named("detent").filter { $0["id"] as? String == "wheel" }.count
        #expect(detents > 2)  // it travelled further than the 90° the finger moved
        #expect(try #require(run.exitOffCentre("wheel")) < 0.01)
        let ticks = run.named("feedback").filter { $0["kind"] as? String == "tick" }.count
        #expect(ticks > 0 && ticks < run.named("detent").count)  // a fling purrs: ticks are rate-limited
    }

    @Test("touches in the hub and outside the rim turn nothing (the hub holds the button)", arguments: [40.0, 530.0])
    func deadZones(radius: Double) throws {
        var trace = Trace()
        trace.drag(center: Self.centre, radius: radius, from: -90, to: 90, milliseconds: 500)
        let run = try ReplayRun.run(trace.text)
        #expect(run.named("detent").isEmpty)
        #expect(run.named("selected").isEmpty)
        #expect(run.named("pressed").count == (radius < 80 ? 1 : 0))
    }

    @Test("two fingers turn wheel and dial at once")
    func twoFingers() throws {
        var wheel = Trace(), dial = Trace()
        wheel.drag(center: Self.centre, radius: Self.onWheel, from: -90, to: 0, milliseconds: 800, finger: 1)
        dial.wait(100)
        dial.drag(center: Self.centre, radius: Self.onDial, from: 0, to: -60, milliseconds: 600, finger: 2)
        let run = try ReplayRun.run(Trace.merged([wheel, dial]))
        #expect(run.selections("wheel") == [2])
        // The dial started on program 0's 15 minutes (index 3) and was turned two back at the
        // same time; then the picked program (Infrared, 30 minutes) turned it to index 6.
        #expect(run.selections("dial") == [1, 6])
    }

    @Test("arrow keys, the mouse wheel and the encoder each turn one item; Tab moves focus to the dial")
    func keysWheelEncoder() throws {
        var trace = Trace()
        trace.key("Right")
        trace.wait(50)
        trace.key("Right")
        trace.wait(50)
        trace.wheel(dy: -1, at: Point(x: Self.centre.x, y: Self.centre.y - Self.onWheel))
        trace.wait(50)
        trace.encoder(2)
        trace.wait(600)
        trace.key("Tab")
        trace.key("Left")
        let run = try ReplayRun.run(trace.text)
        #expect(run.selections("wheel") == [5])
        #expect(run.named("detent").filter { $0["id"] as? String == "wheel" }.count == 5)
        // Program 5 turned the dial to its 55 minutes (11); Tab + Left then took it to 50.
        #expect(run.selections("dial").last == 10)
    }

    @Test("Enter presses the centre button, which starts the timer")
    func enter() throws {
        var trace = Trace()
        trace.key("Return")
        let run = try ReplayRun.run(trace.text)
        #expect(run.named("pressed").count == 1)
        #expect(run.named("timer").first?["state"] as? String == "running")
        #expect(run.named("feedback").contains { $0["kind"] as? String == "confirm" })
    }

    @Test("a malformed line is an error naming it, with a non-zero exit and no crash",
          arguments: ["{\"t\": 0, \"type\": \"down\", \"x\": 1}", "not json", "{\"t\": 5, \"type\": \"teleport\"}",
                      "{\"t\": -4, \"type\": \"wait\"}", "{\"t\": 1, \"type\": \"down\", \"x\": true, \"y\": 2}"])
    func malformed(line: String) throws {
        let trace = "{\"t\": 0, \"type\": \"wait\"}\n\n" + line + "\n"
        let run = try ReplayRun.run(trace)
        #expect(run.status == 1)
        #expect(run.stderr.contains("trace.jsonl:3:"), "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal error"))
    }

    @Test("the same trace gives the same events and the same pixels")
    func deterministic() throws {
        var trace = Trace()
        trace.drag(center: Self.centre, radius: Self.onWheel, from: -90, to: 10, milliseconds: 120, rest: 0)
        trace.key("Right")
        let dir = try KioskProcess.temporaryDirectory()
        let shots = [dir.appendingPathComponent("a.png").path, dir.appendingPathComponent("b.png").path]
        let runs = try shots.map { try ReplayRun.run(trace.text, size: "480x480", extra: ["--screenshot", $0]) }
        #expect(runs[0].rawEvents == runs[1].rawEvents)
        #expect(!runs[0].rawEvents.isEmpty)
        let a = try Data(contentsOf: URL(fileURLWithPath: shots[0])), b = try Data(contentsOf: URL(fileURLWithPath: shots[1]))
        #expect(a == b)
    }

    @Test("a 20-minute wait replays in moments")
    func longWait() throws {
        var trace = Trace()
        trace.wait(20 * 60 * 1000)
        trace.add(["type": "wait"])
        let started = Date()
        let run = try ReplayRun.run(trace.text)
        #expect(run.status == 0)
        #expect(Date().timeIntervalSince(started) < 20)
        #expect((run.named("exit").last?["t"] as? NSNumber)?.doubleValue ?? 0 >= 1_200_000)
    }
}
