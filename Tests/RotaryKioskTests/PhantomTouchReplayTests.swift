import Foundation
import RotaryKit
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

@Suite("Touches nobody made, replayed through the executable: dropped, counted, a person's tap still works")
struct PhantomTouchReplayTests {
    /// The Touch Display 2's period.
    static let period = 12_864.0

    /// Contacts at `p` from `start` ms on, one every ``period``, each `hold` ms long.
    static func train(at p: Point, from start: Double, count: Int, hold: Double) -> [(ms: Double, hold: Double, at: Point)] {
        (0..<count).map { (start + Double($0) * period, hold, p) }
    }

    /// The trace of `taps` (ms, hold, point) in time order, ending `tail` ms after the last.
    static func trace(_ taps: [(ms: Double, hold: Double, at: Point)], tail: Double = 2000) -> Trace {
        var t = Trace()
        for tap in taps.sorted(by: { $0.ms < $1.ms }) {
            t.wait(tap.ms - t.ms)
            t.tap(tap.at, hold: tap.hold)
        }
        t.wait(tail)
        t.stamp()
        return t
    }

    /// The `event` lines' times in seconds (to the ms) and states.
    static func times(_ run: ReplayRun, _ event: String) -> [String] {
        run.named(event).map { String(format: "%.3f %@", (($0["t"] as? NSNumber)?.doubleValue ?? -1) / 1000, $0["state"] as? String ?? "?") }
    }

    @Test("zero-length taps and a 12.864 s train on the button start nothing; the person's taps start and pause; the state record counts them")
    func trainOnTheButton() throws {
        let broker = try MqttBroker()
        let dir = try KioskProcess.temporaryDirectory()
        let button = ScreenLayout(width: 800, height: 480).center
        // Five zero-length taps, as the Touch Display 2 sends them: unfiltered they would start,
        // pause, resume, pause and resume the countdown.
        let zeroLength = Self.train(at: button, from: 1000, count: 5, hold: 0)
        // A person starts the countdown at 60 s, then a train of 20 ms contacts on the button
        // from 61.5 s: the first two pass (a pause, a resume), the next three are dropped.
        let person = [(ms: 60_000.0, hold: 80.0, at: button)]
        let clockwork = Self.train(at: button, from: 61_500, count: 5, hold: 20)
        let run = try ReplayRun.run(Self.trace(zeroLength + person + clockwork).text, size: "800x480",
                                    extra: ["--config", try MqttTests.config(broker, in: dir)])
        #expect(run.status == 0, "\(run.stderr)")
        // The button acts on the lift, on the replay's next 60 Hz frame.
        #expect(Self.times(run, "timer") == ["60.083 running", "61.533 paused", "74.400 running"])
        let retained = try #require(try broker.retained("rotary/cabin-1/state").flatMap { MqttTests.payload("t " + $0) })
        let dropped = retained["touches_dropped"] as? [String: Any]
        let told = run.named("error").compactMap { $0["message"] as? String }
        // A replay says so of every contact it drops, the repeating ones too (a trace on a metronome).
        #expect(told.filter { $0.contains("was shorter than [touch] min_contact_ms") }.count == 2, "\(told)")
        #expect(told.filter { $0.contains("was dropped as a panel's phantom touch") }.count == 6, "\(told)")
        #expect(told.count == 8, "\(told)")
        #expect(run.stderr.contains("dropped as a phantom touch ([touch] repeat_radius, repeat_tolerance_ms); 6 so far"), "the log says so too")
        // The first two zero-length taps are too short; from the third on, both trains repeat on a clock.
        #expect((dropped?["short"] as? NSNumber)?.intValue == 2 && (dropped?["repeating"] as? NSNumber)?.intValue == 6, "\(retained)")
    }

    @Test("outside the opening hours, a phantom train does not wake the panel; a person's touch does")
    func trainWhileOff() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let spot = Point(x: 700, y: 400)
        // Off at 22:00 (60 s into the replay); zero-length taps from 70 s, a person at 140 s.
        let taps = Self.train(at: spot, from: 70_000, count: 5, hold: 0) + [(ms: 140_000.0, hold: 80.0, at: spot)]
        let (run, _) = try OpeningHoursReplayTests.run(Self.trace(taps, tail: 1000), in: dir)
        // The touch wakes the panel on the frame 35 ms after it went down, as a finger lying still counts.
        #expect(Self.times(run, "display") == ["60.000 off", "140.050 on"])
    }

    @Test("the service screen's diagnostics count the touches dropped")
    func diagnostics() throws {
        var service = ServiceTrace()
        // A zero-length tap, as a phantom sends it, then the operator's gesture.
        service.trace.wait(500)
        service.trace.tap(Point(x: 400, y: 300), hold: 0)
        service.trace.wait(500)
        service.cornerHold()
        service.open(.diagnostics)
        service.trace.wait(500)
        service.trace.stamp()
        let dir = try KioskProcess.temporaryDirectory()
        let shot = dir.appendingPathComponent("diagnostics.png").path
        let (run, record) = try DrawListOutTests.record(service.trace, extra: ["--screenshot", shot])
        #expect(run.status == 0, "\(run.stderr)")
        let texts = DrawListOutTests.texts(record).compactMap { $0["text"] as? String }
        #expect(texts.contains("Touches dropped: 1 too short, 0 on a clock"), "\(texts)")
    }

    @Test("[touch] reads its thresholds in ms, pixels and seconds; 0 turns the short-contact rule off")
    func config() throws {
        let loaded = ConfigLoader.load(text: ConfigTests.oneProgram + """
            [touch]
            min_contact_ms = 0
            repeat_radius = 6
            repeat_tolerance_ms = 40
            repeat_min_seconds = 5
            """ + "\n", file: "touch.toml")
        #expect(loaded.config?.touchFilter == TouchFilter.Settings(minContactSeconds: 0, repeatRadius: 6, periodTolerance: 0.04,
                                                                   minRepeatPeriod: 5), "\(loaded.problems)")
        #expect(KioskConfig().touchFilter == TouchFilter.Settings(), "on by default: 5 ms, 3 px, 20 ms, 2 s")
    }
}
