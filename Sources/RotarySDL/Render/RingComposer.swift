import RotaryKit

/// Draws ring commands by lookup into streaming textures. Rings sharing an opaque backdrop
/// are composed into one texture covering the union of their squares, painted with the
/// backdrop around them and copied without blending (the fast path of a full-screen
/// kiosk); a ring without a backdrop gets a transparent texture of its square, blended over
/// what is drawn. Each group of a frame has its own texture, kept for the next frame.
final class RingComposer {
    private let renderer: Renderer
    private let fonts: FontBook
    private var rasters = RingRasterCache()
    /// A group's texture, and the recipes and area it last held, whose backdrop around the
    /// rings is then still there on the software renderer.
    private struct Slot {
        var texture: Texture
        var painted: (recipes: [RingRaster.Recipe], area: Rect)? = nil
    }

    private var slots: [Slot] = []
    private var groupsThisFrame = 0

    init(renderer: Renderer, fonts: FontBook) {
        self.renderer = renderer
        self.fonts = fonts
    }

    /// Draws `group`, rings which share one backdrop (one ring when it is nil), on a target of
    /// `width`×`height` pixels. Rings off the target are left out; rings whose geometry or
    /// art cannot be made are left out and reported through `failure`. Where rings of one group overlap, the later one's rim blends with
    /// the backdrop, not with the ring below.
    func draw(_ group: [RingDraw], width: Int, height: Int, failure: (String) -> Void) throws {
        var rings: [RingDraw] = [], recipes: [RingRaster.Recipe] = [], area: Rect?
        for ring in group {
            let recipe = RingRaster.Recipe(ring, targetWidth: width, targetHeight: height)
            if !recipe.isDrawable {
                failure("a ring with radii \(ring.innerRadius)…\(ring.outerRadius) at \(ring.center) cannot be drawn")
            }
            guard let bounds = recipe.bounds else { continue }
            rings.append(ring)
            recipes.append(recipe)
            area = area?.union(bounds) ?? bounds
        }
        guard let area else { return }
        let indices = zip(rings, recipes).map { ring, recipe in
            rasters.index(for: recipe, selected: ring.highlighted, fonts: fonts, failure: failure)
        }
        let slot = try slot(width: Int(area.width), height: Int(area.height))
        let texture = slots[slot].texture
        let (originX, originY) = (Int(area.x), Int(area.y))
        let backdrop = RingArt.backgroundWord(rings[0].backdrop)
        // The rings write every pixel they cover and nothing else. A software texture keeps its
        // pixels, so the backdrop around the same rings in the same place is painted once; a
        // GPU's locked texture promises nothing, so it is painted every time.
        let painted = slots[slot].painted.map { $0.recipes == recipes && $0.area == area } ?? false
        let paintsBackdrop = !(renderer.isSoftware && painted)
        slots[slot].painted = (recipes, area)
        try texture.withLockedRows(0..<texture.height) { pixels, stride in
            if paintsBackdrop { pixels.update(repeating: backdrop, count: texture.height * stride) }
            let target = RasterTarget(pixels: pixels, stride: stride, originX: originX, originY: originY)
            for (ring, index) in zip(rings, indices) {
                guard let index else { continue }
                rasters.draw(at: index, rotationDegrees: ring.rotationDegrees, highlighted: ring.highlighted, into: target)
            }
        }
        texture.setBlended(rings[0].backdrop == nil)
        try renderer.draw(texture, atX: originX, y: originY)
    }

    /// Forgets the rasters and textures this frame did not use.
    func endFrame() {
        rasters.dropUnused()
        slots.removeLast(slots.count - groupsThisFrame)
        groupsThisFrame = 0
    }

    /// The next group's slot, its texture `width`×`height` pixels: last frame's when it has
    /// that size.
    private func slot(width: Int, height: Int) throws -> Int {
        let slot = groupsThisFrame
        if slot < slots.count, slots[slot].texture.width != width || slots[slot].texture.height != height {
            slots[slot] = Slot(texture: try Texture(streamingFor: renderer, width: width, height: height))
        } else if slot == slots.count {
            slots.append(Slot(texture: try Texture(streamingFor: renderer, width: width, height: height)))
        }
        groupsThisFrame += 1
        return slot
    }
}
