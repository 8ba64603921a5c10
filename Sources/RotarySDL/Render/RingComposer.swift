import RotaryKit

/// Draws ring commands by lookup. Rings sharing an opaque backdrop are composed as one
/// group over the union of their squares, painted with the backdrop around them (the fast
/// path of a full-screen kiosk): on the software renderer straight into the pixels it draws
/// into, elsewhere into a streaming texture copied without blending. A ring without a
/// backdrop gets a transparent texture of its square, blended over what is drawn. Each
/// group of a frame that needs a texture has its own, kept for the next frame; while its
/// rings stand as they stood, it is only copied again (a wheel at rest costs a copy).
final class RingComposer {
    private let renderer: Renderer
    private let fonts: FontBook
    private var rasters: RingRasterCache
    /// What a group's texture shows, whole: the rings, how far each is turned and which item
    /// of each is bright, over the area.
    private struct Picture: Equatable {
        var recipes: [RingRaster.Recipe]
        var rotations: [Double]
        var highlighted: [Int]
        var area: Rect
    }
    /// A group's texture, and the recipes and area it last held, whose backdrop around the
    /// rings is then still there on the software renderer, and the picture it holds whole
    /// (nil: only parts of the last one).
    private struct Slot {
        var texture: Texture
        var painted: (recipes: [RingRaster.Recipe], area: Rect)? = nil
        var holds: Picture? = nil
    }
    /// How many times a group was composed into its texture (for tests: a ring at rest is not).
    private(set) var compositions = 0
    /// How long making ring art took so far.
    var making: RingArtTime { rasters.making }

    /// The textures of this frame's groups that need one, by group number.
    private var slots: [Int: Slot] = [:]
    /// How many groups this frame has drawn so far: the next group's number.
    private var groupsThisFrame = 0

    /// A composer drawing on `renderer` with texts from `fonts`, its rings made and drawn on
    /// worker threads or not as `threads` says, and kept between runs in `store` when given.
    init(renderer: Renderer, fonts: FontBook, threads: DrawingThreads, store: RingArtStore?) {
        self.renderer = renderer
        self.fonts = fonts
        rasters = RingRasterCache(threads: threads, store: store)
    }

    /// Draws `group`, rings which share one backdrop (one ring when it is nil), within
    /// `regions` (whole target pixels; through SDL's renderer the clip is left on the last,
    /// composed in the frame's pixels it is not touched) of a target of
    /// `width`×`height` pixels, as the frame's next group. Where no region meets the group
    /// nothing is drawn, but the group's art is kept for the next frame. Rings off the target
    /// are left out; rings whose geometry or art cannot be made are left out and reported through
    /// `failure`. Where rings of one group overlap, the later one's rim blends with the
    /// backdrop, not with the ring below.
    func draw(_ group: [RingDraw], regions: [Rect], width: Int, height: Int, failure: (String) -> Void) throws {
        let slot = groupsThisFrame
        groupsThisFrame += 1
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
        let shown = regions.compactMap { $0.intersection(area) }
        guard !shown.isEmpty else { return }
        if let backdrop = rings[0].backdrop, try composeInFrame(rings, indices, backdrop: backdrop, parts: shown) {
            slots[slot] = nil
            return
        }
        let texture = try texture(slot: slot, width: Int(area.width), height: Int(area.height))
        let picture = Picture(recipes: recipes, rotations: rings.map(\.rotationDegrees), highlighted: rings.map(\.highlighted),
                              area: area)
        if slots[slot]?.holds != picture {
            let whole = try compose(rings, indices, recipes: recipes, area: area, shown: shown, into: texture, slot: slot)
            slots[slot]?.holds = whole ? picture : nil
        }
        texture.setBlended(rings[0].backdrop == nil)
        for part in shown {
            try renderer.clip(to: part)  // the clip left by the command before may not hold it
            try renderer.draw(texture, from: part.offsetBy(x: -area.x, y: -area.y), to: part)
        }
    }

    /// Composes the group `rings` (their rasters at `indices`, made from `recipes`) within
    /// `area` into the texture of `slot`: the parts `shown` where a software texture already
    /// holds the backdrop around the same rings, else the whole area. Whether it composed the
    /// whole area.
    private func compose(_ rings: [RingDraw], _ indices: [Int?], recipes: [RingRaster.Recipe], area: Rect, shown: [Rect],
                         into texture: Texture, slot: Int) throws -> Bool {
        compositions += 1
        let (originX, originY) = (Int(area.x), Int(area.y))
        let backdrop = RingArt.backgroundWord(rings[0].backdrop)
        // The rings write every pixel they cover and nothing else. A software texture keeps its
        // pixels, so the backdrop around the same rings in the same place is painted once, and
        // then only the regions asked for are composed again. A GPU's locked texture promises
        // nothing, so there the backdrop and every ring are composed whole every time.
        let painted = slots[slot]?.painted.map { $0.recipes == recipes && $0.area == area } ?? false
        let keeps = renderer.isSoftware && painted
        slots[slot]?.painted = (recipes, area)
        let composed = keeps ? shown : [area]
        for part in composed {
            try texture.withLockedRows(Int(part.y) - originY..<Int(part.maxY) - originY) { pixels, stride in
                let target = RasterTarget(pixels: pixels, stride: stride, originX: originX, originY: Int(part.y))
                compose(rings, indices, part: part, into: target, backdrop: keeps ? nil : backdrop)
            }
        }
        return composed == [area]
    }

    /// Composes the opaque group `rings` (their rasters at `indices`) on `backdrop` straight
    /// into the software renderer's pixels within `parts`; false when the renderer offers
    /// none (``Renderer/withFramePixels(_:)``).
    private func composeInFrame(_ rings: [RingDraw], _ indices: [Int?], backdrop: RGBA, parts: [Rect]) throws -> Bool {
        try renderer.withFramePixels { frame in
            for part in parts {
                compose(rings, indices, part: part, into: frame.target, backdrop: RingArt.backgroundWord(backdrop))
            }
        }
    }

    /// Paints `part` (whole target pixels, which `target` covers) with `backdrop` when one is
    /// given, then draws the rings (their rasters at `indices`) within it.
    private func compose(_ rings: [RingDraw], _ indices: [Int?], part: Rect, into target: RasterTarget, backdrop: UInt32?) {
        let rows = Int(part.y)..<Int(part.maxY), columns = Int(part.x)..<Int(part.maxX)
        if let backdrop {
            for y in rows {
                (target.pixels + target.offset(x: columns.lowerBound, y: y)).update(repeating: backdrop, count: columns.count)
            }
        }
        for (ring, index) in zip(rings, indices) {
            guard let index else { continue }
            rasters.draw(at: index, rotationDegrees: ring.rotationDegrees, highlighted: ring.highlighted, into: target,
                         rows: rows, columns: columns)
        }
    }

    /// Lets go of every ring's art and texture; they are made again when next drawn.
    func removeAll() {
        rasters.removeAll()
        slots.removeAll()
    }

    /// Forgets the rasters and textures the frame's groups did not use, and starts counting
    /// groups anew.
    func endFrame() {
        rasters.dropUnused()
        slots = slots.filter { $0.key < groupsThisFrame }
        groupsThisFrame = 0
    }

    /// The texture of group `slot`, `width`×`height` pixels: last frame's when it has that
    /// size.
    private func texture(slot: Int, width: Int, height: Int) throws -> Texture {
        if let kept = slots[slot]?.texture, kept.width == width, kept.height == height { return kept }
        let texture = try Texture(streamingFor: renderer, width: width, height: height)
        slots[slot] = Slot(texture: texture)
        return texture
    }
}
