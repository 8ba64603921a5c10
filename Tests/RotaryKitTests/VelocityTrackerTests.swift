import Testing
@testable import RotaryKit

@Suite("Velocity tracking")
struct VelocityTrackerTests {
    @Test("a steady motion is measured at its speed", arguments: [-900.0, -30, 45, 600, 2400])
    func steady(speed: Double) {
        var tracker = VelocityTracker()
        for i in 0...30 { tracker.add(speed * Double(i) / 120, at: Double(i) / 120) }
        #expect(abs(tracker.velocity(at: 30.0 / 120) - speed) < 1e-6 * max(1, abs(speed)))
    }

    @Test("one jittery last sample does not decide the fling, unlike a two-sample estimate")
    func jitter() {
        var tracker = VelocityTracker()
        for i in 0..<12 { tracker.add(Double(i) * 5, at: Double(i) / 120) }  // 600 units/s
        tracker.add(11 * 5 + 20, at: 12.0 / 120)                                 // a 20-unit spike
        let twoSample = 25.0 * 120                                               // 3000 units/s
        let fitted = tracker.velocity(at: 12.0 / 120)
        #expect(abs(fitted - 600) < abs(twoSample - 600) / 4)
    }

    @Test("a finger resting 45 ms before it lifts releases with zero velocity")
    func restBeforeLift() {
        var tracker = VelocityTracker()
        for i in 0...20 { tracker.add(Double(i) * 10, at: Double(i) / 120) }
        #expect(tracker.velocity(at: 20.0 / 120 + 0.045) == 0)
        #expect(tracker.velocity(at: 20.0 / 120 + 0.01) > 1000)
    }

    @Test("a still finger reported by repeated samples also releases with zero velocity")
    func repeatedStillSamples() {
        var tracker = VelocityTracker()
        for i in 0...20 { tracker.add(Double(i) * 10, at: Double(i) / 120) }
        for i in 21...28 { tracker.add(200, at: Double(i) / 120) }  // ~58 ms still
        #expect(tracker.velocity(at: 28.0 / 120) == 0)
    }

    @Test("only the last 100 ms count: an old fast stretch is forgotten")
    func window() {
        var tracker = VelocityTracker()
        var value = 0.0
        for i in 0..<60 {  // 0.5 s: fast, then slow for the last 200 ms
            value += i < 36 ? 20 : 1
            tracker.add(value, at: Double(i) / 120)
        }
        #expect(abs(tracker.velocity(at: 59.0 / 120) - 120) < 1e-6)
    }

    @Test("no samples, one sample or no elapsed time give zero, never NaN")
    func degenerate() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity(at: 0) == 0)
        tracker.add(5, at: 1)
        #expect(tracker.velocity(at: 1) == 0)
        tracker.add(9, at: 1)
        #expect(tracker.velocity(at: 1) == 0)
        tracker.add(.nan, at: 1.01)
        #expect(tracker.velocity(at: 1.01).isFinite)
    }
}
