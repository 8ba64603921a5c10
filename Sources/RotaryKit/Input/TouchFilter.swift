/// Drops touches nobody made before anything acts on them. Some touch controllers report
/// contacts of their own: a zero-length tap, or the same point tapped on a fixed period
/// (the Raspberry Pi Touch Display 2 on some units taps one point every 12.864 s), which
/// keep a panel from ever dimming and press whatever lies there. The filter drops
///
/// - a contact shorter than ``Settings/minContactSeconds`` by the events' own times: a
///   finger's `down` is held back until another of its events shows the contact lasted that
///   long, or, for a finger that lies still, until ``releaseSeconds`` (at least the shortest
///   contact) have passed by ``advance(by:)`` (long enough for an `up` read a frame late to
///   arrive first), then passed on with its own time; and
/// - a contact at the point of the two before it (within ``Settings/repeatRadius`` pixels),
///   after the same period (within ``Settings/periodTolerance``) of at least
///   ``Settings/minRepeatPeriod``, while no other finger is down: a person does not tap one
///   spot on a clock for seconds on end.
///
/// The mouse (``PointerEvent/mouseFinger``) is a person's hand and always passes. Pure: time
/// is the events' own and `dt`.
///
/// ```swift
/// for event in filter.letThrough(pointerEvent) { events += panel.handle(event) }
/// for event in filter.advance(by: dt) { events += panel.handle(event) }
/// ```
public struct TouchFilter: Sendable {
    /// What counts as a touch nobody made.
    public struct Settings: Equatable, Sendable {
        /// Contacts shorter than this, in seconds, are dropped (0: none is).
        public var minContactSeconds: Double
        /// How near, in pixels, a contact must be to the ones before it to count as the
        /// same point (0: repeating contacts are not looked for).
        public var repeatRadius: Double
        /// How much, in seconds, two periods of a repeating contact may differ.
        public var periodTolerance: Double
        /// The shortest period, in seconds, that counts as repeating: quicker taps on one
        /// spot are a person's.
        public var minRepeatPeriod: Double

        /// The filter with these thresholds.
        public init(minContactSeconds: Double = 0.005, repeatRadius: Double = 3, periodTolerance: Double = 0.02,
                    minRepeatPeriod: Double = 2) {
            self.minContactSeconds = minContactSeconds
            self.repeatRadius = repeatRadius
            self.periodTolerance = periodTolerance
            self.minRepeatPeriod = minRepeatPeriod
        }

        /// Every contact passes.
        public static let off = Settings(minContactSeconds: 0, repeatRadius: 0)
    }

    /// How many contacts were dropped, by why.
    public struct Counts: Equatable, Sendable {
        /// Shorter than ``Settings/minContactSeconds``.
        public var short = 0
        /// Repeating at one point on a fixed period.
        public var repeating = 0

        /// Both.
        public var total: Int { short + repeating }

        /// Counts of `short` and `repeating` contacts.
        public init(short: Int = 0, repeating: Int = 0) {
            self.short = short
            self.repeating = repeating
        }
    }

    /// The thresholds.
    public let settings: Settings
    /// The contacts dropped so far.
    public private(set) var dropped = Counts()
    /// Seconds of ``advance(by:)`` after which a held `down` of a finger that lies still is
    /// passed on (at least the shortest contact): two frames, so that an `up` read after a
    /// frame boundary still drops a contact that was too short.
    public var releaseSeconds: Double { max(settings.minContactSeconds, Self.stillFingerSeconds) }
    /// How long a still finger waits at least, seconds: just over two frames at 60 Hz.
    static let stillFingerSeconds = 0.035

    /// A finger whose `down` waits until its contact has lasted long enough.
    private struct Held: Sendable {
        var down: PointerEvent
        /// Seconds of `advance(by:)` since the `down`.
        var waited = 0.0
        /// Its latest move while held.
        var moved: PointerEvent?
    }
    private var held: [Int: Held] = [:]
    /// Fingers passed on and still down.
    private var passed: Set<Int> = []
    /// Fingers whose contact was dropped, until they lift.
    private var dropping: Set<Int> = []
    /// The latest contacts' points and times, newest last, dropped ones too.
    private var recent: [(point: Point, time: Double)] = []
    /// How many contacts ``recent`` keeps.
    private static let remembered = 64

    /// A filter with `settings`.
    public init(_ settings: Settings = Settings()) { self.settings = settings }

    /// The events to pass on now for `event`: none (held back or dropped), `event`, or a
    /// held `down` followed by `event`.
    public mutating func letThrough(_ event: PointerEvent) -> [PointerEvent] {
        let finger = event.finger
        guard finger != PointerEvent.mouseFinger else { return [event] }
        let ends = event.phase == .up || event.phase == .cancelled
        if event.phase == .down {
            // A finger id that goes down again is a new contact (libinput reuses its slots,
            // and an up can be lost): whatever was kept of the old one goes.
            held[finger] = nil
            passed.remove(finger)
            dropping.remove(finger)
        }
        if dropping.contains(finger) {
            if ends { dropping.remove(finger) }
            return []
        }
        if passed.contains(finger) {
            if ends { passed.remove(finger) }
            return [event]
        }
        if var waiting = held[finger] {
            if event.time - waiting.down.time < settings.minContactSeconds {
                if ends {
                    held[finger] = nil
                    if event.phase == .up { dropped.short += 1 }
                } else {
                    waiting.moved = event
                    held[finger] = waiting
                }
                return []
            }
            held[finger] = nil
            if !ends { passed.insert(finger) }
            return [waiting.down] + [event]
        }
        guard event.phase == .down else { return [] }  // a finger the filter never saw go down
        let repeating = isRepeating(event)
        remember(event)
        if repeating {
            dropped.repeating += 1
            dropping.insert(finger)
            return []
        }
        guard settings.minContactSeconds > 0 else {
            passed.insert(finger)
            return [event]
        }
        held[finger] = Held(down: event)
        return []
    }

    /// Moves time on by `dt` seconds: the held `down`s (and their latest move) whose contact
    /// has now lasted long enough, in finger order.
    public mutating func advance(by dt: Double) -> [PointerEvent] {
        guard dt.isFinite, dt > 0, !held.isEmpty else { return [] }
        var released: [PointerEvent] = []
        for finger in held.keys.sorted() {
            guard var waiting = held[finger] else { continue }
            waiting.waited += dt
            guard waiting.waited >= releaseSeconds else {
                held[finger] = waiting
                continue
            }
            held[finger] = nil
            passed.insert(finger)
            released += [waiting.down] + (waiting.moved.map { [$0] } ?? [])
        }
        return released
    }

    /// Seconds until ``advance(by:)`` releases a held `down` (nil: none is held).
    public var secondsUntilRelease: Double? {
        held.values.map { max(0, releaseSeconds - $0.waited) }.min()
    }

    /// Whether `down` is at the point of the two contacts before it there, after the same
    /// period as theirs, with no other finger down.
    private func isRepeating(_ down: PointerEvent) -> Bool {
        guard settings.repeatRadius > 0, held.isEmpty, passed.isEmpty, dropping.isEmpty else { return false }
        let there = recent.filter { $0.point.distance(to: down.position) <= settings.repeatRadius }.suffix(2)
        guard there.count == 2, let first = there.first, let last = there.last else { return false }
        let period = down.time - last.time, before = last.time - first.time
        return period >= settings.minRepeatPeriod && abs(period - before) <= settings.periodTolerance
    }

    private mutating func remember(_ down: PointerEvent) {
        recent.append((down.position, down.time))
        if recent.count > Self.remembered { recent.removeFirst(recent.count - Self.remembered) }
    }
}
