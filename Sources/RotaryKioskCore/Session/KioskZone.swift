import RotaryKit

/// One timer of the panel: its own screen (its programs and categories, and where its rings
/// were left), its countdown and its remote gate, and the rules that join them (pick a
/// program → the dial turns to its minutes; tap → start, pause, resume; hold → cancel; a
/// pause times out; a command from outside). The session shows one zone's screen at a time
/// and routes input to it; the others keep theirs as they were and count down beside it.
/// Every event a zone's rules make is tagged with its ``id``; feedback leaves as
/// `.feedback` events for the session to rate-limit.
public struct KioskZone: Sendable {
    /// Which zone it is.
    public let id: ZoneID
    /// Its controls, as they are now (or were left, while another zone shows).
    public internal(set) var screen: KioskScreen
    /// Its countdown, its set point and its timeouts.
    var countdown = Countdown()
    /// Its arming and when it was last used: whether commands from outside may act on it.
    var remote = RemoteGate()
    /// Counts the changes of its controls besides their state (another category's programs
    /// on the wheel, a set point that came, went or is another): while it shows, its view is
    /// rebuilt, and a `layout` line tells the new geometry.
    private(set) var controlsGeneration = 0

    /// Its countdown.
    public var timer: CountdownTimer { countdown.timer }

    /// Zone `id` on `screen`, its controls locked and armed for an idle countdown.
    init(id: ZoneID, screen: KioskScreen, settings: SessionSettings) {
        self.id = id
        self.screen = screen
        refreshScreen(settings)
    }

    /// What its tile shows: its name, its countdown's state and whole seconds left.
    public var tile: ZoneTile {
        let state: TimerState = timer.state == .cancelled ? .idle : timer.state
        return ZoneTile(label: id.name, state: state,
                        secondsLeft: timer.isActive ? timer.secondsLeft.rounded(.up) : 0)
    }

    /// Seconds until the zone changes by itself, with `context` (a control moving: 0; its
    /// countdown's next second or a timeout; its arming's end, or while `facing`, shown on a
    /// lit panel, the arming's face's next second), or nil when only input changes it.
    func secondsUntilChange(_ context: ZoneContext, facing: Bool) -> Double? {
        let arming = remote.arming
        return [screen.panel.secondsUntilChange,
                countdown.secondsUntilChange(at: context.clock, settings: context.settings),
                facing ? arming.secondsUntilChange(at: context.clock) : arming.secondsLeft(at: context.clock)]
            .compactMap { $0 }.min()
    }

    /// Its controls changed besides their state.
    mutating func controlsChanged() { controlsGeneration += 1 }

    /// Rebuilds its screen for `layout`, keeping what is selected.
    mutating func relayout(_ layout: ScreenLayout, settings: SessionSettings) {
        screen = screen.relaidOut(layout)
        refreshScreen(settings)
    }

    /// Shows the controls the countdown's state wants: while one runs, is paused or shows
    /// "Done" what chooses the next one steps back; while one runs or is paused Stop (armed for
    /// its hold) and "+N min" (when `[timer] extend_minutes` gives one) are there.
    mutating func refreshScreen(_ settings: SessionSettings) {
        let hidden = KioskControl.allCases.filter { control in
            (countdown.holdsScreen && control.stepsBackForCountdown) || (!timer.isActive && control.onlyWithCountdown)
                || (control == .extend && settings.extendMinutes == 0)
        }
        screen.panel.hidden = Set(hidden.map(\.id))
        screen.holdStop(for: settings.longPressSeconds)
    }
}

/// What a zone's rules read of the panel around them.
struct ZoneContext {
    /// Seconds of session time.
    var clock: Double
    var settings: SessionSettings
    /// Whether the zone is the one on the screen.
    var shown: Bool
    /// Whether a finger is on the screen while the zone shows.
    var fingerOn: Bool
    /// Whether the service screen is open (over whichever zone shows).
    var serviceOpen: Bool

    /// Whether hands are on the zone now: a finger on it, or the service screen over it.
    var handsOn: Bool { fingerOn || (shown && serviceOpen) }
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
