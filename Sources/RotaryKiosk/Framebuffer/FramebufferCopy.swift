import RotaryKit

/// Copies rectangles of a picture drawn as 32-bit 0x··RRGGBB words into a framebuffer's
/// memory, converting each pixel to the framebuffer's ``FramebufferFormat`` (channels cut to
/// their width, placed at their offsets, alpha opaque where the format has it, written in the
/// CPU's byte order as 2 or 4 bytes, or 3 bytes lowest first).
public struct FramebufferCopy {
    /// The framebuffer's layout.
    public let format: FramebufferFormat
    private let shifts: (red: Int, green: Int, blue: Int)
    /// The alpha channel's bits, all set: or-ed into every pixel.
    private let opaque: UInt32

    /// A copier into framebuffers of `format` (whose ``FramebufferFormat/problem`` is nil).
    public init(format: FramebufferFormat) {
        precondition(format.problem == nil, "unusable framebuffer format \(format)")
        self.format = format
        shifts = (8 - format.red.length, 8 - format.green.length, 8 - format.blue.length)
        opaque = format.alpha.map { (UInt32(1) << $0.length - 1) << $0.offset } ?? 0
    }

    /// The framebuffer's pixel for the colour 0x··RRGGBB.
    public func pixel(_ rgb: UInt32) -> UInt32 {
        let r = (rgb >> 16) & 0xFF, g = (rgb >> 8) & 0xFF, b = rgb & 0xFF
        return (r >> shifts.red) << format.red.offset | (g >> shifts.green) << format.green.offset
            | (b >> shifts.blue) << format.blue.offset | opaque
    }

    /// Copies `rect` (pixels; cut to the picture and the framebuffer, whole pixels outward)
    /// of the picture at `source` (rows `sourceStride` words apart) into the framebuffer page
    /// starting at `page`, which holds `format.pageBytes` bytes.
    public func copy(_ rect: Rect, from source: UnsafePointer<UInt32>, sourceStride: Int,
                     to page: UnsafeMutableRawPointer) {
        let whole = rect.pixelAligned
        let x0 = max(0, Int(whole.x)), y0 = max(0, Int(whole.y))
        let x1 = min(format.width, Int(whole.maxX)), y1 = min(format.height, Int(whole.maxY))
        guard x0 < x1, y0 < y1 else { return }
        let count = x1 - x0
        for y in y0..<y1 {
            let from = source + y * sourceStride + x0
            let row = page + y * format.lineLength + x0 * format.bytesPerPixel
            switch format.bytesPerPixel {
            case 4 where format.isXRGB8888:
                row.copyMemory(from: from, byteCount: count * 4)
            case 4:  // unaligned stores: `lineLength` need not be a multiple of anything
                for i in 0..<count { row.storeBytes(of: pixel(from[i]), toByteOffset: 4 * i, as: UInt32.self) }
            case 2:
                for i in 0..<count {
                    row.storeBytes(of: UInt16(truncatingIfNeeded: pixel(from[i])), toByteOffset: 2 * i, as: UInt16.self)
                }
            default:
                let to = row.assumingMemoryBound(to: UInt8.self)
                for i in 0..<count {
                    let value = pixel(from[i])
                    to[3 * i] = UInt8(truncatingIfNeeded: value)
                    to[3 * i + 1] = UInt8(truncatingIfNeeded: value >> 8)
                    to[3 * i + 2] = UInt8(truncatingIfNeeded: value >> 16)
                }
            }
        }
    }
}
