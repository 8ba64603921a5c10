import CSDL2
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RotaryAssets
import RotaryKit

/// Loads art at exactly the pixel size the layout needs: SVG is rasterised at that size
/// (sharp on a 4K panel, small on a 480p one); PNG is scaled linearly. A file is read whole
/// (at most ``ArtHeader/maxBytes``), its header checked by ``ArtHeader``, and only then
/// decoded from memory, so what is checked is what is decoded.
public enum ImageLoader {
    /// The image from `source`, `width`×`height` pixels. Throws an ``SDLError`` that says
    /// what is wrong with a file (missing, a folder, empty, not PNG or SVG, too large, broken).
    public static func load(_ source: ArtSource, width: Int, height: Int) throws -> Surface {
        let w = max(1, width), h = max(1, height)
        switch source {
        case .builtIn(let name):
            guard let bytes = RotaryAssets.named(name) else {
                throw SDLError("loading built-in art", message: "there is no built-in \"\(name)\"")
            }
            return try decode(bytes, svg: true, width: w, height: h, name: "built-in \(name)")
        case .svg(let bytes):
            return try decode(bytes, svg: true, width: w, height: h, name: "built-in SVG")
        case .file(let path):
            let svg = path.lowercased().hasSuffix(".svg")
            let bytes = try read(path)
            do { _ = try ArtHeader.inspect(bytes, isSVG: svg) } catch {
                throw SDLError("loading \(path)", message: error.description)
            }
            return try decode(bytes, svg: svg, width: w, height: h, name: path)
        }
    }

    /// Each of `requests` loaded as ``load(_:width:height:)`` does, on every core at once with
    /// `threads` set to ``DrawingThreads/workers``: rasterising SVG is the slow part of making
    /// a ring's art, and each picture is its own.
    public static func loadAll(_ requests: [(source: ArtSource, width: Int, height: Int)],
                               threads: DrawingThreads = .callerOnly) -> [Result<Surface, Error>] {
        var results = [Result<Surface, Error>?](repeating: nil, count: requests.count)
        results.withUnsafeMutableBufferPointer { slots in
            let out = UnsafeSendable(slots.baseAddress!)
            threads.perform(requests.count) { i in
                let request = requests[i]
                out.pointer[i] = Result { try load(request.source, width: request.width, height: request.height) }
            }
        }
        return results.map { $0! }
    }

    /// The bytes of the file at `path`, refusing folders and files larger than
    /// ``ArtHeader/maxBytes`` before reading them.
    private static func read(_ path: String) throws -> [UInt8] {
        do { return try BoundedFile.read(path, limit: ArtHeader.maxBytes) } catch {
            throw SDLError("loading \(path)", message: "\(error)")
        }
    }

    private static func decode(_ bytes: [UInt8], svg: Bool, width: Int, height: Int, name: String) throws -> Surface {
        try bytes.withUnsafeBytes { raw in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { throw SDLError("SDL_RWFromConstMem") }
            defer { SDL_RWclose(rw) }
            let decoded = svg ? IMG_LoadSizedSVG_RW(rw, Int32(width), Int32(height)) : IMG_LoadPNG_RW(rw)
            guard let decoded else { throw SDLError(svg ? "rasterising \(name)" : "decoding \(name)") }
            let image = try Surface(adopting: decoded, operation: "converting \(name)")
            guard image.width > 0, image.height > 0 else { throw SDLError("decoding \(name)", message: "an empty picture") }
            return image.width == width && image.height == height ? image : try image.scaled(width: width, height: height)
        }
    }
}
