import CSDL2
import RotaryKit

extension Renderer {
    /// Fills `rect` (window pixels; the whole target when nil) with `color`, blended by the
    /// renderer's draw blend mode (blended unless a program changed it).
    public func fill(_ color: RGBA, rect: Rect? = nil) throws {
        try check(SDL_SetRenderDrawColor(pointer, color.r, color.g, color.b, color.a), "SDL_SetRenderDrawColor")
        // Blending an opaque colour gives the colour itself, but SDL's software renderer still
        // blends pixel by pixel, several times slower than a plain fill: a whole-window
        // background took 3 ms a frame at 1080×1080. So it is filled without blending.
        var mode = SDL_BLENDMODE_NONE
        let replacing = isSoftware && color.a == 255 && SDL_GetRenderDrawBlendMode(pointer, &mode) == 0
            && mode == SDL_BLENDMODE_BLEND
        if replacing {
            if try copySolid(color, over: rect) { return }
            try check(SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_NONE), "SDL_SetRenderDrawBlendMode")
        }
        defer { if replacing { SDL_SetRenderDrawBlendMode(pointer, mode) } }
        if let rect {
            var r = SDL_FRect(x: Float(rect.x), y: Float(rect.y), w: Float(rect.width), h: Float(rect.height))
            try check(SDL_RenderFillRectF(pointer, &r), "SDL_RenderFillRectF")
        } else {
            try check(SDL_RenderFillRect(pointer, nil), "SDL_RenderFillRect")
        }
    }

    /// Covers `rect` (nil: the whole software target) with opaque `color` by copying a band of
    /// it, made once in the target's own pixel format, down the rect; false (nothing drawn)
    /// when the target's format is not known or `rect` does not lie on whole pixels. SDL
    /// fills, and copies between 16-byte aligned rows, with streaming stores that leave the
    /// frame out of the cache, so every blend after such a fill read its pixels from memory,
    /// twice as slowly (the kiosk's background bands at 800×480 took a fifth of a frame).
    /// The band is copied from its second column, whose rows are not so aligned: SDL copies
    /// those rows with `memcpy`, which keeps the frame in the cache, and takes less time
    /// than the fill.
    private func copySolid(_ color: RGBA, over rect: Rect?) throws -> Bool {
        guard let format = targetFormat, format & 0xFF == 4, SDL_GetRenderTarget(pointer) == nil else { return false }
        let target = try outputSize()
        let whole = Rect(x: 0, y: 0, width: Double(target.width), height: Double(target.height))
        let wanted = rect ?? whole
        guard wanted == wanted.pixelAligned else { return false }
        guard let area = wanted.intersection(whole), area.width > 0, area.height > 0 else { return true }
        let (width, height) = (target.width, Int(area.height))
        let key = SolidTileKey(format: format, width: width, color: color)
        let tile = try solidTiles.value(for: key) {
            let (columns, rows) = (width + 1, min(target.height, SolidTileKey.rows))
            guard let texture = SDL_CreateTexture(pointer, format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(columns),
                                                  Int32(rows)) else {
                throw SDLError("SDL_CreateTexture(\(columns)x\(rows) solid)")
            }
            let tile = Texture(keptByItsRenderer: texture, width: columns, height: rows)
            guard let pixelFormat = SDL_AllocFormat(format) else { throw SDLError("SDL_AllocFormat") }
            defer { SDL_FreeFormat(pixelFormat) }
            let pixels = [UInt32](repeating: SDL_MapRGBA(pixelFormat, color.r, color.g, color.b, color.a), count: columns * rows)
            try check(SDL_UpdateTexture(texture, nil, pixels, Int32(columns * 4)), "SDL_UpdateTexture")
            tile.setBlended(false)
            return tile
        }
        for top in stride(from: 0, to: height, by: tile.height) {
            var source = SDL_Rect(x: 1, y: 0, w: Int32(area.width), h: Int32(min(tile.height, height - top)))
            var band = SDL_Rect(x: Int32(area.x), y: Int32(area.y) + Int32(top), w: source.w, h: source.h)
            try check(SDL_RenderCopy(pointer, tile.pointer, &source, &band), "SDL_RenderCopy")
        }
        return true
    }

    /// Strokes an arc `width` pixels wide centred on `radius` pixels around `center`, from
    /// screen angle `fromDegrees` clockwise through `sweepDegrees` (≥ 360: a full ring), with
    /// anti-aliased edges and square or round ends, blended (on a GPU by the renderer's draw
    /// blend mode, which Rotary's renderers and ``DrawListExecutor`` set to blending; always
    /// blended on the software renderer). On a GPU it is drawn as triangles with feathered
    /// edges; on the software renderer as the rows it covers wholly and its edge pixels, cut
    /// again only when it changes.
    public func strokeArc(center: Point, radius: Double, width: Double, fromDegrees: Double, sweepDegrees: Double,
                          color: RGBA, roundCaps: Bool = false) throws {
        if isSoftware {
            try paint(ShapeCoverage(arc: center, radius: radius, width: width, fromDegrees: fromDegrees,
                                    sweepDegrees: sweepDegrees, roundCaps: roundCaps),
                      key: [1, center.x, center.y, radius, width, fromDegrees, sweepDegrees, roundCaps ? 1 : 0], color: color)
        } else {
            try draw(AntialiasedMesh.arc(center: center, radius: radius, width: width, fromDegrees: fromDegrees,
                                         sweepDegrees: sweepDegrees, color: color, roundCaps: roundCaps))
        }
    }

    /// Fills a circle of `radius` pixels around `center` with anti-aliased edges, blended as
    /// ``strokeArc(center:radius:width:fromDegrees:sweepDegrees:color:roundCaps:)`` is.
    public func fillDisc(center: Point, radius: Double, color: RGBA) throws {
        if isSoftware {
            try paint(ShapeCoverage(disc: center, radius: radius), key: [0, center.x, center.y, radius], color: color)
        } else {
            try draw(AntialiasedMesh.disc(center: center, radius: radius, color: color))
        }
    }

    private func draw(_ mesh: AntialiasedMesh) throws {
        guard !mesh.indices.isEmpty else { return }
        try check(SDL_RenderGeometry(pointer, nil, mesh.vertices, Int32(mesh.vertices.count), mesh.indices,
                                     Int32(mesh.indices.count)), "SDL_RenderGeometry")
    }

    /// Blends `shape` (made from `key`) over the target per pixel, the way a texture holding
    /// its coverage would be blended: the rows it covers wholly as rectangles, its edge pixels
    /// as points of the colour faded to their coverage. No texture is made, and only the
    /// edges are worked out per pixel; a shape drawn again unchanged is not cut again.
    private func paint(_ shape: ShapeCoverage?, key: [Double], color: RGBA) throws {
        guard let shape, color.a > 0 else { return }
        let (width, height) = try outputSize()
        var visible = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        if let clip = clipRect {
            visible = visible.intersection(Rect(clip)) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        }
        guard let area = shape.bounds.intersection(visible) else { return }
        let columns = Int(area.x)..<Int(area.maxX), rows = Int(area.y)..<Int(area.maxY)
        // As many levels as the colour has alpha steps, up to the most: exact for faint colours.
        let levels = min(Int(color.a), ShapeRaster.maxLevels)
        let raster = shapeRasters.raster(for: ShapeRasterCache.Key(shape: key, area: [columns.lowerBound, columns.upperBound,
                                                                                      rows.lowerBound, rows.upperBound],
                                                                   levels: levels)) {
            shape.raster(columns: columns, rows: rows, levels: levels)
        }
        try blend(raster, color: color)
    }

    /// Draws `raster` in `color` with the blend mode set to blending, then puts the renderer's
    /// state back.
    private func blend(_ raster: ShapeRaster, color: RGBA) throws {
        let state = RendererState(of: self)
        defer { state.restore() }
        try check(SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
        if !raster.runs.isEmpty {
            try check(SDL_SetRenderDrawColor(pointer, color.r, color.g, color.b, color.a), "SDL_SetRenderDrawColor")
            try check(SDL_RenderFillRectsF(pointer, raster.runs, Int32(raster.runs.count)), "SDL_RenderFillRectsF")
        }
        try raster.points.withUnsafeBufferPointer { points in
            for level in 1...raster.levels {
                let range = raster.points(ofLevel: level)
                guard !range.isEmpty, let base = points.baseAddress else { continue }
                let alpha = UInt8((Double(color.a) * Double(level) / Double(raster.levels)).rounded())
                try check(SDL_SetRenderDrawColor(pointer, color.r, color.g, color.b, alpha), "SDL_SetRenderDrawColor")
                try check(SDL_RenderDrawPointsF(pointer, base + range.lowerBound, Int32(range.count)), "SDL_RenderDrawPointsF")
            }
        }
    }
}

/// Which band of solid colour fills a target: its format, width and colour.
struct SolidTileKey: Hashable {
    /// Rows in a band: a few dozen copies fill a screen, and a band (about 140 KB on a
    /// 1080-pixel-wide target) stays in the cache while it is copied.
    static let rows = 32
    var format: UInt32
    var width: Int
    var color: RGBA
}
