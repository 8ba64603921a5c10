import RotaryKit

/// The fingers (not the mouse) down on the screen now, whichever control or zone they are
/// on, and the fingers (the mouse too) the kiosk claimed for itself: one that woke the screen,
/// acknowledged "Done", picked a zone, armed remote start or held the operator's corners is
/// the kiosk's until it lifts, and no control sees it. One part of ``KioskSession``.
struct FingersOnScreen: Sendable {
    private var down: Set<Int> = []
    private var claimed: [Int] = []

    /// Keeps count of `event`'s finger (the mouse does not count).
    mutating func track(_ event: PointerEvent) {
        guard event.finger != PointerEvent.mouseFinger else { return }
        if event.phase == .down { down.insert(event.finger) }
        if event.phase == .up || event.phase == .cancelled { down.remove(event.finger) }
    }

    /// Whether a finger is on the screen now.
    var any: Bool { !down.isEmpty }

    /// Claims `finger` for the kiosk until it lifts.
    mutating func claim(_ finger: Int) {
        if !claimed.contains(finger) { claimed.append(finger) }
    }

    /// Whether `event`'s finger is the kiosk's (it is let go of when `event` lifts it).
    mutating func isClaimed(_ event: PointerEvent) -> Bool {
        guard let index = claimed.firstIndex(of: event.finger) else { return false }
        if event.phase == .up || event.phase == .cancelled { claimed.remove(at: index) }
        return true
    }
}
