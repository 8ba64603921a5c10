extension FontBook {
    /// Where ``renderFitting(_:size:maxWidth:widthScale:narrowestFit:leastSize:color:)`` sets
    /// each character of `text`: the size and width scale it takes, each character's left edge
    /// in the narrowed line (pixels from the line's left, in order), and the line's narrowed
    /// width. Measured, nothing drawn. Nil when the text does not fit whole (an ellipsis) or is
    /// not set in one run of one font (a fallback font's glyphs sit on their own line heights).
    func glyphPlaces(_ text: String, size: Int, maxWidth: Double, widthScale: Double, narrowestFit: Double,
                     leastSize: Int) throws -> GlyphPlaces? {
        let fit = try fitting(text, size: size, maxWidth: maxWidth / widthScale, narrowestFit: narrowestFit, least: leastSize)
        guard fit.shown == text, fit.line.isOneRun else { return nil }
        let scale = widthScale * fit.squeeze
        var lefts: [Int] = [], prefix = ""
        for character in text {
            lefts.append(prefix.isEmpty ? 0 : Self.narrowed(try line(prefix, size: fit.size).width, scale))
            prefix.append(character)
        }
        return GlyphPlaces(size: fit.size, widthScale: scale, lefts: lefts, width: Self.narrowed(fit.line.width, scale))
    }
}

/// How a line is set glyph by glyph (``FontBook/glyphPlaces(_:size:maxWidth:widthScale:narrowestFit:leastSize:)``).
struct GlyphPlaces {
    /// The size it is set at, points, and how wide its glyphs are drawn (1: as set).
    var size: Int
    var widthScale: Double
    /// Each character's left edge, pixels from the line's left, in order.
    var lefts: [Int]
    /// The whole line's width, pixels.
    var width: Int
}
