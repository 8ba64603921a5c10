/// Channel arithmetic on 0xAARRGGBB words.
public enum PixelMath {
    /// `a + (b − a)·t/256` for every channel, `t` in 0…256.
    @inline(__always)
    public static func lerp(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        if t == 0 { return a }
        if t >= 256 { return b }
        let s = 256 - t
        // Term by term: as one expression each it outgrows Swift 6.2's type checker.
        let mask: UInt32 = 0x00FF_00FF
        let rb: UInt32 = (a & mask) &* s &+ (b & mask) &* t
        let ag: UInt32 = (a >> 8 & mask) &* s &+ (b >> 8 & mask) &* t
        return (rb >> 8 & mask) | (ag & 0xFF00_FF00)
    }

    /// A premultiplied colour `source` scaled by `coverage` (0…256) and laid over the opaque
    /// `background`: the result is opaque.
    @inline(__always)
    public static func over(_ source: UInt32, coverage: UInt32, background: UInt32) -> UInt32 {
        let scaled = lerp(0, source, coverage)
        let keep = 256 - ((scaled >> 24) + (scaled >> 31))  // 256 − alpha, with 255 → 256
        let rest = lerp(0, background, keep)
        return (0xFF00_0000 | ((scaled & 0x00FF_FFFF) &+ (rest & 0x00FF_FFFF))) & 0xFFFF_FFFF
    }

    /// A straight-alpha colour with only its alpha multiplied by `weight` (0…256): fading a
    /// texel that will be blended keeps its colour, so nothing darkens towards black.
    @inline(__always)
    public static func fadeAlpha(_ color: UInt32, _ weight: UInt32) -> UInt32 {
        let alpha = (color >> 24 &* min(weight, 256)) >> 8
        return alpha << 24 | color & 0x00FF_FFFF
    }

    /// A premultiplied colour as straight alpha: each channel divided by alpha (rounded),
    /// transparent black kept.
    public static func unpremultiplied(_ color: UInt32) -> UInt32 {
        let alpha = color >> 24
        guard alpha > 0, alpha < 255 else { return alpha == 0 ? 0 : color }
        func channel(_ shift: UInt32) -> UInt32 { min(255, ((color >> shift & 0xFF) * 255 + alpha / 2) / alpha) << shift }
        return alpha << 24 | channel(16) | channel(8) | channel(0)
    }

    /// Straight-alpha `top` with its alpha scaled by `amount` (0…1) laid over straight-alpha
    /// `bottom` (Porter-Duff over): the result is straight alpha too.
    public static func straightOver(_ top: UInt32, amount: Double, bottom: UInt32) -> UInt32 {
        let ta = Double(top >> 24) / 255 * min(max(amount, 0), 1), ba = Double(bottom >> 24) / 255
        let alpha = ta + ba * (1 - ta)
        guard alpha > 0 else { return 0 }
        func channel(_ shift: UInt32) -> UInt32 {
            let mixed = (Double(top >> shift & 0xFF) * ta + Double(bottom >> shift & 0xFF) * ba * (1 - ta)) / alpha
            return UInt32(min(max(mixed.rounded(), 0), 255)) << shift
        }
        return UInt32((alpha * 255).rounded()) << 24 | channel(16) | channel(8) | channel(0)
    }
}
