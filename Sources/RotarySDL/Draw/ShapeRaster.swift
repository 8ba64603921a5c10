import CSDL2

/// A soft-edged shape cut into what SDL's software renderer blends fast, without a texture:
/// rows of pixels it covers wholly, drawn as 1-pixel-high rectangles in one call, and the
/// pixels along its edges grouped by how much of them it covers, one point list per level,
/// each drawn with the shape's alpha times its level. No pixel is in two of them, so the
/// blend mode blends each pixel once, as a texture of the shape would.
struct ShapeRaster {
    /// The most coverage levels: alpha is off by at most 255/128 (2) for an opaque colour.
    static let maxLevels = 64

    /// Coverage steps: a pixel at level k is covered k/levels.
    let levels: Int
    /// Runs covered wholly, one row high each.
    let runs: [SDL_FRect]
    /// Edge pixels ordered by level (at their top-left corners).
    let points: [SDL_FPoint]
    /// Where each level's pixels start in ``points``: level k (1…levels) is
    /// `levelStarts[k - 1]..<levelStarts[k]`.
    let levelStarts: [Int]

    /// The points of level `k` (1…levels).
    func points(ofLevel k: Int) -> Range<Int> { levelStarts[k - 1]..<levelStarts[k] }

    /// Collects runs and edge pixels row by row.
    struct Builder {
        let levels: Int
        private let scale: Double
        private var runs: [SDL_FRect] = []
        private var edge: [SDL_FPoint] = []
        private var edgeLevels: [UInt8] = []

        init(levels: Int) {
            self.levels = min(max(levels, 1), 255)
            scale = Double(self.levels)
        }

        /// Pixels `columns` of row `y`, covered wholly: joined to the previous run when they
        /// continue it.
        mutating func run(y: Int, columns: Range<Int>) {
            guard !columns.isEmpty else { return }
            let top = Float(y), left = Float(columns.lowerBound)
            if let last = runs.last, last.y == top, last.x + last.w == left {
                runs[runs.count - 1].w += Float(columns.count)
            } else {
                runs.append(SDL_FRect(x: left, y: top, w: Float(columns.count), h: 1))
            }
        }

        /// Pixel (`x`, `y`), `coverage` of it covered. One at the top level is drawn just as
        /// a run is, so it joins the runs.
        @inline(__always)
        mutating func pixel(x: Int, y: Int, coverage: Double) {
            let level = Int((min(coverage, 1) * scale).rounded())
            guard level > 0 else { return }
            guard level < levels else { return run(y: y, columns: x..<x + 1) }
            edge.append(SDL_FPoint(x: Float(x), y: Float(y)))
            edgeLevels.append(UInt8(level))
        }

        /// The raster, its edge pixels sorted by level.
        func finish() -> ShapeRaster {
            var starts = [Int](repeating: 0, count: levels + 1)
            for level in edgeLevels { starts[Int(level)] += 1 }
            for k in 1...levels { starts[k] += starts[k - 1] }
            // starts[k] is now where level k ends and level k + 1 starts.
            var next = Array(starts.dropLast())
            var sorted = [SDL_FPoint](repeating: SDL_FPoint(), count: edge.count)
            for (point, level) in zip(edge, edgeLevels) {
                sorted[next[Int(level) - 1]] = point
                next[Int(level) - 1] += 1
            }
            return ShapeRaster(levels: levels, runs: runs, points: sorted, levelStarts: starts)
        }
    }
}

/// The rasters of recent shapes by what they were made from, so a shape drawn every frame
/// unchanged (a slider's track) is cut once. Two generations: when the newer one is full,
/// the older one is forgotten, and what is still drawn moves up again when next used.
struct ShapeRasterCache {
    /// What a raster is made from: the shape, the pixels it may touch and the levels.
    struct Key: Hashable {
        var shape: [Double]
        var area: [Int]
        var levels: Int
    }

    private var newer: [Key: ShapeRaster] = [:]
    private var older: [Key: ShapeRaster] = [:]
    let limit: Int

    init(limit: Int = 16) {
        self.limit = limit
    }

    /// The raster for `key`, made by `make` when missing.
    mutating func raster(for key: Key, make: () -> ShapeRaster) -> ShapeRaster {
        if let raster = newer[key] { return raster }
        let raster = older.removeValue(forKey: key) ?? make()
        if newer.count >= limit {
            older = newer
            newer = [:]
        }
        newer[key] = raster
        return raster
    }
}
