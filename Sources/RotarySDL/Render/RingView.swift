import RotaryKit

/// A ring control as drawn on one window: its art unrolled once (``PolarRing``) and the
/// table of which texel each window pixel shows (``RingPixelMap``). Drawing it at any angle
/// is a lookup per pixel.
public struct RingView: Sendable {
    /// The ring's art, with the selected item at full opacity.
    public private(set) var polar: PolarRing
    /// Which window pixels show which texels.
    public let map: RingPixelMap

    /// A view of `ring`, painted with `look`, for the frames of `compositor`.
    public init(ring: RingControl, look: RingLook, fonts: FontBook, compositor: FrameCompositor) throws {
        polar = try RingArtist.polarRing(look, innerRadius: ring.innerRadius, outerRadius: ring.outerRadius,
                                         fonts: fonts, selected: ring.selectedIndex)
        map = RingPixelMap(width: compositor.width, height: compositor.height, stride: compositor.stride,
                           cx: ring.center.x, cy: ring.center.y,
                           innerRadius: ring.innerRadius, outerRadius: ring.outerRadius,
                           markerDegrees: ring.markerDegrees, ring: polar)
    }

    /// Draws `ring` as it is now (turn and selected item) into the frame at `frame`.
    public mutating func draw(_ ring: RingControl, into frame: UnsafeMutablePointer<UInt32>, background: UInt32) {
        polar.select(ring.selectedIndex)
        map.draw(polar, rotationDegrees: ring.rotationDegrees, into: frame, background: background)
    }
}
