/// A picture in memory as 0xAARRGGBB words, row by row, with no padding. Pure Swift: the
/// raster code that builds and composes frames works on these, not on SDL objects.
///
/// Buffers drawn by SDL's blending onto a transparent start hold *premultiplied* colour
/// (each channel already multiplied by alpha); the samplers here assume so.
public struct PixelBuffer: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height` pixels, top row first.
    public var pixels: [UInt32]

    /// A buffer of `width`×`height` pixels filled with `fill`, a 0xAARRGGBB word (transparent
    /// black by default).
    public init(width: Int, height: Int, fill: UInt32 = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = Array(repeating: fill, count: self.width * self.height)
    }

    /// The pixel at (`x`, `y`), or transparent black outside the buffer.
    @inline(__always)
    public func pixel(_ x: Int, _ y: Int) -> UInt32 {
        x >= 0 && y >= 0 && x < width && y < height ? pixels[y * width + x] : 0
    }

    /// Bilinear sample at continuous position (`x`, `y`), where pixel (i, j) has its centre
    /// at (i + 0.5, j + 0.5). Outside the buffer it fades to transparent.
    public func sample(x: Double, y: Double) -> UInt32 {
        // Floor and round by hand: on x86-64 without SSE4.1 `rounded` is a call into libm,
        // and this runs for every texel of every ring when the art is made.
        let fx = x - 0.5, fy = y - 0.5
        var x0 = Int(fx), y0 = Int(fy)
        if Double(x0) > fx { x0 -= 1 }
        if Double(y0) > fy { y0 -= 1 }
        let tx = UInt32((fx - Double(x0)) * 256 + 0.5), ty = UInt32((fy - Double(y0)) * 256 + 0.5)
        let top = PixelMath.lerp(pixel(x0, y0), pixel(x0 + 1, y0), tx)
        let bottom = PixelMath.lerp(pixel(x0, y0 + 1), pixel(x0 + 1, y0 + 1), tx)
        return PixelMath.lerp(top, bottom, ty)
    }
}
