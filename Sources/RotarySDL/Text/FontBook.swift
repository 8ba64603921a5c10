import RotaryKit

/// One font file opened once and used at whatever sizes are asked for, with the fallback
/// fonts that draw the characters it lacks (``FontFallback``), opened as they are needed
/// (each face once, its sizes sharing it). Text is set as lines (`TextLine`): shaped, ordered and drawn with those fonts.
/// Needs no ``SDLSystem``: each open font keeps SDL_ttf started (see ``Font``).
public final class FontBook {
    /// The font file.
    public let path: String
    private var fonts: [Int: Font] = [:]
    /// Fallback faces in the order first needed: face number `n` ≥ 1 is `fallbacks[n − 1]`.
    private var fallbacks: [FontFallback.Face] = []
    private var fallbackFonts: [FallbackSize: Font] = [:]
    /// The faces opened so far, by face number (0: the book's own).
    private var faces: [Int: FontFace] = [:]
    /// The book's own font's weight as fontconfig knows it: fallbacks are asked for at it.
    private lazy var weight: Int32? = FontFallback.weight(ofFile: path)

    private struct FallbackSize: Hashable {
        var face: Int
        var size: Int
    }

    /// A book for the font at `path`; opening happens on first use of each size.
    public init(path: String) {
        self.path = path
    }

    /// The font files drawn from so far: the book's own and each fallback face's, once.
    var filesInUse: [String] {
        var seen: Set<String> = [path]
        return [path] + fallbacks.map(\.path).filter { seen.insert($0).inserted }
    }

    /// The font at `size` points (at least 4).
    public func font(size: Int) throws -> Font {
        let size = max(4, size)
        if let font = fonts[size] { return font }
        let font = Font(face: try opened(0, path: path, index: 0, size: size), path: path, size: size)
        fonts[size] = font
        return font
    }

    /// Face number `number` of the book (from `path`, face `index` in it), opened at `size`
    /// points the first time it is asked for.
    private func opened(_ number: Int, path: String, index: Int, size: Int) throws -> FontFace {
        if let face = faces[number] { return face }
        let face = try FontFace(path: path, index: index, size: size)
        faces[number] = face
        return face
    }

    /// The font of face number `number` at `size` points: 0 is the book's own font, others
    /// the fallbacks ``faceNumber(for:emoji:primary:)`` gave.
    func face(_ number: Int, size: Int) throws -> Font {
        guard number > 0, number <= fallbacks.count else { return try font(size: size) }
        let key = FallbackSize(face: number, size: max(4, size))
        if let font = fallbackFonts[key] { return font }
        let face = fallbacks[number - 1]
        let font = Font(face: try opened(number, path: face.path, index: face.index, size: key.size), path: face.path,
                        size: key.size)
        fallbackFonts[key] = font
        return font
    }

    /// The face number to draw `scalar` with: 0 (the book's own font, `primary`) when it has
    /// the glyph or no installed font has, else the fallback fontconfig finds. An `emoji`
    /// is drawn by a colour emoji font where one has it, before the book's own.
    func faceNumber(for scalar: Unicode.Scalar, emoji: Bool = false, primary: Font) -> Int {
        let colour = emoji ? FontFallback.face(for: scalar, emoji: true) : nil
        if colour == nil, primary.provides(scalar) { return 0 }
        guard let face = colour ?? FontFallback.face(for: scalar, weight: weight) else { return 0 }
        if let known = fallbacks.firstIndex(of: face) { return known + 1 }
        fallbacks.append(face)
        return fallbacks.count
    }

    /// `text` set as a line (``TextLine``) at `size` points.
    func line(_ text: String, size: Int) throws -> TextLine {
        try TextLine(text, size: max(4, size), book: self)
    }

    /// `text` rendered at the largest size from `size` down to 60 % of it (or `leastSize`, where larger) that fits
    /// `maxWidth` pixels once narrowed to `widthScale` of its width (1: as the font sets it);
    /// past that, squeezed further sideways at the smallest size, down to `narrowestFit` of its
    /// width (1: never), and past that cut with an ellipsis.
    public func renderFitting(_ text: String, size: Int, maxWidth: Double, widthScale: Double = 1, narrowestFit: Double = 1,
                              leastSize: Int = 0, color: RGBA) throws -> Surface {
        let fit = try fitting(text, size: size, maxWidth: maxWidth / widthScale, narrowestFit: narrowestFit, least: leastSize)
        let line = try fit.line.render(color: color)
        let narrowed = Self.narrowed(line.width, widthScale * fit.squeeze)
        return narrowed == line.width ? line : try line.scaled(width: narrowed, height: line.height)
    }

    /// How ``renderFitting(_:size:maxWidth:widthScale:narrowestFit:leastSize:color:)`` sets `text`: the
    /// size it takes (points, which are pixels here), its width (narrowed) and line height in
    /// pixels, how far it is squeezed, and what it writes (the text, or its start with an
    /// ellipsis when even the smallest size, squeezed, is too wide).
    public func fitted(_ text: String, size: Int, maxWidth: Double, widthScale: Double = 1, narrowestFit: Double = 1,
                       leastSize: Int = 0) throws -> FittedText {
        let fit = try fitting(text, size: size, maxWidth: maxWidth / widthScale, narrowestFit: narrowestFit, least: leastSize)
        let metrics = try fit.line.render(color: RGBA(255, 255, 255))
        return FittedText(shown: fit.shown, points: fit.size, width: Double(Self.narrowed(metrics.width, widthScale * fit.squeeze)),
                          height: Double(metrics.height), widthScale: widthScale * fit.squeeze)
    }

    /// A line `width` pixels wide narrowed to `widthScale` of it, whole pixels, at least one.
    static func narrowed(_ width: Int, _ widthScale: Double) -> Int {
        widthScale >= 1 ? width : max(1, Int((Double(width) * widthScale).rounded()))
    }

    /// The line `renderFitting` draws, its size, the text it holds and how far it must be
    /// squeezed beyond that (1: not).
    func fitting(_ text: String, size: Int, maxWidth: Double, narrowestFit: Double, least: Int)
        throws -> (line: TextLine, size: Int, shown: String, squeeze: Double) {
        let smallest = max(4, min(size, max(least, size * 6 / 10)))
        // Each size is a font opened (its hinting program run): rather than trying every size
        // downwards, jump to the size the width says should fit (widths grow about in
        // proportion to the size), then take the largest size that fits, as trying each would.
        var tooLarge = size + 1, s = size
        while s >= smallest {
            var fitting = try line(text, size: s)
            let width = Double(fitting.width)
            if width <= maxWidth {
                while s + 1 < tooLarge {
                    let larger = try line(text, size: s + 1)
                    guard Double(larger.width) <= maxWidth else { break }
                    (fitting, s) = (larger, s + 1)
                }
                return (fitting, s, text, 1)
            }
            if s == smallest, width * narrowestFit <= maxWidth { return (fitting, s, text, maxWidth / width) }
            tooLarge = s
            s = min(s - 1, max(smallest, Int(saturating: Double(s) * maxWidth / width)))
        }
        let cut = try cut(text, size: smallest, maxWidth: maxWidth)
        return (cut.line, smallest, cut.shown, 1)
    }

    /// The longest start of `text` that fits `maxWidth` at `size` with an ellipsis after it
    /// (at least one character), found by halving: a line is shaped a handful of times, not
    /// once per character cut.
    private func cut(_ text: String, size: Int, maxWidth: Double) throws -> (line: TextLine, shown: String) {
        let characters = Array(TextRuns.displayable(text))
        func kept(_ count: Int) -> String { String(characters.prefix(count)) + "…" }
        var fits = 1, tooLong = characters.count + 1
        var best = try line(kept(1), size: size)
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            let candidate = try line(kept(middle), size: size)
            if Double(candidate.width) <= maxWidth { (fits, best) = (middle, candidate) } else { tooLong = middle }
        }
        return (best, kept(fits))
    }

    /// The item widths of a strip `stripHeight` pixels high holding `names`: each name
    /// measured at the strip's text size (`StripLook.textPoints(forHeight:)`), with as much
    /// room again as the strip is high around it.
    public func stripItemWidths(_ names: [String], stripHeight: Double) throws -> [Double] {
        let size = StripLook.textPoints(forHeight: stripHeight)
        return try names.map { Double(try line($0, size: size).width) + stripHeight }
    }
}

/// How a text is set to fit its width (``FontBook/fitted(_:size:maxWidth:widthScale:narrowestFit:leastSize:)``).
public struct FittedText: Equatable, Sendable {
    /// What is written: the text, or its start and an ellipsis.
    public var shown: String
    /// The size it is set at, in points (pixels): the size asked for, or down to its least
    /// size (60 % of it, or more where a least size is asked).
    public var points: Int
    /// Its width and line height, pixels.
    public var width: Double
    public var height: Double
    /// How wide its letters are drawn, as a share of the width the font sets them at (1: as set).
    public var widthScale: Double = 1
}
