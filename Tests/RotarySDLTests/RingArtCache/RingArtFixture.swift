import Foundation
import RotaryKit
import Synchronization
import Testing
@testable import RotarySDL

/// A small ring with labels, a texture file, an icon and ticks, and the folders and log lines
/// of a ring art store for it.
struct RingArtFixture {
    let folder: String
    let texture: String
    let fonts = FontBook(path: try! FontLocator.locate("DejaVu Sans:bold"))
    let lines = LogLines()

    /// A fixture in a new temporary folder: the texture file in it, records in its `cache`.
    init() throws {
        folder = NSTemporaryDirectory() + "rotary-ring-art-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        texture = folder + "/segment.svg"
        try Self.svg.write(toFile: texture, atomically: false, encoding: .utf8)
    }

    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#b45309"/>\
        <circle cx="32" cy="20" r="12" fill="#fde68a"/></svg>
        """

    var cache: String { folder + "/cache" }

    /// A store on ``cache`` whose log lines are kept in ``lines``.
    func store() -> RingArtStore {
        let lines = lines
        return RingArtStore(directory: cache) { line in lines.lines.withLock { $0.append(line) } }
    }

    /// The ring on a `width`×`height` target with its centre at (`x`, 80), on `backdrop`.
    func recipe(x: Double = 100, width: Int = 200, height: Int = 160, backdrop: RGBA? = RGBA(20, 24, 32),
                outer: Double = 70) -> RingRaster.Recipe {
        var look = RingLook(items: ["Sauna", "Steam", "日本"].enumerated().map { i, label in
            RingItemLook(label: label, texture: i == 0 ? .file(texture) : nil, icon: i == 1 ? .builtIn("icons/flame") : nil)
        }, fill: RGBA(37, 99, 235))
        look.labelSize = 12
        look.labelRadius = outer - 14
        look.iconSize = 16
        look.iconRadius = outer - 32
        look.style.gapPixels = 2
        look.style.dimmedOpacity = 0.6
        look.style.ticksPerItem = 3
        look.style.tickFromRadius = outer - 6
        return RingRaster.Recipe(look: look, center: Point(x: x, y: 80), innerRadius: outer - 45, outerRadius: outer,
                                 markerDegrees: -90, backdrop: backdrop, targetWidth: width, targetHeight: height)
    }

    /// The record files in ``cache``.
    func records() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { $0.hasSuffix(".ring") }.sorted()
    }

    /// The pixels of the raster at `index` of `rasters` on a target of the recipe's size,
    /// turned by `rotation` with item `highlighted` bright.
    static func pixels(_ rasters: inout RingRasterCache, at index: Int, recipe: RingRaster.Recipe, rotation: Double,
                       highlighted: Int) -> [UInt32] {
        var pixels = [UInt32](repeating: 0xFF00_0000, count: recipe.targetWidth * recipe.targetHeight)
        pixels.withUnsafeMutableBufferPointer { buffer in
            rasters.draw(at: index, rotationDegrees: rotation, highlighted: highlighted,
                         into: RasterTarget(pixels: buffer.baseAddress!, stride: recipe.targetWidth),
                         rows: 0..<recipe.targetHeight, columns: 0..<recipe.targetWidth)
        }
        return pixels
    }

    /// Paints the ring of `recipe` through a cache on a new store (kept once written) and
    /// returns that cache and the ring's index in it.
    func paint(_ recipe: RingRaster.Recipe) throws -> (RingRasterCache, Int) {
        let store = store()
        var rasters = RingRasterCache(threads: .callerOnly, store: store)
        let index = try #require(rasters.index(for: recipe, selected: 1, fonts: fonts) { Issue.record("\($0)") })
        store.waitForWrites()
        return (rasters, index)
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

/// Log lines heard on any thread.
final class LogLines: Sendable {
    let lines = Mutex<[String]>([])
    /// The lines so far.
    var all: [String] { lines.withLock { $0 } }
}
