/// Whether a person has armed remote start at the kiosk, and until when (session seconds).
/// Only ``RemoteControl/armed`` uses it.
public struct RemoteArming: Equatable, Sendable {
    /// Why arming ended.
    public enum Ending: String, Sendable {
        /// A person tapped the control again.
        case tapped
        /// Its time ran out.
        case expired
        /// A remote start used it.
        case used
        /// A person started a countdown at the kiosk, opened the service screen, or the panel
        /// went off: whoever armed it may be gone.
        case local
    }

    /// Session time at which arming ends (nil: not armed).
    public private(set) var until: Double?

    public init() {}

    /// Whether it is armed at session time `now`.
    public func isArmed(at now: Double) -> Bool { until.map { now < $0 } ?? false }

    /// Seconds of arming left at `now` (nil: not armed).
    public func secondsLeft(at now: Double) -> Double? {
        guard let until, now < until else { return nil }
        return until - now
    }

    /// Arms for `seconds` from `now`.
    public mutating func arm(at now: Double, for seconds: Double) { until = now + seconds }

    /// Disarms.
    public mutating func disarm() { until = nil }

    /// Seconds until the arming's face changes by itself (its next whole second left, or its
    /// end), or nil when it is not armed.
    public func secondsUntilChange(at now: Double) -> Double? {
        guard let left = secondsLeft(at: now) else { return nil }
        let fraction = left - left.rounded(.down)
        return fraction > 0.001 ? fraction : min(1, left)
    }
}
