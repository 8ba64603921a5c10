/// How a ``RingControl`` is drawn: one ``DrawCommand/ring(_:)`` command from its state and
/// look. The ring's art (segments, icons, names, ticks) is made once per look by the
/// executor; each frame only says how far it is turned and which item is bright.
public enum RingDrawing {
    /// The commands for `ring` as it is now.
    ///
    /// - Parameters:
    ///   - ring: the model: where it is, how far it is turned, which item is chosen.
    ///   - look: items, pictures, colours.
    ///   - backdrop: an opaque colour to paint around the ring within its square (fast, for a
    ///     full-screen kiosk), or nil to blend over what is already drawn (embedded).
    ///   - coordinate: an item coordinate to show instead of the model's own position (2.5: half
    ///     way between items 2 and 3), e.g. a dial unwinding with a countdown. The item
    ///     nearest to it is the bright one.
    ///   - marker: the pointer at the ring's marker angle, drawn just outside its rim over the
    ///     ring (nil: none, e.g. when the program draws its own; see ``marker(_:look:)``).
    public static func commands(_ ring: RingControl, look: RingLook, backdrop: RGBA? = nil,
                                showing coordinate: Double? = nil, marker: MarkerLook? = nil) -> [DrawCommand] {
        let rotation = coordinate.map { $0 * ring.spacingDegrees } ?? ring.rotationDegrees
        let layout = ring.drag.axis.layout
        let highlighted = coordinate.map { layout.index(ofCoordinate: Int(saturating: $0.rounded())) } ?? ring.selectedIndex
        return [.ring(RingDraw(look: look, center: ring.center, innerRadius: ring.innerRadius,
                               outerRadius: ring.outerRadius, markerDegrees: ring.markerDegrees,
                               rotationDegrees: rotation, highlighted: highlighted, backdrop: backdrop))]
            + (marker.map { Self.marker(ring, look: $0) } ?? [])
    }

    /// The marker of `ring` alone: `look`'s picture centred just outside the rim (its centre
    /// `look.size × 0.55` pixels out) at the ring's marker angle, pointing at the centre. For
    /// a program that draws something of its own between the ring and its marker.
    public static func marker(_ ring: RingControl, look: MarkerLook) -> [DrawCommand] {
        MarkerDrawing.commands(center: ring.center, radius: ring.outerRadius + look.size * 0.55, degrees: ring.markerDegrees,
                               look: look)
    }
}
