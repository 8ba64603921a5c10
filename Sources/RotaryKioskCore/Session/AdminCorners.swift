import RotaryKit

/// The operator's gesture: two fingers held on opposite corners (top-left and bottom-right)
/// of the window, away from every control. Once it has fired it waits until a finger lifts.
struct AdminCorners: Sendable {
    private var topLeft: Int?
    private var bottomRight: Int?
    private var fired = false
    /// Since when both corners are held (nil once the gesture fired).
    private(set) var heldSince: Double?

    /// The fingers on the corners.
    var fingers: [Int] { [topLeft, bottomRight].compactMap { $0 } }

    mutating func down(_ event: PointerEvent, width: Double, height: Double, at time: Double) {
        let reach = min(width, height) * 0.12
        let p = event.position
        if p.x <= reach && p.y <= reach { topLeft = event.finger }
        if p.x >= width - reach && p.y >= height - reach { bottomRight = event.finger }
        if topLeft != nil, bottomRight != nil, heldSince == nil, !fired { heldSince = time }
    }

    mutating func up(_ finger: Int) {
        if topLeft == finger { topLeft = nil }
        if bottomRight == finger { bottomRight = nil }
        if topLeft == nil || bottomRight == nil {
            heldSince = nil
            fired = false
        }
    }

    /// The gesture did what it does: it fires again only after a finger lifts and comes back.
    mutating func consume() {
        heldSince = nil
        fired = true
    }
}
