import CSDL2

/// An SDL surface of 32-bit ARGB pixels in memory (each pixel one `UInt32` 0xAARRGGBB),
/// freed with this object: a picture to draw into with a software ``Renderer``, to compare,
/// or to save as PNG.
public final class Surface {
    let pointer: UnsafeMutablePointer<SDL_Surface>
    /// The pixel layout: one native-endian 0xAARRGGBB word per pixel.
    static let format = SDL_PIXELFORMAT_ARGB8888.rawValue

    /// A transparent-black surface of `width`×`height` pixels.
    public init(width: Int, height: Int) throws {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, Self.format) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat(\(width)x\(height))")
        }
        pointer = surface
    }

    /// Loads a PNG (or any format SDL_image reads) and converts it to RGBA.
    public init(contentsOf path: String) throws {
        guard let loaded = IMG_Load(path) else { throw SDLError("IMG_Load(\(path))") }
        defer { SDL_FreeSurface(loaded) }
        guard let converted = SDL_ConvertSurfaceFormat(loaded, Self.format, 0) else {
            throw SDLError("SDL_ConvertSurfaceFormat(\(path))")
        }
        pointer = converted
    }

    /// Takes ownership of `surface`, converting it to ARGB first (the original is freed).
    init(adopting surface: UnsafeMutablePointer<SDL_Surface>, operation: String) throws {
        defer { SDL_FreeSurface(surface) }
        guard let converted = SDL_ConvertSurfaceFormat(surface, Self.format, 0) else { throw SDLError(operation) }
        pointer = converted
    }

    /// A surface holding a copy of `buffer`'s pixels.
    public convenience init(_ buffer: PixelBuffer) throws {
        try self.init(width: buffer.width, height: buffer.height)
        buffer.pixels.withUnsafeBytes { bytes in
            for y in 0..<buffer.height {
                let row = pointer.pointee.pixels + y * Int(pointer.pointee.pitch)
                row.copyMemory(from: bytes.baseAddress! + y * buffer.width * 4, byteCount: buffer.width * 4)
            }
        }
    }

    deinit { SDL_FreeSurface(pointer) }

    /// Width in pixels.
    public var width: Int { Int(pointer.pointee.w) }
    /// Height in pixels.
    public var height: Int { Int(pointer.pointee.h) }

    /// A copy stretched to `width`×`height` pixels, smoothly (SDL's linear stretch).
    func scaled(width: Int, height: Int) throws -> Surface {
        let out = try Surface(width: width, height: height)
        try check(SDL_SoftStretchLinear(pointer, nil, out.pointer, nil), "SDL_SoftStretchLinear")
        return out
    }

    /// Copies `source` here, alpha and all (no blending), its top-left corner at (`x`, `y`).
    func copy(_ source: Surface, toX x: Int, y: Int) throws {
        SDL_SetSurfaceBlendMode(source.pointer, SDL_BLENDMODE_NONE)
        var to = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(source.width), h: Int32(source.height))
        try check(SDL_UpperBlit(source.pointer, nil, pointer, &to), "SDL_BlitSurface")
    }

    /// The colour of the pixel at (`x`, `y`), which must lie inside the surface.
    public func pixel(x: Int, y: Int) -> RGBA {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let row = pointer.pointee.pixels + y * Int(pointer.pointee.pitch)
        return RGBA(argb: row.load(fromByteOffset: x * 4, as: UInt32.self))
    }

    /// Hands `body` the pixels where they are: one 0xAARRGGBB word each, rows `stride` words
    /// apart. What a software ``Renderer`` drew is there once it has presented.
    public func withPixels<Result>(_ body: (_ pixels: UnsafePointer<UInt32>, _ stride: Int) throws -> Result) rethrows -> Result {
        let pixels = UnsafeRawPointer(pointer.pointee.pixels!).assumingMemoryBound(to: UInt32.self)
        return try body(pixels, Int(pointer.pointee.pitch) / 4)
    }

    /// A copy of the pixels as a ``PixelBuffer``.
    public func pixelBuffer() -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height)
        buffer.pixels.withUnsafeMutableBytes { bytes in
            for y in 0..<height {
                let row = pointer.pointee.pixels + y * Int(pointer.pointee.pitch)
                (bytes.baseAddress! + y * width * 4).copyMemory(from: row, byteCount: width * 4)
            }
        }
        return buffer
    }

    /// The smallest rectangle holding every pixel whose alpha is not 0, nil when none is.
    func visibleBounds() -> (x: Int, y: Int, width: Int, height: Int)? {
        var left = width, right = -1, top = height, bottom = -1
        for y in 0..<height {
            let row = (pointer.pointee.pixels + y * Int(pointer.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            var first = -1
            for x in 0..<width where row[x] >> 24 != 0 {
                first = x
                break
            }
            guard first >= 0 else { continue }
            var last = first
            for x in stride(from: width - 1, to: first, by: -1) where row[x] >> 24 != 0 {
                last = x
                break
            }
            (left, right, top, bottom) = (min(left, first), max(right, last), min(top, y), y)
        }
        return right < 0 ? nil : (left, top, right - left + 1, bottom - top + 1)
    }

    /// A copy of the `width`×`height` pixels from (`x`, `y`), which must lie inside.
    func cropped(x: Int, y: Int, width: Int, height: Int) throws -> Surface {
        precondition(x >= 0 && y >= 0 && x + width <= self.width && y + height <= self.height, "crop outside the surface")
        let result = try Surface(width: width, height: height)
        for row in 0..<height {
            let from = pointer.pointee.pixels + (y + row) * Int(pointer.pointee.pitch) + x * 4
            let to = result.pointer.pointee.pixels + row * Int(result.pointer.pointee.pitch)
            to.copyMemory(from: from, byteCount: width * 4)
        }
        return result
    }

    /// Writes the surface as a PNG file.
    public func savePNG(to path: String) throws {
        try check(IMG_SavePNG(pointer, path), "IMG_SavePNG(\(path))")
    }
}
