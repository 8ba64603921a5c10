/// A colour with 8-bit straight (not premultiplied) alpha.
public struct RGBA: Equatable, Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    /// A colour from its four channels.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The same colour with alpha multiplied by `factor` (0…1).
    public func fading(_ factor: Double) -> RGBA {
        RGBA(r, g, b, UInt8((Double(a) * min(max(factor, 0), 1)).rounded()))
    }
}
