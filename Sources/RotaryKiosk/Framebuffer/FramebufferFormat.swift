/// How a Linux framebuffer lays out its pixels: what `FBIOGET_VSCREENINFO` and
/// `FBIOGET_FSCREENINFO` say, reduced to what copying a picture into it needs.
public struct FramebufferFormat: Equatable, Sendable, CustomStringConvertible {
    /// Where one colour channel sits in a pixel: its lowest bit and its width, in bits.
    public struct Channel: Equatable, Sendable {
        /// The channel's lowest bit in the pixel (as a little-endian number).
        public var offset: Int
        /// How many bits the channel has (1…8).
        public var length: Int

        /// A channel of `length` bits from bit `offset`.
        public init(offset: Int, length: Int) {
            self.offset = offset
            self.length = length
        }
    }

    /// Visible width, pixels.
    public var width: Int
    /// Visible height, pixels.
    public var height: Int
    /// Bits per pixel: 16, 24 or 32.
    public var bitsPerPixel: Int
    public var red: Channel
    public var green: Channel
    public var blue: Channel
    /// Where the driver wants alpha (`transp`), set to opaque in every pixel; nil: none.
    public var alpha: Channel?
    /// Bytes from one row to the next (`line_length`): often more than `width` pixels.
    public var lineLength: Int

    /// A format; ``problem`` says whether the kiosk can draw into it.
    public init(width: Int, height: Int, bitsPerPixel: Int, red: Channel, green: Channel, blue: Channel, alpha: Channel? = nil,
                lineLength: Int) {
        self.width = width
        self.height = height
        self.bitsPerPixel = bitsPerPixel
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.lineLength = lineLength
    }

    /// 32-bit pixels 0x··RRGGBB (XRGB8888): most DRM fbdev emulations and PCs.
    public static func xrgb8888(width: Int, height: Int, lineLength: Int? = nil) -> FramebufferFormat {
        FramebufferFormat(width: width, height: height, bitsPerPixel: 32, red: Channel(offset: 16, length: 8),
                          green: Channel(offset: 8, length: 8), blue: Channel(offset: 0, length: 8),
                          lineLength: lineLength ?? width * 4)
    }

    /// 16-bit pixels RRRRRGGGGGGBBBBB (RGB565): small SPI panels (fbtft).
    public static func rgb565(width: Int, height: Int, lineLength: Int? = nil) -> FramebufferFormat {
        FramebufferFormat(width: width, height: height, bitsPerPixel: 16, red: Channel(offset: 11, length: 5),
                          green: Channel(offset: 5, length: 6), blue: Channel(offset: 0, length: 5),
                          lineLength: lineLength ?? width * 2)
    }

    /// 16-bit pixels BBBBBGGGGGGRRRRR (BGR565).
    public static func bgr565(width: Int, height: Int, lineLength: Int? = nil) -> FramebufferFormat {
        FramebufferFormat(width: width, height: height, bitsPerPixel: 16, red: Channel(offset: 0, length: 5),
                          green: Channel(offset: 5, length: 6), blue: Channel(offset: 11, length: 5),
                          lineLength: lineLength ?? width * 2)
    }

    /// Bytes per pixel.
    public var bytesPerPixel: Int { bitsPerPixel / 8 }

    /// Bytes one visible picture takes, rows and their padding.
    public var pageBytes: Int { lineLength * height }

    /// Whether pixels are 0x··RRGGBB words, as the kiosk draws them: rows are copied as they are.
    var isXRGB8888: Bool { self == .xrgb8888(width: width, height: height, lineLength: lineLength) }

    /// Why the kiosk cannot draw into this format, or nil when it can.
    public var problem: String? {
        guard [16, 24, 32].contains(bitsPerPixel) else { return "\(bitsPerPixel) bits per pixel (16, 24 or 32 work)" }
        guard width > 0, height > 0 else { return "a visible size of \(width)×\(height)" }
        guard lineLength >= width * bytesPerPixel else {
            return "rows of \(lineLength) bytes, too short for \(width) pixels of \(bytesPerPixel) bytes"
        }
        for (name, channel) in [("red", red), ("green", green), ("blue", blue)] + (alpha.map { [("alpha", $0)] } ?? [])
        where !(1...8).contains(channel.length) || channel.offset < 0 || channel.offset + channel.length > bitsPerPixel {
            return "a \(name) channel of \(channel.length) bits at bit \(channel.offset)"
        }
        return nil
    }

    /// E.g. "800×480 XRGB8888", "320×240 RGB565", "480×320 16 bpp r5@0 g6@5 b5@11 (BGR565)".
    public var description: String {
        let size = "\(width)×\(height)"
        let known: [(String, FramebufferFormat)] = [
            ("XRGB8888", .xrgb8888(width: width, height: height, lineLength: lineLength)),
            ("RGB565", .rgb565(width: width, height: height, lineLength: lineLength)),
            ("BGR565", .bgr565(width: width, height: height, lineLength: lineLength)),
        ]
        if let name = known.first(where: { $0.1 == self })?.0 { return "\(size) \(name)" }
        let a = alpha.map { " a\($0.length)@\($0.offset)" } ?? ""
        return "\(size) \(bitsPerPixel) bpp r\(red.length)@\(red.offset) g\(green.length)@\(green.offset) b\(blue.length)@\(blue.offset)\(a)"
    }
}
