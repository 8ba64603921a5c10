import Foundation
import RotaryKit
import RotaryKiosk
import Testing

/// What you see is what runs. A start while a key or the encoder still steps the wheel, the
/// dial or the strip starts the item it was sent to, and nothing moves after it; a tap on
/// Start while a flung control still coasts stops it on the item under the marker and starts
/// nothing. Through the real executable.
@Suite("A start begins what the screen shows")
struct StartWhatIsShownTests {
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

    @Test("a finger holding the wheel on another program: the frame shows that program's name, its own minutes and its set point before it lets go",
          arguments: ["800x480", "480x800"])
    func heldWheelShowsItsProgram(size: String) throws {
        let dir = try KioskProcess.temporaryDirectory()
        let setPoint = "[program.setting]\nname = \"Temperature\"\nunit = \"°C\"\nmin = 60\nmax = 100\nstep = 5\ndefault = 80\n"
        let config = try ConfigText.write("""
            [[program]]\nname = "Steam"\nicon = "steam"\nminutes = 10
            [[program]]\nname = "Dry"\nicon = "wind"\nminutes = 25
            [[program]]\nname = "Sauna"\nicon = "flame"\nminutes = 40\n\(setPoint)
            """, as: "kiosk.toml", in: dir)
        let parts = size.split(separator: "x").compactMap { Double($0) }
        let layout = ScreenLayout(width: parts[0], height: parts[1])
        var trace = Trace()
        trace.wait(200)
        // One segment back, the finger kept on the wheel: the last program, Sauna, under the marker.
        trace.drag(center: layout.center, radius: (layout.wheelInnerRadius + layout.wheelOuterRadius) / 2, from: -90, to: -90 - 130,
                   milliseconds: 300, rest: 0, lift: false)
        trace.wait(700)
        trace.add(["type": "end"])
        let (run, record) = try DrawListOutTests.record(trace, size: size, extra: ["--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.named("detent").contains { $0["id"] as? String == "wheel" && ($0["index"] as? NSNumber)?.intValue == 2 }, "\(run.rawEvents)")
        #expect(!run.named("selected").contains { $0["id"] as? String == "wheel" }, "the wheel came to rest: the finger was lifted")
        let texts = DrawListOutTests.texts(record)
        let state = texts.filter { $0["control"] as? String == "state" }.compactMap { $0["text"] as? String }
        #expect(state == ["Sauna", "40 min"], "\(texts)")
        let setting = texts.filter { $0["control"] as? String == "setting" }.compactMap { $0["text"] as? String }
        #expect(setting.contains { $0.contains("80") }, "\(texts)")
    }

    /// The events of a fling of the wheel, a tap on Start `delay` ms after the lift, and a
    /// second tap 1.5 s later; split at the taps' `pressed` lines.
    static func flingTapTap(delay: Double, run: (String) throws -> [[String: Any]]) throws
        -> (beforeTap: [[String: Any]], betweenTaps: [[String: Any]], afterTaps: [[String: Any]]) {
        var trace = Trace()
        let centre = layout.center
        let radius = (layout.wheelInnerRadius + layout.wheelOuterRadius) / 2
        trace.drag(center: centre, radius: radius, from: -90, to: -30, milliseconds: 90, rest: 0)
        trace.wait(delay)
        trace.tap(centre)
        trace.wait(1500)
        trace.tap(centre)
        trace.wait(1000)
        trace.stamp()
        let events = try run(trace.text)
        let presses = events.indices.filter { events[$0]["event"] as? String == "pressed" && events[$0]["id"] as? String == "button" }
        try #require(presses.count == 2, "\(events)")
        return (Array(events[..<presses[0]]), Array(events[(presses[0] + 1)..<presses[1]]), Array(events[(presses[1] + 1)...]))
    }

    /// What a flung wheel then two taps did: nothing moved or started at the first tap but the
    /// wheel's stop on what was under the marker; the second started exactly that program.
    static func expectStoppedThenStarted(_ parts: (beforeTap: [[String: Any]], betweenTaps: [[String: Any]], afterTaps: [[String: Any]]),
                                         labels: [String]) throws {
        func of(_ name: String, _ events: [[String: Any]]) -> [[String: Any]] {
            events.filter { $0["event"] as? String == name && ($0["id"] as? String ?? "wheel") == "wheel" }
        }
        let passed = of("detent", parts.beforeTap).compactMap { ($0["index"] as? NSNumber)?.intValue }
        #expect(!passed.isEmpty, "the fling moved the wheel on before the tap")
        let under = passed.last ?? 0
        #expect(of("detent", parts.betweenTaps).isEmpty, "the wheel moved on after the tap: \(parts.betweenTaps)")
        #expect(parts.betweenTaps.filter { $0["event"] as? String == "timer" }.isEmpty, "a tap on a coasting wheel started: \(parts.betweenTaps)")
        let rested = of("selected", parts.beforeTap + parts.betweenTaps).compactMap { ($0["index"] as? NSNumber)?.intValue }
        #expect(rested.last == under, "the wheel rested on \(rested) with \(under) under the marker at the tap")
        let timer = try #require(parts.afterTaps.first { $0["event"] as? String == "timer" }, "the second tap started nothing")
        #expect(timer["state"] as? String == "running")
        #expect(timer["program"] as? String == labels[under], "\(timer) with \(labels[under]) on the screen")
        #expect(of("detent", parts.afterTaps).isEmpty && of("selected", parts.afterTaps).isEmpty)
    }

    @Test("live, in a real window: a mouse fling of the wheel and a click on Start while it coasts stop it on the program under the marker; the next click starts it")
    func flingThenClickLive() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let events = dir.appendingPathComponent("events.jsonl").path
        let (centre, radius) = XvfbDriver.wheelIn600
        try XvfbDriver.run(arguments: ["--windowed", "--size", "600x600", "--state-dir", dir.path], events: events, drive: """
            \(XvfbDriver.mouseDown(around: centre, radius: radius, from: -90, to: 0, steps: 8, pause: 0.01))
            xdotool mouseup 1 mousemove --window "$wid" \(Int(centre.x)) \(Int(centre.y)) sleep 0.08 click 1
            \(XvfbDriver.waitFor("\"pressed\",\"id\":\"button\"", in: events))
            sleep 1.5
            xdotool click 1
            \(XvfbDriver.waitFor("\"running\"", in: events))
            kill -TERM $app
            wait $app
            """)
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let presses = lines.indices.filter { lines[$0]["event"] as? String == "pressed" && lines[$0]["id"] as? String == "button" }
        try #require(presses.count == 2, "\(lines)")
        let before = lines[..<presses[0]]
        try #require(!before.contains { $0["event"] as? String == "selected" && $0["id"] as? String == "wheel" },
                     "the wheel came to rest before the click reached it: the click did not land on a coasting wheel")
        let under = try #require(before.last { $0["event"] as? String == "detent" && $0["id"] as? String == "wheel" }?["index"] as? NSNumber)
        let between = lines[(presses[0] + 1)..<presses[1]]
        #expect(!between.contains { $0["event"] as? String == "timer" }, "a click on a coasting wheel started: \(Array(between))")
        #expect(!between.contains { $0["event"] as? String == "detent" && $0["id"] as? String == "wheel" })
        let timer = try #require(lines[(presses[1] + 1)...].first { $0["event"] as? String == "timer" })
        #expect(timer["state"] as? String == "running")
        #expect((timer["index"] as? NSNumber)?.intValue == under.intValue, "\(timer) with \(under) under the marker")
    }

    @Test("a fling and a tap on Start while it coasts stop the wheel on the program under the marker and start nothing; the next tap starts it",
          arguments: [40.0, 120.0, 250.0])
    func flingThenTap(delay: Double) throws {
        var exit: [String: Any] = [:]
        let parts = try Self.flingTapTap(delay: delay) { text in
            let run = try ReplayRun.run(text)
            #expect(run.status == 0, "\(run.stderr)")
            exit = run.exitControl("wheel") ?? [:]
            return run.events
        }
        let labels = (exit["items"] as? [[String: Any]])?.compactMap { $0["label"] as? String } ?? []
        try #require(!labels.isEmpty, "no wheel in the exit line")
        try Self.expectStoppedThenStarted(parts, labels: labels)
    }
}
