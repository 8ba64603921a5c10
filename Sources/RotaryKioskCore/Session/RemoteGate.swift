import RotaryKit

/// What decides whether a command from outside may act on one zone: whether a person armed
/// remote start for it on the screen, and when someone last used its controls (a touch, key
/// or turn less than ``inUseSeconds`` ago counts as in use). One part of ``KioskZone``;
/// times are session seconds.
struct RemoteGate: Sendable {
    /// How long after the last local use the zone counts as in use, in seconds.
    static let inUseSeconds = 30.0

    /// Whether remote start is armed, and until when.
    private(set) var arming = RemoteArming()
    /// Session time of the last touch, key, wheel notch or encoder step on the zone's
    /// controls (not on the arming control, not one that only woke the screen).
    private var localUseAt = -Double.infinity
    /// What the door sensor last said (nil: nothing yet, or nothing trustworthy since a
    /// reconnect).
    private(set) var door: DoorState?
    /// Whether the door's state was heard live (not retained) in this process.
    private var doorHeardLive = false

    /// The door sensor's word `state`, as `news` brought it. A live word always counts, and
    /// so does `open` however it came (it only ever keeps heating off). A retained `closed` is
    /// what the broker kept, and it sends it again at every reconnect: it never replaces a word
    /// heard live, and after a reconnect, where none was, it is not trusted (the door is
    /// unknown until a live word comes).
    mutating func heardDoor(_ state: DoorState, _ news: DoorNews) {
        switch (news, state) {
        case (.live, _):
            door = state
            doorHeardLive = true
        case (_, .open):
            door = .open
        case (.retained, .closed) where !doorHeardLive:
            door = .closed
        case (.retainedAgain, .closed) where !doorHeardLive:
            door = nil
        case (.retained, .closed), (.retainedAgain, .closed):
            break
        }
    }

    /// Someone used the zone's controls at `clock`.
    mutating func used(at clock: Double) { localUseAt = clock }

    /// Whether someone is using the zone at `clock`: `handsOn` (a finger is on the screen or
    /// the service screen shows, while the zone is the one shown), or it was used less than
    /// ``inUseSeconds`` ago.
    func inUse(at clock: Double, handsOn: Bool) -> Bool {
        handsOn || clock - localUseAt < Self.inUseSeconds
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
