import RotaryKit

/// Pictures as textures, one per art and pixel size, loaded on first use. Art that cannot be
/// loaded is reported once and then skipped, so a broken file costs neither a frame nor a
/// read per frame.
final class ImageCache {
    private struct Key: Hashable {
        var art: ArtSource
        var width: Int
        var height: Int
    }

    /// Art that could not be loaded (as opposed to a renderer that could not make a texture).
    private struct Unloadable: Error {
        let reason: String
    }

    private let renderer: Renderer
    private var textures = BoundedCache<Key, Texture>(limit: 256)
    private var broken: Set<ArtSource> = []

    init(renderer: Renderer) {
        self.renderer = renderer
    }

    /// Draws `image` (at its rounded pixel size, tinted, turned); when its art cannot
    /// be loaded draws nothing and, the first time, hands `failure` the reason.
    func draw(_ image: ImageDraw, failure: (String) -> Void) throws {
        guard image.width >= 0.5, image.height >= 0.5, image.tint.a > 0, !broken.contains(image.art) else { return }
        // Loaded at most as large as art may be, at whole pixels, and drawn at that size: a
        // picture scaled by a fraction of a pixel would only blur.
        let key = Key(art: image.art, width: Int(min(image.width, Double(ArtHeader.maxSide)).rounded()),
                      height: Int(min(image.height, Double(ArtHeader.maxSide)).rounded()))
        let texture: Texture
        do {
            texture = try textures.value(for: key) {
                let surface: Surface
                do { surface = try ImageLoader.load(key.art, width: key.width, height: key.height) } catch {
                    throw Unloadable(reason: "\(error)")
                }
                return try Texture(renderer: renderer, surface: surface)
            }
        } catch let error as Unloadable {
            broken.insert(image.art)
            return failure(error.reason)
        }
        texture.setColorModulation(image.tint)
        texture.setAlphaModulation(image.tint.a)
        try renderer.draw(texture, centeredAt: image.center, degrees: image.degrees)
    }
}
