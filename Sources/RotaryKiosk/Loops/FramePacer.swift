/// Keeps frames at the display's pace where nothing else does (the software renderer has
/// no vsync): frames start on a steady beat one refresh `period` apart, so a frame that
/// started a little late is followed by one a little sooner, and none come faster than the
/// display shows them. After a pause (nothing moved) the next frame starts at once.
///
/// Pure: time enters as seconds on any steady clock.
struct FramePacer {
    /// Seconds between frames: one refresh of the display.
    let period: Double
    /// When the next frame may start, on the caller's clock; nil before the first.
    private var next: Double?

    /// A pacer for a display refreshing `hertz` times a second.
    init(hertz: Double) {
        period = 1 / hertz
    }

    /// Seconds to wait at `now` before starting a frame, which the pacer then counts as
    /// started when the wait is over.
    mutating func wait(at now: Double) -> Double {
        guard let due = next, now < due + period else {
            next = now + period  // the first frame, or the first after a pause
            return 0
        }
        next = due + period
        return max(0, due - now)
    }
}
