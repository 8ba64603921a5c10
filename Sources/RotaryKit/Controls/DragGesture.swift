/// One finger's touch on a control, from down to up: tells a tap from a drag by the touch
/// slop and duration, and tracks the velocity of the value the drag drives.
public struct DragGesture: Equatable, Sendable {
    /// The id of the finger this gesture follows (``PointerEvent/finger``).
    public let finger: Int
    /// Where the finger went down, window pixels.
    public let downPoint: Point
    /// When the finger went down, in seconds.
    public let downTime: Double
    /// Whether the finger has left the slop circle: from then on it drags, and it is never
    /// a tap again.
    public private(set) var isDragging = false
    private let tuning: TouchTuning
    private var tracker: VelocityTracker

    /// Starts a gesture at a `down` event, tracking `value` from there.
    public init(down: PointerEvent, value: Double, tuning: TouchTuning) {
        finger = down.finger
        downPoint = down.position
        downTime = down.time
        self.tuning = tuning
        tracker = VelocityTracker(tuning: tuning)
        tracker.add(value, at: down.time)
    }

    /// The finger moved to `point`, where the driven value would be `value`. Returns whether
    /// the gesture is now a drag.
    @discardableResult
    public mutating func move(to point: Point, value: Double, time: Double) -> Bool {
        tracker.add(value, at: time)
        if !isDragging, point.distance(to: downPoint) > tuning.slopPixels { isDragging = true }
        return isDragging
    }

    /// Whether lifting at `time` (seconds) makes this gesture a tap: it never left the slop
    /// circle and was held no longer than the tuning's tap time.
    public func isTap(liftedAt time: Double) -> Bool {
        !isDragging && time - downTime <= tuning.maxTapSeconds
    }

    /// The driven value's velocity (units/s) at lift time `time`.
    public func velocity(at time: Double) -> Double { tracker.velocity(at: time) }
}
