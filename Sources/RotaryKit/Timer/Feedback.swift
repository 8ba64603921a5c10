/// A feedback the kiosk asks for: a sound, a rumble, a buzzer pulse.
public enum FeedbackKind: String, Equatable, Sendable, CaseIterable {
    /// A detent: the item under a marker changed.
    case tick
    /// A button press.
    case press
    /// A timer started.
    case confirm
    /// A timer finished.
    case alarm
    /// A request that cannot be done (start with no time set).
    case reject
    /// Something will happen by itself soon unless someone acts (a pause about to be
    /// cancelled).
    case warning
}

/// Lets ticks through at most once per interval, so a fast fling sounds like a purr and does
/// not flood the speaker, the buzzer or the event stream. Other kinds always pass.
public struct FeedbackLimiter: Equatable, Sendable {
    /// Minimum seconds between two ticks.
    public let tickInterval: Double
    private var lastTick = -Double.infinity

    /// A limiter letting one tick through per `tickInterval` seconds.
    public init(tickInterval: Double) {
        self.tickInterval = max(0, tickInterval)
    }

    /// Whether `kind` at `time` (seconds) should be played.
    public mutating func allows(_ kind: FeedbackKind, at time: Double) -> Bool {
        guard kind == .tick else { return true }
        guard time - lastTick >= tickInterval else { return false }
        lastTick = time
        return true
    }
}
