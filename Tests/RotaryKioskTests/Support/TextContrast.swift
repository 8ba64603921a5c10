import RotaryKit
import RotarySDL

/// WCAG 2.x contrast of a text against what lies under it in a picture, from the frame's
/// record (`--draw-list-out`): the text's colour (its alpha laid over what lies under it)
/// against the background in its box, taken at the background's worst tenth.
enum TextContrast {
    /// Relative luminance of `color` (sRGB, 0…1).
    static func luminance(_ color: (Double, Double, Double)) -> Double {
        func linear(_ c: Double) -> Double {
            let v = c / 255
            return v <= 0.04045 ? v / 12.92 : Double.pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.0) + 0.7152 * linear(color.1) + 0.0722 * linear(color.2)
    }

    /// The contrast ratio of two luminances, 1…21.
    static func ratio(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

    /// The contrast of a text of `color` and `alpha` (0…255) whose `box` ([x, y, w, h],
    /// window pixels) lies in `picture`: the background is the half of the box's pixels
    /// farthest in colour from the text (its glyphs and their edges are the rest), and of it
    /// the tenth nearest the text's luminance is what the text is held against. Nil for a
    /// box outside the picture.
    static func of(color: RGBA, alpha: Int, box: [Double], in picture: Surface) -> Double? {
        let x0 = max(0, Int(box[0].rounded(.up))), y0 = max(0, Int(box[1].rounded(.up)))
        let x1 = min(picture.width, Int((box[0] + box[2]).rounded(.down))), y1 = min(picture.height, Int((box[1] + box[3]).rounded(.down)))
        guard x1 > x0, y1 > y0 else { return nil }
        let text = (Double(color.r), Double(color.g), Double(color.b))
        var pixels: [(distance: Double, luminance: Double, rgb: (Double, Double, Double))] = []
        for y in y0..<y1 {
            for x in x0..<x1 {
                let p = picture.pixel(x: x, y: y)
                let rgb = (Double(p.r), Double(p.g), Double(p.b))
                let d = (rgb.0 - text.0) * (rgb.0 - text.0) + (rgb.1 - text.1) * (rgb.1 - text.1) + (rgb.2 - text.2) * (rgb.2 - text.2)
                pixels.append((d, luminance(rgb), rgb))
            }
        }
        let background = pixels.sorted { $0.distance > $1.distance }.prefix(max(1, pixels.count / 2)).sorted { $0.luminance < $1.luminance }
        let middle = background[background.count / 2].rgb
        let a = Double(alpha) / 255
        let ink = luminance((text.0 * a + middle.0 * (1 - a), text.1 * a + middle.1 * (1 - a), text.2 * a + middle.2 * (1 - a)))
        // The worst tenth: the lightest under a light text, the darkest under a dark one.
        let lighter = ink > background[background.count / 2].luminance
        let worst = background[lighter ? min(background.count - 1, background.count * 9 / 10) : background.count / 10]
        return ratio(ink, worst.luminance)
    }
}
