import CSDL2
import RotaryKit

/// Composes the rings of a frame straight into one streaming texture: the rows the rings
/// cover are locked, filled with the background colour and drawn by lookup; rows no ring
/// covers are filled once. No frame-sized buffer of our own, and nothing relies on a locked
/// texture keeping its old pixels. (The kiosk's path until it draws through
/// ``DrawListExecutor``, which composes rings the same way within their squares.)
public final class FrameCompositor {
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// The opaque background colour.
    public let background: UInt32
    private let texture: Texture
    private var needsFullFill = true  // rows no ring covers are filled on the first frame only

    /// A compositor for `renderer`'s whole output on `background`.
    public init(renderer: Renderer, background color: RGBA) throws {
        let size = try renderer.outputSize()
        width = size.width
        height = size.height
        background = color.argb | 0xFF00_0000
        texture = try Texture(streamingFor: renderer, width: width, height: height)
    }

    /// Composes a frame: locks the rows in `covering` (ring row ranges), fills them with the
    /// background, lets `drawRings` draw into them (a target in window pixels), and puts the
    /// frame over the whole target.
    public func draw(covering ranges: [Range<Int>], on renderer: Renderer,
                     _ drawRings: (RasterTarget) -> Void) throws {
        var rows = needsFullFill ? 0..<height : 0..<0
        for r in ranges where !r.isEmpty {
            rows = rows.isEmpty ? r : min(rows.lowerBound, r.lowerBound)..<max(rows.upperBound, r.upperBound)
        }
        if !rows.isEmpty {
            try texture.withLockedRows(rows) { pixels, stride in
                pixels.update(repeating: background, count: rows.count * stride)
                drawRings(RasterTarget(pixels: pixels, stride: stride, originY: rows.lowerBound))
            }
            needsFullFill = false
        }
        try renderer.drawFullTarget(texture)
    }
}

extension RingRaster {
    /// A raster of `ring` painted with `look` on the look's background, for the frames of
    /// `compositor`.
    public init(ring: RingControl, look: RingLook, fonts: FontBook, compositor: FrameCompositor) throws {
        try self.init(Recipe(look: look, center: ring.center, innerRadius: ring.innerRadius, outerRadius: ring.outerRadius,
                             markerDegrees: ring.markerDegrees, backdrop: look.background,
                             targetWidth: compositor.width, targetHeight: compositor.height),
                      fonts: fonts, selected: ring.selectedIndex)
    }
}
