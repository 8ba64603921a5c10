/// The presents of a running kiosk, kept in bounded memory: how many, and the intervals
/// between the last ``capacity`` of them, for the frame rate a person or `bench --live`
/// asks about. Pure: times enter as seconds on any steady clock.
struct FrameStats {
    /// Intervals kept: a minute at 60 frames a second.
    static let capacity = 3600
    /// Frames presented.
    private(set) var frames = 0
    /// Frames that presented only the changed regions.
    private(set) var partialFrames = 0
    private var intervals: [Double] = []
    private var next = 0
    private var last: Double?

    /// When the last frame was presented, seconds on the clock given (nil: none yet).
    var lastPresent: Double? { last }

    /// Notes a frame presented at `time` seconds, `partial` when only its changed regions
    /// were.
    mutating func presented(at time: Double, partial: Bool) {
        frames += 1
        if partial { partialFrames += 1 }
        if let last {
            if intervals.count < Self.capacity {
                intervals.append(time - last)
            } else {
                intervals[next] = time - last
                next = (next + 1) % Self.capacity
            }
        }
        last = time
    }

    /// Forgets the intervals (not the counts), e.g. when a measurement starts.
    mutating func restartIntervals() {
        intervals = []
        next = 0
        last = nil
    }

    /// The median and 99th percentile of the intervals kept, seconds; nil before two frames.
    var intervalPercentiles: (median: Double, p99: Double)? {
        intervals.isEmpty ? nil : BenchResult.percentiles(intervals)
    }
}
