import RotaryKit

/// The countdown and the rules of its own time: a pause that lasts too long cancels it (its
/// last minute counted down and warned of once), "Done" ends by itself and sounds its alarm
/// again meanwhile, a refused start flashes for a moment, and what the running view says in
/// words lasts a moment. One part of ``KioskSession``; times are session seconds.
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
    /// How many of its own sounds have sounded since its last change: "Done"'s repeated
    /// alarms, or a pause's warning.
    private var sounded = 0

    /// How often a pulse ("Done"'s halo, paused digits) moves on, in seconds: ten steps a
    /// second, so a pulse costs ten frames a second, not sixty.
    static let pulseStep = 0.1

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
        sounded = 0
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

    /// Seconds since its last change at `clock`, in whole ``pulseStep``s: what a pulse is
    /// drawn from.
    func steppedSince(at clock: Double) -> Double {
        ((clock - changedAt) / Self.pulseStep).rounded(.down) * Self.pulseStep
    }

    /// How long before a pause is cancelled its last part is counted down and warned of:
    /// a minute, or half the pause timeout where that is shorter.
    static func pauseWarningSeconds(_ settings: SessionSettings) -> Double { min(60, settings.pauseTimeoutSeconds / 2) }

    /// Seconds left before a pause is cancelled at `clock`, while its last part is counted
    /// down (nil: not paused, no timeout, or not yet).
    func pauseSecondsLeft(at clock: Double, settings: SessionSettings) -> Double? {
        guard timer.state == .paused, settings.pauseTimeoutSeconds > 0 else { return nil }
        let left = settings.pauseTimeoutSeconds - (clock - changedAt)
        return left <= Self.pauseWarningSeconds(settings) ? max(0, left) : nil
    }

    /// The sound due at `clock` by its own time, once: "Done"'s alarm again every
    /// `settings.alarmRepeatSeconds`, or a warning as a pause's last part begins.
    mutating func dueSound(at clock: Double, settings: SessionSettings) -> FeedbackKind? {
        switch timer.state {
        case .finished where settings.alarmRepeatSeconds > 0:
            let due = Int(((clock - changedAt) / settings.alarmRepeatSeconds).rounded(.down))
            guard due > sounded else { return nil }
            sounded = due
            return .alarm
        case .paused where sounded == 0 && pauseSecondsLeft(at: clock, settings: settings) != nil:
            sounded = 1
            return .warning
        default:
            return nil
        }
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
        // Paused or "Done" pulses: its next step.
        let pulse = timer.state == .paused || timer.state == .finished
            ? Self.pulseStep - (clock - changedAt - steppedSince(at: clock)) : nil
        return [ownChange(at: clock, settings: settings), noticeEnds, pulse].compactMap { $0 }.min()
    }

    private func ownChange(at clock: Double, settings: SessionSettings) -> Double? {
        switch timer.state {
        case .running:
            let fraction = timer.secondsLeft - timer.secondsLeft.rounded(.down)
            return fraction > 0.001 ? fraction : 1
        case .paused where settings.pauseTimeoutSeconds > 0:
            return max(0, settings.pauseTimeoutSeconds - (clock - changedAt))
        case .finished:
            let since = clock - changedAt
            let repeatAt = settings.alarmRepeatSeconds > 0
                ? (since / settings.alarmRepeatSeconds).rounded(.down) * settings.alarmRepeatSeconds + settings.alarmRepeatSeconds : nil
            return [settings.doneSeconds, repeatAt].compactMap { $0.map { max(0, $0 - since) } }.min()
        default:
            return nil
        }
    }

    /// How strongly a refused start still flashes at `clock`, 1 → 0 over
    /// ``rejectFlashSeconds``.
    func rejectFlash(at clock: Double) -> Double { max(0, 1 - (clock - rejectedAt) / Self.rejectFlashSeconds) }

    /// Seconds since it finished, while "Done" shows, in whole ``pulseStep``s (nil otherwise).
    func secondsDone(at clock: Double) -> Double? { timer.state == .finished ? steppedSince(at: clock) : nil }

    /// Seconds it has been paused at `clock`, in whole ``pulseStep``s (nil: not paused).
    func secondsPaused(at clock: Double) -> Double? { timer.state == .paused ? steppedSince(at: clock) : nil }
}

/// What the running view says in words for a moment, where the person looks.
enum CountdownNotice: Equatable, Sendable {
    /// Stop was tapped: it must be held.
    case holdToStop
    /// "+N min" was refused: the countdown is at its on-time cap of `minutes`.
    case limit(minutes: Int)
    /// A start was refused with the dial on 0 minutes.
    case setTime
}
