import RotaryKit

/// The fingers (not the mouse) down on the screen now, whichever control or zone they are
/// on, and the fingers (the mouse too) the kiosk took for itself: one that woke the screen,
/// acknowledged "Done", picked a zone, armed remote start or held the operator's corners is
/// the kiosk's until it lifts, and no control sees it. One part of ``KioskSession``.
struct FingersOnScreen: Sendable {
    private var down: Set<Int> = []
    private var taken: [Int] = []

    /// Keeps count of `event`'s finger (the mouse does not count).
    mutating func track(_ event: PointerEvent) {
        guard event.finger != PointerEvent.mouseFinger else { return }
        if event.phase == .down { down.insert(event.finger) }
        if event.phase == .up || event.phase == .cancelled { down.remove(event.finger) }
    }

    /// Whether a finger is on the screen now.
    var any: Bool { !down.isEmpty }

    /// Takes `finger` for the kiosk until it lifts.
    mutating func take(_ finger: Int) {
        if !taken.contains(finger) { taken.append(finger) }
    }

    /// Whether `event`'s finger is the kiosk's (it is let go of when `event` lifts it).
    mutating func isTaken(_ event: PointerEvent) -> Bool {
        guard let index = taken.firstIndex(of: event.finger) else { return false }
        if event.phase == .up || event.phase == .cancelled { taken.remove(at: index) }
        return true
    }
}
