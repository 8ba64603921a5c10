/// A block of 0xAARRGGBB pixels standing for a rectangle of the window, e.g. the locked
/// part of a streaming texture: pixel (`x`, `y`) of the window is
/// `pixels[(y − originY) · stride + (x − originX)]`. Ring maps address window pixels and
/// write into whichever block covers them.
public struct RasterTarget {
    /// The block's first pixel: window pixel (`originX`, `originY`).
    public let pixels: UnsafeMutablePointer<UInt32>
    /// Distance between rows, pixels.
    public let stride: Int
    /// Window column of the block's left edge, pixels.
    public let originX: Int
    /// Window row of the block's top edge, pixels.
    public let originY: Int

    /// A block at `pixels` whose rows lie `stride` pixels apart, its first pixel at window
    /// pixel (`originX`, `originY`).
    public init(pixels: UnsafeMutablePointer<UInt32>, stride: Int, originX: Int = 0, originY: Int = 0) {
        self.pixels = pixels
        self.stride = stride
        self.originX = originX
        self.originY = originY
    }

    /// The offset into ``pixels`` of window pixel (`x`, `y`).
    @inline(__always)
    func offset(x: Int, y: Int) -> Int { (y - originY) * stride + (x - originX) }
}
