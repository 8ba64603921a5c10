import RotaryKit

/// Texts as textures, one per text, size, width limit and colour (alpha aside: it is applied
/// when drawing, so a fading text needs no new texture). At most 256 are kept.
final class TextCache {
    private struct Key: Hashable {
        var text: String
        var points: Int
        var maxWidth: Double
        var r: UInt8, g: UInt8, b: UInt8
    }

    private let renderer: Renderer
    private let fonts: FontBook
    private var textures = BoundedCache<Key, Texture>(limit: 256)

    init(renderer: Renderer, fonts: FontBook) {
        self.renderer = renderer
        self.fonts = fonts
    }

    /// Draws `text` centred on its point and turned, set by ``FontBook/renderFitting(_:size:maxWidth:color:)``.
    func draw(_ text: TextDraw) throws {
        guard !text.text.isEmpty, text.color.a > 0 else { return }
        let color = text.color
        let key = Key(text: text.text, points: text.points, maxWidth: text.maxWidth, r: color.r, g: color.g, b: color.b)
        let texture = try textures.value(for: key) {
            try Texture(renderer: renderer, surface: fonts.renderFitting(text.text, size: text.points, maxWidth: text.maxWidth,
                                                                         color: RGBA(color.r, color.g, color.b)))
        }
        texture.setAlphaModulation(color.a)
        try renderer.draw(texture, centeredAt: text.center, degrees: text.degrees)
    }
}
