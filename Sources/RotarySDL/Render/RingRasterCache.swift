import RotaryKit

/// The ring rasters of recent frames, each kept while its recipe is drawn every frame and
/// rebuilt only when the recipe changes (a ring that only moved keeps its art; only its
/// pixel map is made again). A recipe whose art cannot be made is remembered as
/// such (and reported once), so it is not repainted every frame.
struct RingRasterCache {
    private struct Entry {
        var recipe: RingRaster.Recipe
        var raster: RingRaster?
        var used: Bool
    }

    private var entries: [Entry] = []
    /// Whether the rasters are made and drawn on worker threads.
    let threads: DrawingThreads
    /// Where rasters are kept between runs, or nil.
    let store: RingArtStore?
    /// How long making every raster so far took.
    private(set) var making = RingArtTime()

    /// An empty cache whose rasters are made and drawn on worker threads or not as `threads`
    /// says, read from and kept in `store` when one is given.
    init(threads: DrawingThreads, store: RingArtStore?) {
        self.threads = threads
        self.store = store
    }

    /// The index of the raster for `recipe`, built with item `selected` bright when missing;
    /// nil when it cannot be made at all. `failure` is told why, the first time, and about
    /// each picture left out of it.
    /// Recipes are compared, not hashed: the looks of one frame are usually the very same
    /// arrays as the last frame's, which compare at once.
    mutating func index(for recipe: RingRaster.Recipe, selected: Int, fonts: FontBook,
                        failure: (String) -> Void) -> Int? {
        if let index = entries.firstIndex(where: { $0.recipe == recipe }) {
            entries[index].used = true
            return entries[index].raster == nil ? nil : index
        }
        var raster: RingRaster?
        if let moved = entries.lazy.compactMap(\.raster).first(where: { $0.recipe.hasSameArt(as: recipe) }) {
            raster = RingRaster(recipe, movingArtOf: moved)  // the same ring elsewhere: only its map is new
        } else if let kept = store?.raster(for: recipe, fonts: fonts, selected: selected, threads: threads) {
            raster = kept
        } else {
            var whole = true  // art with a picture left out is not kept: the file may be mended
            do {
                raster = try RingRaster(recipe, fonts: fonts, selected: selected, threads: threads) { why in
                    whole = false
                    failure(why)
                }
            } catch {
                failure("\(error)")
            }
            if whole, let raster { store?.keep(raster, fonts: fonts) }
        }
        making = making + (raster?.making ?? RingArtTime())
        entries.append(Entry(recipe: recipe, raster: raster, used: true))
        return raster == nil ? nil : entries.count - 1
    }

    /// Draws the raster at `index` (from ``index(for:selected:fonts:failure:)`` this frame)
    /// within `rows` and `columns` of the target.
    mutating func draw(at index: Int, rotationDegrees: Double, highlighted: Int, into target: RasterTarget,
                       rows: Range<Int>, columns: Range<Int>) {
        entries[index].raster?.draw(rotationDegrees: rotationDegrees, highlighted: highlighted, into: target,
                                    rows: rows, columns: columns)
    }

    /// Forgets every raster (their memory goes back); indices are invalid afterwards.
    mutating func removeAll() { entries.removeAll() }

    /// Forgets the rasters no ring used since the last call; indices are invalid afterwards.
    mutating func dropUnused() {
        entries.removeAll { !$0.used }
        for i in entries.indices { entries[i].used = false }
    }
}
