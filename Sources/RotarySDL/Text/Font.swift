import CSDL2

/// A TrueType font at one pixel size. Its face is closed when nothing holds it any more: this
/// font, or the ``FontBook`` whose fonts share it. Text is UTF-8.
public final class Font {
    /// The opened face, shared with the book's other sizes of it (``FontFace``).
    private let face: FontFace
    /// The file it was opened from.
    public let path: String
    /// Size in points (pixels at 72 dpi).
    public let size: Int
    /// The direction and script what follows is shaped in (``shape(rightToLeft:script:)``).
    private var rightToLeft = false, script = Font.anyScript
    /// HarfBuzz's tag for "no script given": it then finds the script from the text.
    static let anyScript = "Zzzz"

    /// Opens face `index` of `path` (0 for a file of one face) at `size` points. SDL_ttf is
    /// started for as long as the font is open, so neither ``SDLSystem`` nor SDL video is
    /// needed.
    public convenience init(path: String, index: Int = 0, size: Int) throws {
        try self.init(face: FontFace(path: path, index: index, size: size), path: path, size: size)
    }

    /// `face` (opened from `path`) used at `size` points.
    init(face: FontFace, path: String, size: Int) {
        self.face = face
        self.path = path
        self.size = size
    }

    /// The face, set to this font's size, direction and script.
    private var pointer: OpaquePointer { face.prepared(size: size, rightToLeft: rightToLeft, script: script) }

    /// Shapes what follows as `script` (an ISO 15924 tag such as "Arab") read right to left
    /// or left to right: HarfBuzz, inside SDL_ttf, then joins and places the letters as that
    /// script wants and lays a right-to-left run out from the right.
    func shape(rightToLeft: Bool, script: String) {
        self.rightToLeft = rightToLeft
        if script.utf8.count == 4 { self.script = script }
    }

    /// Pixels from the top of a rendered line to the baseline.
    var ascent: Int { Int(TTF_FontAscent(pointer)) }
    /// Height of a rendered line, pixels.
    var height: Int { Int(TTF_FontHeight(pointer)) }

    /// Whether the font has a glyph for `scalar`.
    func provides(_ scalar: Unicode.Scalar) -> Bool { TTF_GlyphIsProvided32(pointer, scalar.value) != 0 }

    /// The width and height `text` would take, in pixels.
    public func measure(_ text: String) -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(pointer, text, &w, &h)
        return (Int(w), Int(h))
    }

    /// The characters of `text` this font has no glyph for, each once, in order: drawn with
    /// this font alone they would be empty boxes (a ``FontBook`` takes them from a fallback;
    /// see ``undrawableCharacters(in:)``). Controls and format characters (joiners,
    /// direction marks) are left out: they are not drawn as glyphs anyway.
    public func missingCharacters(in text: String) -> [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !missing.contains(scalar) {
            switch scalar.properties.generalCategory {
            case .control, .format: continue
            default: if !provides(scalar) { missing.append(scalar) }
            }
        }
        return missing
    }

    /// The characters of `text` that a ``FontBook`` of this font draws as empty boxes: those
    /// this font lacks and no installed fallback (``FontFallback``) has, each once, in order,
    /// of the text as a line shows it (``TextRuns/displayable(_:)``).
    public func undrawableCharacters(in text: String) -> [Unicode.Scalar] {
        missingCharacters(in: TextRuns.displayable(text)).filter { FontFallback.face(for: $0) == nil }
    }

    /// Runs `body` with the font at `path` opened at `size` points for inspection (glyph
    /// coverage, sizes) without a window, and closes it afterwards.
    public static func inspecting<T>(path: String, size: Int = 16, _ body: (Font) throws -> T) throws -> T {
        try body(Font(path: path, size: size))
    }

    /// `text` drawn anti-aliased in `color` on a transparent surface, as one run of this font
    /// in the script and direction last set: no fallback fonts, no reordering
    /// (``FontBook/renderFitting(_:size:maxWidth:widthScale:narrowestFit:leastSize:color:)`` sets text in any script). An
    /// empty string gives a 1×1 transparent surface.
    public func render(_ text: String, color: RGBA) throws -> Surface {
        guard !text.isEmpty else { return try Surface(width: 1, height: 1) }
        let sdlColor = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        guard let surface = TTF_RenderUTF8_Blended(pointer, text, sdlColor) else {
            throw SDLError("TTF_RenderUTF8_Blended")
        }
        return try Surface(adopting: surface, operation: "converting rendered text")
    }
}
