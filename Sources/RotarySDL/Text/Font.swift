import CSDL2

/// A TrueType font at one pixel size, closed with this object. Text is UTF-8.
public final class Font {
    let pointer: OpaquePointer
    /// The file it was opened from.
    public let path: String
    /// Size in points (pixels at 72 dpi).
    public let size: Int

    /// Opens `path` at `size` points. Needs ``SDLSystem`` or `TTF_Init` first.
    public init(path: String, size: Int) throws {
        guard let font = FontLibrary.open(path: path, size: Int32(clamping: size)) else { throw SDLError("TTF_OpenFont(\(path), \(size))") }
        pointer = font
        self.path = path
        self.size = size
    }

    deinit { FontLibrary.close(pointer) }

    /// The width and height `text` would take, in pixels.
    public func measure(_ text: String) -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(pointer, text, &w, &h)
        return (Int(w), Int(h))
    }

    /// The characters of `text` this font has no glyph for, each once, in order: SDL_ttf
    /// would draw them as empty boxes. Controls and format characters (joiners, direction
    /// marks) are left out: they are not drawn as glyphs anyway.
    public func missingCharacters(in text: String) -> [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !missing.contains(scalar) {
            switch scalar.properties.generalCategory {
            case .control, .format: continue
            default: if TTF_GlyphIsProvided32(pointer, scalar.value) == 0 { missing.append(scalar) }
            }
        }
        return missing
    }

    /// Runs `body` with the font at `path` opened for inspection (glyph coverage, sizes)
    /// without a window: SDL_ttf is initialised just for the call. `TTF_Init` is counted, so
    /// an ``SDLSystem`` alive at the same time is not disturbed. The font is closed before
    /// SDL_ttf is, so it must not outlive `body`.
    public static func inspecting<T>(path: String, size: Int = 16, _ body: (Font) throws -> T) throws -> T {
        try FontLibrary.start()
        defer { FontLibrary.stop() }
        let result: T
        do {
            let font = try Font(path: path, size: size)
            result = try body(font)
        }
        return result
    }

    /// `text` drawn anti-aliased in `color` on a transparent surface. An empty string gives
    /// a 1×1 transparent surface.
    public func render(_ text: String, color: RGBA) throws -> Surface {
        guard !text.isEmpty else { return try Surface(width: 1, height: 1) }
        let sdlColor = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        guard let surface = TTF_RenderUTF8_Blended(pointer, text, sdlColor) else {
            throw SDLError("TTF_RenderUTF8_Blended")
        }
        return try Surface(adopting: surface, operation: "converting rendered text")
    }
}
