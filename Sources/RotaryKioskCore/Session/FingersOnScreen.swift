import RotaryKit

/// The fingers (not the mouse) down on the screen now, whichever control or zone they are
/// on. One part of ``KioskSession``.
struct FingersOnScreen: Sendable {
    private var down: Set<Int> = []

    /// Keeps count of `event`'s finger (the mouse does not count).
    mutating func track(_ event: PointerEvent) {
        guard event.finger != PointerEvent.mouseFinger else { return }
        if event.phase == .down { down.insert(event.finger) }
        if event.phase == .up || event.phase == .cancelled { down.remove(event.finger) }
    }

    /// Whether a finger is on the screen now.
    var any: Bool { !down.isEmpty }
}
