/// A fact about one finger (or the mouse, as finger ``mouseFinger``): it went down, moved, lifted or was
/// cancelled at a position in window pixels, at a time in seconds on the caller's clock.
public struct PointerEvent: Equatable, Sendable {
    /// What happened to the finger.
    public enum Phase: Equatable, Sendable {
        /// The finger touched (the mouse button was pressed).
        case down
        /// The finger moved while down.
        case moved
        /// The finger lifted (the mouse button was released).
        case up
        /// The touch ended without a lift, e.g. the system took the finger away: a control
        /// lets go and reports no tap or press.
        case cancelled
    }

    /// The finger id of the mouse's left button; touch fingers have ids of 0 and up.
    public static let mouseFinger = -1

    /// What happened.
    public var phase: Phase
    /// Which finger: an id that stays the same from down to up (the mouse is one more finger).
    public var finger: Int
    /// Where, in window pixels.
    public var position: Point
    /// When, in seconds. Must not decrease for one finger; only differences are used.
    public var time: Double

    /// Creates a pointer event.
    public init(_ phase: Phase, finger: Int = 0, at position: Point, time: Double) {
        self.phase = phase
        self.finger = finger
        self.position = position
        self.time = time
    }

    /// Whether position and time are finite numbers.
    public var isValid: Bool { position.isFinite && time.isFinite }
}
