import RealModule

/// The path a released control follows onto its target item, as a closed-form function of
/// the time since release, so the same release lands the same way at any frame rate.
///
/// Two pieces: an optional *coast*, x(t) = T + (x₀ − T)·e^(−k·t), whose rate k is chosen so
/// that the release velocity is kept and the coast ends exactly on the target T; then a
/// critically damped *spring*, x(τ) = T + (A + B·τ)·e^(−ω·τ), that settles the last stretch.
struct SettleMotion: Equatable, Sendable {
    /// Where the motion ends, in axis units.
    let target: Double
    private let coastStart: Double
    private let coastRate: Double
    private let coastDuration: Double
    private let springA: Double
    private let springB: Double
    private let omega: Double
    private let restDistance: Double

    /// Plans the motion from `position` moving at `velocity` (units/s) onto `target`.
    ///
    /// With `coasting` (a fling), it coasts when the release is heading for the target fast
    /// enough that friction near `tuning.friction` would carry it there; otherwise (and for
    /// steps and taps) the spring alone takes it. `itemSpacing` (units per item) scales the
    /// hand-over and rest distances.
    init(from position: Double, velocity: Double, to target: Double, coasting: Bool, tuning: MotionTuning,
         itemSpacing: Double) {
        self.target = target
        omega = tuning.springFrequency
        restDistance = tuning.restItems * itemSpacing
        let handoff = tuning.handoffItems * itemSpacing
        let distance = target - position
        let rate = distance != 0 ? velocity / distance : 0
        let coasts = coasting && distance * velocity > 0 && abs(distance) > handoff
            && rate >= tuning.friction / 3 && rate <= tuning.friction * 3
        coastStart = position
        if coasts {
            coastRate = rate
            coastDuration = Double.log(abs(distance) / handoff) / rate
            let handoverOffset = -distance * Double.exp(-rate * coastDuration)
            let handoverVelocity = -rate * handoverOffset
            springA = handoverOffset
            springB = handoverVelocity + omega * handoverOffset
        } else {
            coastRate = 0
            coastDuration = 0
            springA = position - target
            springB = velocity + omega * springA
        }
    }

    /// Position and velocity `elapsed` seconds after release.
    func state(after elapsed: Double) -> (position: Double, velocity: Double) {
        let t = max(0, elapsed)
        if t < coastDuration {
            let offset = (coastStart - target) * Double.exp(-coastRate * t)
            return (target + offset, -coastRate * offset)
        }
        let tau = t - coastDuration
        let decay = Double.exp(-omega * tau)
        let offset = (springA + springB * tau) * decay
        return (target + offset, (springB - omega * (springA + springB * tau)) * decay)
    }

    /// Whether the motion has come to rest `elapsed` seconds after release: close enough to
    /// the target and slow enough to be placed on it, or past any plausible settling time.
    func isAtRest(after elapsed: Double) -> Bool {
        guard elapsed >= coastDuration else { return false }
        let (position, velocity) = state(after: elapsed)
        let settled = abs(position - target) <= restDistance && abs(velocity) <= restDistance * omega
        return settled || elapsed > coastDuration + Self.maxSpringSeconds
    }

    /// A hard cap on the spring's duration: it is at rest long before this.
    private static let maxSpringSeconds = 3.0

    /// Seconds after which the motion is at rest for certain (``isAtRest(after:)``).
    var restsWithin: Double { coastDuration + Self.maxSpringSeconds }
}
