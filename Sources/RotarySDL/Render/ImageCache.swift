import CSDL2
import RotaryKit

/// Pictures as textures, one per art and pixel size, loaded on first use. Art that cannot be
/// loaded is reported once and then skipped, so a broken file costs neither a frame nor a
/// read per frame.
///
/// A texture holds only the part of its picture that shows (see ``Picture``): a knob's
/// pointer is a sliver at the top of a square as large as the knob, and SDL's software
/// renderer blends, and turns, every pixel of what it is given.
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

    /// Art that failed before: drawn as nothing, and not reported again.
    private struct AlreadyReported: Error {}

    private let renderer: Renderer
    /// At most 256 pictures in 32 MiB (icons at a few sizes take a few MiB).
    private var pictures = BoundedCache<Key, Picture>(limit: 256, byteLimit: 32 << 20, cost: \.bytes)
    private var broken: Set<ArtSource> = []

    init(renderer: Renderer) {
        self.renderer = renderer
    }

    /// Lets go of every picture's texture (art that failed stays known as broken).
    func removeAll() { pictures.removeAll() }

    /// Draws `image` (at its rounded pixel size, tinted, turned); when its art cannot
    /// be loaded draws nothing and, the first time, hands `failure` the reason.
    func draw(_ image: ImageDraw, failure: (String) -> Void) throws {
        guard image.width >= 0.5, image.height >= 0.5, image.tint.a > 0 else { return }
        // Loaded at most as large as art may be, at whole pixels, and drawn at that size: a
        // picture scaled by a fraction of a pixel would only blur.
        let key = Key(art: image.art, width: Int(min(image.width, Double(ArtHeader.maxSide)).rounded()),
                      height: Int(min(image.height, Double(ArtHeader.maxSide)).rounded()))
        let picture: Picture
        do {
            picture = try pictures.value(for: key) {
                guard !broken.contains(key.art) else { throw AlreadyReported() }  // looked up on a miss only
                let surface: Surface
                do { surface = try ImageLoader.load(key.art, width: key.width, height: key.height) } catch {
                    throw Unloadable(reason: "\(error)")
                }
                return try Picture(surface, renderer: renderer)
            }
        } catch let error as Unloadable {
            broken.insert(image.art)
            return failure(error.reason)
        } catch is AlreadyReported {
            return
        }
        try picture.draw(centeredAt: image.center, degrees: image.degrees, tint: image.tint, on: renderer)
    }
}
