import RotaryKit

/// One timer of the panel: its name, its own screen (its programs and categories, and where
/// its rings were left) and its countdown. The session shows one zone's screen at a time; the
/// others keep theirs as they were and count down beside it. One part of ``KioskSession``.
public struct KioskZone: Sendable {
    /// Its name (nil: the one zone of a config without `[[zone]]` tables, which events do not
    /// name).
    public let name: String?
    /// Its name in MQTT topics and file names (``ZoneSettings/id``; nil without zones).
    public let slug: String?
    /// Its controls, as they are now (or were left, while another zone shows).
    public internal(set) var screen: KioskScreen
    /// Its countdown, its set point and its timeouts.
    var countdown = Countdown()
    /// Its arming and when it was last used: whether commands from outside may act on it.
    var remote = RemoteGate()

    /// Its countdown.
    public var timer: CountdownTimer { countdown.timer }

    /// The zone `name` (`slug` in topics and file names) on `screen`.
    init(name: String?, slug: String?, screen: KioskScreen) {
        self.name = name
        self.slug = slug
        self.screen = screen
    }

    /// What its tile shows: its name, its countdown's state and whole seconds left.
    public var tile: ZoneTile {
        let state: TimerState = timer.state == .cancelled ? .idle : timer.state
        return ZoneTile(label: name ?? "", state: state,
                        secondsLeft: timer.isActive ? timer.secondsLeft.rounded(.up) : 0)
    }
}

/// What a zone's tile shows.
public struct ZoneTile: Equatable, Sendable {
    /// The zone's name.
    public var label: String
    /// Its countdown's state: idle, running, paused or finished.
    public var state: TimerState
    /// Whole seconds left, rounded up (0 while idle or finished).
    public var secondsLeft: Double
}
