/// Estimates how fast a tracked value (an unwrapped angle, a scroll offset) was moving when
/// the finger lifted, by a least-squares line through the recent samples.
///
/// A fit over the last ~100 ms, not the last two samples, so one jittery sample cannot fling
/// the control. A finger that rested before lifting (see ``TouchTuning/stopGap``) releases
/// with zero velocity.
public struct VelocityTracker: Equatable, Sendable {
    private struct Sample: Equatable, Sendable {
        var time: Double
        var value: Double
    }

    private let window: Double
    private let stopGap: Double
    private var samples: [Sample] = []
    private var lastMovedTime: Double?
    private static let capacity = 64

    /// Creates an empty tracker using `tuning`'s window and stop gap.
    public init(tuning: TouchTuning = .standard) {
        window = tuning.velocityWindow
        stopGap = tuning.stopGap
    }

    /// Records the value at `time` (seconds). Non-finite samples are ignored.
    public mutating func add(_ value: Double, at time: Double) {
        guard value.isFinite, time.isFinite else { return }
        if let last = samples.last, last.value != value { lastMovedTime = time }
        samples.append(Sample(time: time, value: value))
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    /// The velocity (value units per second) at release time `time`.
    public func velocity(at time: Double) -> Double {
        guard let moved = lastMovedTime, time - moved < stopGap, let newest = samples.last else { return 0 }
        var used: [Sample] = []
        var previousTime = newest.time
        for sample in samples.reversed() {
            if newest.time - sample.time > window || previousTime - sample.time > stopGap { break }
            used.append(sample)
            previousTime = sample.time
        }
        return Self.slope(of: used)
    }

    /// The slope of the least-squares line through `samples`, or 0 when it is undefined.
    private static func slope(of samples: [Sample]) -> Double {
        guard samples.count >= 2 else { return 0 }
        let n = Double(samples.count)
        let meanT = samples.reduce(0) { $0 + $1.time } / n
        let meanV = samples.reduce(0) { $0 + $1.value } / n
        var covariance = 0.0, variance = 0.0
        for s in samples {
            covariance += (s.time - meanT) * (s.value - meanV)
            variance += (s.time - meanT) * (s.time - meanT)
        }
        guard variance > 1e-9 else { return 0 }
        let slope = covariance / variance
        return slope.isFinite ? slope : 0
    }
}
