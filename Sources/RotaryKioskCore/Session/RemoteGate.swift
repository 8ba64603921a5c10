import RotaryKit

/// What decides whether a command from outside may act: whether a person armed remote start
/// on the screen, and whether someone is using the screen (a finger on it, or a touch, key
/// or turn less than ``inUseSeconds`` ago). One part of ``KioskSession``; times are session
/// seconds.
struct RemoteGate: Sendable {
    /// How long after the last local use the screen counts as in use, in seconds.
    static let inUseSeconds = 30.0

    /// Whether remote start is armed, and until when.
    private(set) var arming = RemoteArming()
    /// Session time of the last touch, key, wheel notch or encoder step on the kiosk's
    /// controls (not on the arming control, not one that only woke the screen).
    private var localUseAt = -Double.infinity
    /// Fingers (not the mouse) down on the screen now.
    private var fingersDown: Set<Int> = []

    /// Someone used the kiosk's controls at `clock`.
    mutating func used(at clock: Double) { localUseAt = clock }

    /// Keeps count of the fingers on the screen (the mouse does not count).
    mutating func track(_ event: PointerEvent) {
        guard event.finger != PointerEvent.mouseFinger else { return }
        if event.phase == .down { fingersDown.insert(event.finger) }
        if event.phase == .up || event.phase == .cancelled { fingersDown.remove(event.finger) }
    }

    /// Whether a finger is on the screen now.
    var fingerOnScreen: Bool { !fingersDown.isEmpty }

    /// Whether someone is using the screen at `clock`: a finger is on it, the service screen
    /// shows (`serviceOpen`), or it was used less than ``inUseSeconds`` ago.
    func screenInUse(at clock: Double, serviceOpen: Bool) -> Bool {
        fingerOnScreen || serviceOpen || clock - localUseAt < Self.inUseSeconds
    }

    /// Arms remote start at `clock` for `seconds`, or disarms it when armed: whether it is
    /// armed now.
    mutating func toggle(at clock: Double, for seconds: Double) -> Bool {
        if arming.isArmed(at: clock) {
            arming.disarm()
            return false
        }
        arming.arm(at: clock, for: seconds)
        return true
    }

    /// Ends the arming, if armed (or expired but not yet told): whether there was one to end.
    mutating func disarm() -> Bool {
        guard arming.until != nil else { return false }
        arming.disarm()
        return true
    }

    /// Whether an arming ran out by `clock` and is still to be told.
    func armingExpired(at clock: Double) -> Bool { arming.until != nil && !arming.isArmed(at: clock) }
}
