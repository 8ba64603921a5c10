import RotaryKit

/// How a countdown ended, as the usage log keeps it.
public enum UsageOutcome: String, CaseIterable, Sendable {
    /// It ran to zero.
    case finished
    /// A person held Stop to cancel it (or it was cancelled from afar).
    case cancelled
    /// It was paused for `pause_timeout_seconds` and cancelled by the kiosk.
    case pausedTooLong = "paused_too_long"
    /// The kiosk stopped (a power cut, `kill -9`) while it ran and could not carry it on.
    case interrupted
}

/// A countdown as the usage log records it when it starts.
struct UsageStart: Equatable, Sendable {
    var program: String
    var category: String?
    /// The zone it ran in (nil: the kiosk has no zones).
    var zone: UsageZone? = nil
    var setting: SettingReading?
    var minutesSet: Double
    /// Wall-clock seconds since 1970.
    var startedAt: Double
}

/// A zone as the usage log keeps it: its name for the owner's reports, its id
/// (``ZoneSettings/id``) to find its open row by, which a reordered or renamed config keeps.
struct UsageZone: Hashable, Sendable {
    var name: String
    var id: String
}

/// One change to the usage log.
enum UsageWrite: Equatable, Sendable {
    /// A countdown started: a new row.
    case open(UsageStart)
    /// The open countdown has run this long as of wall-clock time `at` (a pause, a resume).
    case progress(secondsRun: Double, at: Double)
    /// The open countdown was made longer: `minutes` added, run this long as of `at`.
    case extend(minutes: Double, secondsRun: Double, at: Double)
    /// The open countdown ended.
    case close(UsageOutcome, secondsRun: Double, at: Double)
    /// The open countdown closes as interrupted, as of the last time the log heard of it.
    case interrupt
}

/// Turns one zone's timer transitions into usage log changes. Pure: times come in as
/// wall-clock seconds with each transition.
struct UsageTracker {
    /// Whether a countdown is open in the log.
    private(set) var isOpen = false
    /// Set when the kiosk restarts with a saved countdown whose row is still open: the
    /// restored countdown takes that row instead of opening one, and if it ended while the
    /// kiosk was off, it closes as interrupted.
    var adopting = false
    /// The open countdown's length as last heard, seconds: what an extension adds to.
    private var secondsTotal = 0.0

    /// The changes for `report` (of a countdown started with `setting`, for a program in
    /// `category`), ended by the kiosk's pause timeout when `timedOut`, at wall-clock `now`.
    mutating func writes(for report: TimerReport, setting: SettingReading?, category: String?, zone: UsageZone? = nil,
                         timedOut: Bool, at now: Double) -> [UsageWrite] {
        let run = max(0, report.secondsTotal - report.secondsLeft)
        let restored = adopting
        adopting = false
        switch report.state {
        case .running, .paused:
            if report.previous == .running || report.previous == .paused {
                guard isOpen else { return [] }
                defer { secondsTotal = report.secondsTotal }
                guard report.isExtension, report.secondsTotal > secondsTotal else { return [.progress(secondsRun: run, at: now)] }
                return [.extend(minutes: (report.secondsTotal - secondsTotal) / 60, secondsRun: run, at: now)]
            }
            secondsTotal = report.secondsTotal
            if restored {
                isOpen = true
                return [.progress(secondsRun: run, at: now)]
            }
            let start = UsageStart(program: report.program, category: category, zone: zone, setting: setting,
                                   minutesSet: report.secondsTotal / 60, startedAt: now)
            let orphan: [UsageWrite] = isOpen ? [.interrupt] : []
            isOpen = true
            return orphan + [.open(start)]
        case .finished:
            guard isOpen || restored else { return [] }
            isOpen = false
            return [restored ? .interrupt : .close(.finished, secondsRun: report.secondsTotal, at: now)]
        case .cancelled:
            guard isOpen else { return [] }
            isOpen = false
            return [.close(timedOut ? .pausedTooLong : .cancelled, secondsRun: run, at: now)]
        case .idle:
            return []
        }
    }
}
