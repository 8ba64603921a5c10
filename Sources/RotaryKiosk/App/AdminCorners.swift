import RotaryKit

/// The admin gesture: two fingers held on opposite corners (top-left and bottom-right) of
/// the window, away from every control.
struct AdminCorners: Sendable {
    private var topLeft: Int?
    private var bottomRight: Int?
    /// Since when both corners are held.
    private(set) var heldSince: Double?

    mutating func down(_ event: PointerEvent, width: Double, height: Double, at time: Double) {
        let reach = min(width, height) * 0.12
        let p = event.position
        if p.x <= reach && p.y <= reach { topLeft = event.finger }
        if p.x >= width - reach && p.y >= height - reach { bottomRight = event.finger }
        if topLeft != nil, bottomRight != nil, heldSince == nil { heldSince = time }
    }

    mutating func up(_ finger: Int) {
        if topLeft == finger { topLeft = nil }
        if bottomRight == finger { bottomRight = nil }
        if topLeft == nil || bottomRight == nil { heldSince = nil }
    }
}
