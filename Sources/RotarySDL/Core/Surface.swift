import CSDL2

/// An SDL surface of 32-bit RGBA pixels in memory, freed with this object: a picture to draw
/// into with a software ``Renderer``, to compare, or to save as PNG.
public final class Surface {
    let pointer: UnsafeMutablePointer<SDL_Surface>
    /// The pixel layout: bytes R, G, B, A in memory order.
    static let format = SDL_PIXELFORMAT_ABGR8888.rawValue

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

    deinit { SDL_FreeSurface(pointer) }

    /// Width in pixels.
    public var width: Int { Int(pointer.pointee.w) }
    /// Height in pixels.
    public var height: Int { Int(pointer.pointee.h) }

    /// The colour of the pixel at (`x`, `y`), which must lie inside the surface.
    public func pixel(x: Int, y: Int) -> RGBA {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let row = pointer.pointee.pixels.assumingMemoryBound(to: UInt8.self) + y * Int(pointer.pointee.pitch)
        let p = row + x * 4
        return RGBA(p[0], p[1], p[2], p[3])
    }

    /// Writes the surface as a PNG file.
    public func savePNG(to path: String) throws {
        try check(IMG_SavePNG(pointer, path), "IMG_SavePNG(\(path))")
    }
}
