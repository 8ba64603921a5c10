/// Whether the panel is lit for someone: it dims after a while without input while nothing
/// runs, goes off outside the opening hours once nothing needs showing, and wakes at the
/// first input (which does nothing else). One part of ``KioskSession``; times are session
/// seconds.
struct Presence: Sendable {
    /// Dimmed: nothing is drawn until the next input.
    private(set) var isDimmed = false
    /// Off outside the opening hours: nothing is drawn until an input, the hours or a
    /// countdown bring it on.
    private(set) var isAsleep = false
    /// The local time of day, seconds since midnight, as the shell last set it and time
    /// moved it on (nil: not known, so the kiosk counts as open).
    private(set) var timeOfDay: Double?
    /// Session time of the last input.
    private(set) var lastInput = 0.0

    /// Whether the panel shows nothing new until an input wakes it.
    var isResting: Bool { isDimmed || isAsleep }

    /// An input at `clock` (it keeps the panel lit from then on).
    mutating func input(at clock: Double) { lastInput = clock }

    /// The first input on a dimmed or sleeping panel, at `clock`: it only wakes it.
    mutating func wake(at clock: Double) -> [KioskEvent] {
        lastInput = clock
        isDimmed = false
        guard isAsleep else { return [] }
        isAsleep = false
        return [.display(on: true)]
    }

    /// Sets the local time of day (seconds since midnight).
    mutating func setTimeOfDay(_ seconds: Double) {
        guard seconds.isFinite else { return }
        timeOfDay = OpeningHours.wrapped(seconds)
    }

    /// Moves the time of day on by `dt` seconds.
    mutating func pass(_ dt: Double) { timeOfDay = timeOfDay.map { OpeningHours.wrapped($0 + dt) } }

    /// Whether it is outside `hours` now.
    func isClosed(_ hours: OpeningHours?) -> Bool {
        guard let hours, let timeOfDay else { return false }
        return !hours.isOpen(at: timeOfDay)
    }

    /// Dims at `clock` once `settings.dimAfterSeconds` passed since the last input and
    /// `idle` (nothing runs, shows "Done" or moves, no service screen).
    mutating func dimIfIdle(at clock: Double, idle: Bool, settings: SessionSettings) {
        if !isDimmed, !isAsleep, idle, settings.dimAfterSeconds > 0, clock - lastInput >= settings.dimAfterSeconds {
            isDimmed = true
        }
    }

    /// Turns the panel off at `clock` once `mayGoOff` (closed, nothing to show) and
    /// `settings.wakeSeconds` passed since the last input, and on when it may not (a
    /// `display` event each).
    mutating func followHours(at clock: Double, mayGoOff: Bool, settings: SessionSettings) -> [KioskEvent] {
        let off = mayGoOff && clock - lastInput >= settings.wakeSeconds
        guard off != isAsleep else { return [] }
        isAsleep = off
        isDimmed = false
        // On again: dimming counts from now, not from the last touch the evening before.
        if !off { lastInput = clock }
        return [.display(on: !off)]
    }

    /// Seconds from `clock` until the panel dims or goes off by itself (nil: not by itself):
    /// `idle` and `mayGoOff` as for ``dimIfIdle(at:idle:settings:)`` and
    /// ``followHours(at:mayGoOff:settings:)``, `serviceOpen` while the service screen shows.
    func secondsUntilChange(at clock: Double, idle: Bool, mayGoOff: Bool, serviceOpen: Bool,
                            settings: SessionSettings) -> Double? {
        let dims = !serviceOpen && !isDimmed && !isAsleep && settings.dimAfterSeconds > 0 && idle
        let changes = [
            dims ? settings.dimAfterSeconds - (clock - lastInput) : nil,
            !isAsleep && mayGoOff ? settings.wakeSeconds - (clock - lastInput) : nil,
            timeOfDay.flatMap { settings.openingHours?.secondsUntilChange(from: $0) },
        ]
        return changes.compactMap { $0.map { max(0, $0) } }.min()
    }

    /// The backlight's level for the operator's `brightness` (nil: no backlight): a fifth
    /// of it while dimmed, 0 (off) while asleep.
    func backlightLevel(_ brightness: Double?) -> Double? {
        brightness.map { isAsleep ? 0 : isDimmed ? $0 * 0.2 : $0 }
    }
}
