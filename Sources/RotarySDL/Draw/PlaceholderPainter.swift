import RotaryKit

/// Draws a ring control and the centre button as flat coloured shapes: the stand-in screen
/// until the textured renderer exists. It only reads the models.
public struct PlaceholderPainter {
    /// One colour per segment, repeated.
    public var palette: [RGBA] = [
        RGBA(231, 111, 81), RGBA(244, 162, 97), RGBA(233, 196, 106), RGBA(42, 157, 143),
        RGBA(38, 70, 83), RGBA(131, 56, 236), RGBA(58, 134, 255), RGBA(255, 0, 110),
    ]
    /// Opacity of the segments not under the marker.
    public var dimmedAlpha = 0.6

    /// A painter with the default palette.
    public init() {}

    /// Draws `ring`'s segments, the selected one opaque, and its marker.
    public func draw(_ ring: RingControl, on renderer: Renderer) throws {
        let half = ring.spacingDegrees / 2
        for index in ring.labels.indices {
            let mid = ring.itemCenterDegrees(index)
            let color = palette[index % palette.count]
            let alpha = index == ring.selectedIndex ? 1 : dimmedAlpha
            try renderer.fillAnnularSector(center: ring.center, innerRadius: ring.innerRadius,
                                           outerRadius: ring.outerRadius, startDegrees: mid - half + 0.5,
                                           endDegrees: mid + half - 0.5, color: color.fading(alpha))
        }
        let tip = Degrees.point(at: ring.markerDegrees, radius: ring.outerRadius - 6, around: ring.center)
        let base = ring.outerRadius + 18
        try renderer.fillTriangle(tip,
                                  Degrees.point(at: ring.markerDegrees - 3, radius: base, around: ring.center),
                                  Degrees.point(at: ring.markerDegrees + 3, radius: base, around: ring.center),
                                  color: RGBA(250, 250, 250))
    }

    /// Draws the centre button, darker while pressed.
    public func draw(_ button: CenterButton, on renderer: Renderer) throws {
        let color = button.isPressed ? RGBA(30, 110, 60) : RGBA(46, 160, 90)
        try renderer.fillDisc(center: button.center, radius: button.radius, color: color)
    }
}
