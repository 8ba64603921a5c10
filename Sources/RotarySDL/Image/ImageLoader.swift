import CSDL2

/// Loads art at exactly the pixel size the layout needs: SVG is rasterised at that size
/// (sharp on a 4K panel, small on a 480p one); PNG and other bitmaps are scaled linearly.
public enum ImageLoader {
    /// Where an image comes from.
    public enum Source: Hashable, Sendable {
        /// SVG bytes built into the binary.
        case svg([UInt8])
        /// A file: SVG by its `.svg` ending, else any bitmap SDL_image reads (PNG, …).
        case file(String)
    }

    /// The image from `source`, `width`×`height` pixels.
    public static func load(_ source: Source, width: Int, height: Int) throws -> Surface {
        let w = max(1, width), h = max(1, height)
        switch source {
        case .svg(let bytes):
            return try bytes.withUnsafeBytes { raw in
                guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { throw SDLError("SDL_RWFromConstMem") }
                return try rasterise(rw, width: w, height: h, name: "built-in SVG")
            }
        case .file(let path) where path.lowercased().hasSuffix(".svg"):
            guard let rw = SDL_RWFromFile(path, "rb") else { throw SDLError("opening \(path)") }
            return try rasterise(rw, width: w, height: h, name: path)
        case .file(let path):
            return try scaled(Surface(contentsOf: path), width: w, height: h)
        }
    }

    private static func rasterise(_ rw: UnsafeMutablePointer<SDL_RWops>, width: Int, height: Int,
                                  name: String) throws -> Surface {
        defer { SDL_RWclose(rw) }
        guard let surface = IMG_LoadSizedSVG_RW(rw, Int32(width), Int32(height)) else {
            throw SDLError("rasterising \(name)")
        }
        let image = try Surface(adopting: surface, operation: "converting \(name)")
        return image.width == width && image.height == height ? image : try scaled(image, width: width, height: height)
    }

    private static func scaled(_ image: Surface, width: Int, height: Int) throws -> Surface {
        if image.width == width && image.height == height { return image }
        let result = try Surface(width: width, height: height)
        try check(SDL_SoftStretchLinear(image.pointer, nil, result.pointer, nil), "SDL_SoftStretchLinear")
        return result
    }
}
