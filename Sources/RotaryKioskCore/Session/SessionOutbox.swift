import RotaryKit

/// What the session has to tell the world besides its events' own effects: feedback
/// rate-limited across every zone and the service screen, whether the app was asked to quit,
/// and what the world was last told of the session's lasting state, so that an effect is
/// asked for only when that state changes. One part of ``KioskSession``.
struct SessionOutbox: Sendable {
    /// Rate-limits every feedback the session's events ask for.
    private var limiter: FeedbackLimiter
    /// The service screen's Quit (or Escape in windowed mode) asked to quit.
    private(set) var quitAsked = false
    /// What the world was last told.
    var told: WorldReport

    /// An outbox letting one tick through per `tickInterval` seconds; nothing told yet.
    init(tickInterval: Double) {
        limiter = FeedbackLimiter(tickInterval: tickInterval)
        told = WorldReport(view: WorldReport.ViewKey(zone: 0, controls: 0, layout: 0))
    }

    /// Someone asked the app to quit.
    mutating func askQuit() { quitAsked = true }

    /// Whether a quit was asked and not yet told: it is told once, from here.
    mutating func quitToTell() -> Bool {
        guard quitAsked, !told.quit else { return false }
        told.quit = true
        return true
    }

    /// `events` at `clock` without the feedback the limiter holds back.
    mutating func limited(_ events: [KioskEvent], at clock: Double) -> [KioskEvent] {
        events.filter { event in
            guard case .feedback(let kind) = event else { return true }
            return limiter.allows(kind, at: clock)
        }
    }
}
