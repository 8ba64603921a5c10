import RotaryKit

/// One font file opened at whatever sizes are asked for, each size opened once. Needs no
/// ``SDLSystem``: each open font keeps SDL_ttf started (see ``Font``).
public final class FontBook {
    /// The font file.
    public let path: String
    private var fonts: [Int: Font] = [:]

    /// A book for the font at `path`; opening happens on first use of each size.
    public init(path: String) {
        self.path = path
    }

    /// The font at `size` points (at least 4).
    public func font(size: Int) throws -> Font {
        let size = max(4, size)
        if let font = fonts[size] { return font }
        let font = try Font(path: path, size: size)
        fonts[size] = font
        return font
    }

    /// `text` rendered at the largest size from `size` down to 60 % of it that fits
    /// `maxWidth` pixels; past that, cut with an ellipsis at the smallest size.
    public func renderFitting(_ text: String, size: Int, maxWidth: Double, color: RGBA) throws -> Surface {
        let smallest = max(4, size * 6 / 10)
        // Each size is a font opened (its hinting program run): rather than trying every size
        // downwards, jump to the size the width says should fit (widths grow about in
        // proportion to the size), then take the largest size that fits, as trying each would.
        var tooLarge = size + 1, s = size
        while s >= smallest {
            let width = Double(try font(size: s).measure(text).width)
            if width <= maxWidth {
                while s + 1 < tooLarge, Double(try font(size: s + 1).measure(text).width) <= maxWidth { s += 1 }
                return try font(size: s).render(text, color: color)
            }
            tooLarge = s
            s = min(s - 1, max(smallest, Int(saturating: Double(s) * maxWidth / width)))
        }
        let font = try font(size: smallest)
        var characters = Array(text)
        while characters.count > 1, Double(font.measure(String(characters) + "…").width) > maxWidth {
            characters.removeLast()
        }
        return try font.render(String(characters) + "…", color: color)
    }

    /// The item widths of a strip `stripHeight` pixels high holding `names`: each name
    /// measured at the strip's text size (`StripLook.textPoints(forHeight:)`), with as much
    /// room again as the strip is high around it.
    public func stripItemWidths(_ names: [String], stripHeight: Double) throws -> [Double] {
        let font = try font(size: StripLook.textPoints(forHeight: stripHeight))
        return names.map { Double(font.measure($0).width) + stripHeight }
    }
}
