import RotaryKit

/// Texts as ``Picture``s, one per text, size, width limit and colour (alpha aside: it is
/// applied when drawing, so a fading text needs no new texture), so a turned text takes the
/// pictures' fast turn. At most 256 are kept, within ``byteLimit(width:height:)``: a countdown
/// makes a new picture every second, and the oldest go.
final class TextCache {
    private struct Key: Hashable {
        var text: String
        var points: Int
        var maxWidth: Double
        var widthScale: Double
        var narrowestFit: Double
        var leastPoints: Int
        var r: UInt8, g: UInt8, b: UInt8
    }

    private let renderer: Renderer
    private let fonts: FontBook
    private var pictures = BoundedCache<Key, Picture>(limit: 256, cost: \.bytes)
    /// Where each time's glyphs go (nil: it is drawn whole), so a time is measured once, not at
    /// every frame that draws it.
    private var glyphPlaces = BoundedCache<Key, GlyphPlaces?>(limit: 64)

    init(renderer: Renderer, fonts: FontBook) {
        self.renderer = renderer
        self.fonts = fonts
    }

    /// The bytes the texts may hold on a `width`×`height` target: four frames' worth of
    /// pixels, at least 16 MiB (every text a screen shows fits, with room for a countdown's
    /// last seconds).
    static func byteLimit(width: Int, height: Int) -> Int { max(16 << 20, 4 * 4 * max(0, width) * max(0, height)) }

    /// Lets go of every text's texture.
    func removeAll() {
        pictures.removeAll()
        glyphPlaces.removeAll()
    }

    /// How many pictures it keeps, and their bytes.
    var kept: (count: Int, bytes: Int) { (pictures.count, pictures.bytes) }

    /// Draws `text` at its point as aligned, turned, set by ``FontBook/renderFitting(_:size:maxWidth:widthScale:narrowestFit:leastSize:color:)``.
    /// A time (``isTime(_:)``) is drawn glyph by glyph from pictures kept per glyph: a countdown
    /// then makes no new picture each second.
    func draw(_ text: TextDraw) throws {
        guard !text.text.isEmpty, text.color.a > 0 else { return }
        let color = text.color
        let key = Key(text: text.text, points: text.points, maxWidth: text.maxWidth, widthScale: text.widthScale, narrowestFit: text.narrowestFit,
                      leastPoints: text.leastPoints, r: color.r, g: color.g, b: color.b)
        if Self.isTime(text), let places = try glyphPlaces.value(for: key, make: {
            try fonts.glyphPlaces(text.text, size: text.points, maxWidth: text.maxWidth, widthScale: text.widthScale,
                                  narrowestFit: text.narrowestFit, leastSize: text.leastPoints)
        }) {
            return try drawGlyphs(text, places)
        }
        let picture = try picture(key) {
            try fonts.renderFitting(text.text, size: text.points, maxWidth: text.maxWidth, widthScale: text.widthScale,
                                    narrowestFit: text.narrowestFit, leastSize: text.leastPoints, color: RGBA(color.r, color.g, color.b))
        }
        try picture.draw(centeredAt: text.middle(forWidth: Double(picture.width)), degrees: text.degrees, tint: RGBA(255, 255, 255, color.a), on: renderer)
    }

    /// The picture kept for `key`, made from the surface `make` sets when missing; the cache's
    /// budget follows the target's size.
    private func picture(_ key: Key, _ make: () throws -> Surface) throws -> Picture {
        if !pictures.contains(key), let size = try? renderer.outputSize() {
            pictures.byteLimit = Self.byteLimit(width: size.width, height: size.height)
        }
        return try pictures.value(for: key) { try Picture(make(), renderer: renderer) }
    }

    /// Whether `text` is a time or a number that changes as a countdown runs: upright, at least
    /// three characters, only colons and the digits a time is written in (western, Arabic-Indic).
    static func isTime(_ text: TextDraw) -> Bool {
        text.degrees == 0 && text.text.count >= 3 && text.text.unicodeScalars.allSatisfy {
            $0 == ":" || ("0"..."9").contains($0) || ("\u{0660}"..."\u{0669}").contains($0)
        }
    }

    /// Draws `text` one glyph picture after another at `places` (``FontBook/glyphPlaces(_:size:maxWidth:widthScale:narrowestFit:leastSize:)``),
    /// where the whole line would have put each.
    private func drawGlyphs(_ text: TextDraw, _ places: GlyphPlaces) throws {
        let color = text.color
        let middle = text.middle(forWidth: Double(places.width))
        // As a picture's draw puts the whole line: its left edge cut to a whole pixel.
        let left = (middle.x - Double(places.width) / 2).rounded(.towardZero)
        for (character, offset) in zip(text.text, places.lefts) {
            let key = Key(text: String(character), points: places.size, maxWidth: .infinity, widthScale: places.widthScale,
                          narrowestFit: 1, leastPoints: 0, r: color.r, g: color.g, b: color.b)
            let glyph = try picture(key) {
                try fonts.renderFitting(String(character), size: places.size, maxWidth: .infinity, widthScale: places.widthScale,
                                        color: RGBA(color.r, color.g, color.b))
            }
            let center = Point(x: left + Double(offset) + Double(glyph.width) / 2, y: middle.y)
            try glyph.draw(centeredAt: center, degrees: 0, tint: RGBA(255, 255, 255, color.a), on: renderer)
        }
    }

    /// Where and how `text` is drawn: what it writes, at which size, and the box it covers in
    /// the list's pixels (the bounding box when it is turned). Nil when it draws nothing.
    func placement(of text: TextDraw) throws -> PlacedText? {
        guard !text.text.isEmpty, text.color.a > 0 else { return nil }
        let fitted = try fonts.fitted(text.text, size: text.points, maxWidth: text.maxWidth, widthScale: text.widthScale,
                                       narrowestFit: text.narrowestFit, leastSize: text.leastPoints)
        let middle = text.middle(forWidth: fitted.width)
        let turn = Degrees.point(at: text.degrees, radius: 1, around: Point(x: 0, y: 0))
        let (c, s) = (abs(turn.x), abs(turn.y))
        let (w, h) = (fitted.width * c + fitted.height * s, fitted.width * s + fitted.height * c)
        return PlacedText(draw: text, fitted: fitted, box: Rect(x: middle.x - w / 2, y: middle.y - h / 2, width: w, height: h))
    }
}

/// A text of a draw list as it is drawn (``DrawListExecutor/placedTexts(_:)``).
public struct PlacedText: Equatable, Sendable {
    /// The command.
    public var draw: TextDraw
    /// How it is set: what it writes, at which size.
    public var fitted: FittedText
    /// The box it covers, in the list's pixels (turned texts: the box around them).
    public var box: Rect
}
