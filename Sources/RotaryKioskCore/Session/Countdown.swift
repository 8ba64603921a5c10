import RotaryKit

/// The countdown and the rules of its own time: a pause that lasts too long cancels it,
/// "Done" ends by itself, and a refused start flashes for a moment. One part of
/// ``KioskSession``; times are session seconds.
struct Countdown: Sendable {
    /// The countdown.
    var timer = CountdownTimer()
    /// The set point it was started (or restored) with.
    var setting: SettingReading?
    /// Session time of its last change of state.
    private var changedAt = 0.0
    /// Session time of the last refused start.
    private var rejectedAt = -Double.infinity
    /// Session time of the last start.
    private var startedAt = -Double.infinity
    /// What the running view last had to say in words, and when.
    private var told: (notice: CountdownNotice, at: Double)?

    /// How long a notice stays in words, in seconds.
    static let noticeSeconds = 4.0
    /// How soon after a start a tap on the button is the second of a hurried double tap,
    /// not a pause, in seconds.
    static let doubleTapSeconds = 0.5

    /// How long a refused start flashes the markers, in seconds.
    static let rejectFlashSeconds = 0.8

    /// Whether it holds the screen: it runs, is paused, or shows "Done" (the controls are
    /// locked, nothing dims or goes off).
    var holdsScreen: Bool { timer.isActive || timer.state == .finished }

    /// Its state changed at `clock` by `report`.
    mutating func changed(at clock: Double, by report: TimerReport) {
        changedAt = clock
        if report.state == .running, report.previous != .running, report.previous != .paused { startedAt = clock }
        if report.state != .running, report.state != .paused { told = nil }
    }

    /// Whether it started less than ``doubleTapSeconds`` before `clock`.
    func justStarted(at clock: Double) -> Bool { clock - startedAt < Self.doubleTapSeconds }

    /// Says `notice` in words from `clock` on, for ``noticeSeconds``.
    mutating func tell(_ notice: CountdownNotice, at clock: Double) { told = (notice, clock) }

    /// What it says in words at `clock` (nil: nothing).
    func notice(at clock: Double) -> CountdownNotice? {
        guard let told, clock - told.at < Self.noticeSeconds else { return nil }
        return told.notice
    }

    /// A start was refused at `clock`.
    mutating func refused(at clock: Double) { rejectedAt = clock }

    /// The timeout due at `clock`, carried out: a pause longer than
    /// `settings.pauseTimeoutSeconds` is cancelled (`timedOut`), "Done" shown for
    /// `settings.doneSeconds` is acknowledged (nil: none is due).
    mutating func dueTimeout(at clock: Double, settings: SessionSettings) -> (report: TimerReport, timedOut: Bool)? {
        if timer.state == .paused, settings.pauseTimeoutSeconds > 0, clock - changedAt >= settings.pauseTimeoutSeconds {
            return timer.cancel().map { ($0, true) }
        }
        if timer.state == .finished, clock - changedAt >= settings.doneSeconds {
            return timer.acknowledge().map { ($0, false) }
        }
        return nil
    }

    /// Seconds from `clock` until it changes by itself: its next whole second while it runs,
    /// a pause's or "Done"'s timeout (nil: not by itself).
    func secondsUntilChange(at clock: Double, settings: SessionSettings) -> Double? {
        let noticeEnds = told.map { max(0, Self.noticeSeconds - (clock - $0.at)) }.flatMap { $0 > 0 ? $0 : nil }
        return [ownChange(at: clock, settings: settings), noticeEnds].compactMap { $0 }.min()
    }

    private func ownChange(at clock: Double, settings: SessionSettings) -> Double? {
        switch timer.state {
        case .running:
            let fraction = timer.secondsLeft - timer.secondsLeft.rounded(.down)
            return fraction > 0.001 ? fraction : 1
        case .paused where settings.pauseTimeoutSeconds > 0:
            return max(0, settings.pauseTimeoutSeconds - (clock - changedAt))
        case .finished:
            return max(0, settings.doneSeconds - (clock - changedAt))
        default:
            return nil
        }
    }

    /// How strongly a refused start still flashes at `clock`, 1 → 0 over
    /// ``rejectFlashSeconds``.
    func rejectFlash(at clock: Double) -> Double { max(0, 1 - (clock - rejectedAt) / Self.rejectFlashSeconds) }

    /// Seconds since it finished, while "Done" shows (nil otherwise).
    func secondsDone(at clock: Double) -> Double? { timer.state == .finished ? clock - changedAt : nil }
}

/// What the running view says in words for a moment, where the person looks.
enum CountdownNotice: Equatable, Sendable {
    /// Stop was tapped: it must be held.
    case holdToStop
    /// "+N min" was refused: the countdown is at its on-time cap of `minutes`.
    case limit(minutes: Int)
}
