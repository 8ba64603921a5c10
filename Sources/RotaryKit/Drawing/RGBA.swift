/// A colour with 8-bit straight (not premultiplied) alpha: what every drawing command
/// paints with.
public struct RGBA: Equatable, Hashable, Sendable {
    /// Red, 0…255.
    public var r: UInt8
    /// Green, 0…255.
    public var g: UInt8
    /// Blue, 0…255.
    public var b: UInt8
    /// Opacity, 0 (transparent) … 255 (opaque); the colour channels are not multiplied by it.
    public var a: UInt8

    /// A colour from its four channels, each 0…255 (opaque unless `a` says otherwise).
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The colour of a 0xAARRGGBB word.
    public init(argb: UInt32) {
        self.init(UInt8(truncatingIfNeeded: argb >> 16), UInt8(truncatingIfNeeded: argb >> 8),
                  UInt8(truncatingIfNeeded: argb), UInt8(truncatingIfNeeded: argb >> 24))
    }

    /// This colour as a 0xAARRGGBB word.
    public var argb: UInt32 { UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    /// The same colour with alpha multiplied by `factor` (0…1).
    public func fading(_ factor: Double) -> RGBA {
        RGBA(r, g, b, UInt8((Double(a) * min(max(factor, 0), 1)).rounded()))
    }

    /// The colour `fraction` (0…1) of the way from this one to `other`, channel by channel,
    /// alpha included.
    public func mixed(with other: RGBA, _ fraction: Double) -> RGBA {
        let f = min(max(fraction, 0), 1)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded()) }
        return RGBA(mix(r, other.r), mix(g, other.g), mix(b, other.b), mix(a, other.a))
    }
}
