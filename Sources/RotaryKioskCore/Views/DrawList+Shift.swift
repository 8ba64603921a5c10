import RotaryKit

extension DrawList {
    /// This frame moved `shift` window pixels right and down (the burn-in shift), over a
    /// fill of `background` that covers the edge it uncovers; the list itself when `shift` is
    /// nothing.
    package func shifted(by shift: Point, behind background: RGBA) -> DrawList {
        guard shift.x != 0 || shift.y != 0 else { return self }
        let moved = DrawScale(x: 1, y: 1, offsetX: shift.x, offsetY: shift.y).apply(self)
        return DrawList([.fill(nil, RGBA(background.r, background.g, background.b))] + moved.commands)
    }
}
