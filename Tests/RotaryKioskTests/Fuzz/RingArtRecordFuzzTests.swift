import CRotaryRaster
import PropertyBased
import RotaryKit
import Testing
@testable import RotarySDL

/// Ring art records (``RingArtRecord``) read back from the disk, mutated: reading must throw a
/// reason or give a map whose every pixel lies on its target and every texel in its art (checked
/// here pixel by pixel, as the C loop would read and write them; this test process is not
/// built with the address sanitizer), and which then draws. Half the cases have their checksum
/// mended after the edits, so they reach the header's and the map's checks behind it.
@Suite("Fuzzing the ring art records")
struct RingArtRecordFuzzTests {
    /// A ring and the record of its art.
    struct Seed: Sendable {
        let recipe: RingRaster.Recipe
        let key: RingArtKey
        let bytes: [UInt8]
    }

    static let seeds: [Seed] = {
        let fonts = FontBook(path: try! FontLocator.locate("DejaVu Sans:bold"))
        return [RGBA(10, 12, 16), nil].map { backdrop in
            var look = RingLook(items: ["A", "Bb", "日"].map { RingItemLook(label: $0) }, fill: RGBA(37, 99, 235))
            look.labelSize = 9
            look.labelRadius = 30
            look.style.ticksPerItem = 2
            look.style.gapPixels = 2
            look.style.dimmedOpacity = 0.5
            let recipe = RingRaster.Recipe(look: look, center: Point(x: 50.5, y: 44), innerRadius: 22, outerRadius: 41,
                                           markerDegrees: -90, backdrop: backdrop, targetWidth: 110, targetHeight: 90)
            let raster = try! RingRaster(recipe, fonts: fonts, selected: 0) { Issue.record("\($0)") }
            let key = RingArtKey(recipe, fontPath: fonts.path, build: RingArtKey.build)
            var bytes: [UInt8] = []
            RingArtRecord.write(key: key, files: fonts.filesInUse.map { ($0, FileIdentity(path: $0)!) },
                                art: (raster.polar.columns, raster.polar.rows, raster.polar.full), map: raster.map.parts) {
                bytes += $0
            }
            return Seed(recipe: recipe, key: key, bytes: bytes)
        }
    }()

    /// One edit that keeps a record's length: a byte, a 16-bit or a 32-bit word at `offset`
    /// (wrapped to the record) set to `value`, or that word swapped with the one `value` bytes on.
    struct Edit: Sendable, CustomStringConvertible {
        var kind: Int
        var offset: Int
        var value: UInt32

        var description: String { "\(["byte", "u16", "u32", "swap"][kind])@\(offset) \(value)" }

        func apply(to bytes: inout [UInt8]) {
            let width = [1, 2, 4, 4][kind], at = offset % (bytes.count - width)
            if kind == 3 {
                let other = (at + Int(value % 4096)) % (bytes.count - width)
                for i in 0..<width { bytes.swapAt(at + i, other + i) }
                return
            }
            withUnsafeBytes(of: value.littleEndian) { word in
                for i in 0..<width { bytes[at + i] = word[i] }
            }
        }
    }

    /// Values that break tables: zero, ones, the edges of each width, the ring's own limits.
    static let hostileValues: [UInt32] = [0, 1, 7, 8, 9, 255, 256, 0x1FFF, 0x2000, 0xE000, 0xFFFF, 0x1_0000, 0x7FFF_FFFF,
                                          0x8000_0000, 0xFFFF_FFFF, 110, 90, 1024, 40_000]

    static let edits = zip(Gen.int(in: 0...3), Gen.int(in: 0...1_000_000), Gen.element(of: hostileValues))
        .map { Edit(kind: $0, offset: $1, value: $2 ?? 0) }.array(of: 1...4)

    @Test("a record of a ring's art: its art and a map within the target, or a reason it is refused")
    func records() async {
        let seeds = Self.seeds
        #expect(seeds.allSatisfy { Self.read($0, $0.bytes) }, "the unmutated records are read back")
        await propertyCheck(count: MutationFuzz.cases(standard: 10000), input: Gen.int(in: 0...7), Self.edits) { choice, edits in
            let seed = seeds[choice % seeds.count]
            var bytes = seed.bytes
            for edit in edits { edit.apply(to: &bytes) }
            if choice >= 2 { bytes = Self.sealed(bytes) }  // three cases in four pass the checksum
            MutationFuzz.keepForCrashReport(bytes, as: "ring-art-\(choice % seeds.count).ring")
            #expect(MutationFuzz.seconds { _ = Self.read(seed, bytes) } < 1, "a hang on \(edits)")
        }
    }

    /// Reads `bytes` as `seed`'s record: when it is taken, draws it whole into a target of the
    /// ring's size (a map reaching outside would be caught by the address sanitizer, or
    /// crash); whether it was taken.
    static func read(_ seed: Seed, _ bytes: [UInt8]) -> Bool {
        var source = RingArtRecord.Bytes(bytes)
        let recipe = seed.recipe, bounds = recipe.bounds!
        do {
            var (polar, map) = try RingArtRecord.read(&source, key: seed.key, recipe: recipe)
            expectWithin(map.parts, rows: polar.rows, square: (Int(bounds.x)..<Int(bounds.maxX), Int(bounds.y)..<Int(bounds.maxY)))
            polar.show(selected: 1)
            var pixels = [UInt32](repeating: 0, count: recipe.targetWidth * recipe.targetHeight)
            pixels.withUnsafeMutableBufferPointer { buffer in
                map.draw(polar, rotationDegrees: 77, into: RasterTarget(pixels: buffer.baseAddress!, stride: recipe.targetWidth))
            }
            return true
        } catch {
            return false
        }
    }

    /// Expects every pixel `parts` draw to lie in the ring's `square` (window pixels: what the
    /// composer's texture covers) and every texel they read within `rows`×`columns`, each
    /// found as `rotary_ring_draw_runs` and the rim's loop find it.
    static func expectWithin(_ parts: RingPixelMap.Parts, rows: Int, square: (x: Range<Int>, y: Range<Int>)) {
        let block = RingPixelMap.block, mask = (1 << Int(RingPixelMap.columnBits)) - 1
        var outside = 0
        for run in parts.runs {
            let (x, y, count, lookup) = (Int(run.x), Int(run.y), Int(run.count), Int(run.lookup))
            guard x >= square.x.lowerBound, x + count <= square.x.upperBound, square.y.contains(y), lookup >= 0 else {
                outside += 1
                continue
            }
            for i in 0..<count {
                let blockIndex = lookup / block + i / block
                guard lookup + i < parts.steps.count, blockIndex < parts.blockRows.count else { outside += 1; break }
                let step = Int(parts.steps[lookup + i])
                if Int(parts.blockRows[blockIndex]) + step >> Int(RingPixelMap.columnBits) >= rows || step & mask >= parts.columns {
                    outside += 1
                }
            }
        }
        for edge in parts.edges {
            let row = Int(edge.texel >> RingPixelMap.columnBits), column = Int(edge.texel) & mask
            if !square.x.contains(Int(edge.x)) || !square.y.contains(Int(edge.y)) || row >= rows || column >= parts.columns {
                outside += 1
            }
        }
        #expect(outside == 0, "a map was taken that reaches outside its target or art")
    }

    /// `bytes` with the checksum its header keeps made to match what follows, where the
    /// header's lengths fit in it (the sections in the order the record has them).
    static func sealed(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 64 else { return bytes }
        func field(_ i: Int) -> Int {
            Int(bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 8 + 4 * i, as: UInt32.self)) })
        }
        guard field(3) <= 8192, field(4) <= 8192 else { return bytes }
        let lengths = [field(1), field(2), 4 * field(3) * field(4), 2 * field(5), 2 * field(6), 16 * field(7), 16 * field(8)]
        var sum = bytes.withUnsafeBytes { rotary_checksum64($0.baseAddress, 52, 0) }
        var at = 64
        for length in lengths {
            guard length <= bytes.count - at else { return bytes }
            sum = bytes.withUnsafeBytes { rotary_checksum64($0.baseAddress! + at, length, sum) }
            at += length
        }
        var out = bytes
        withUnsafeBytes(of: sum.littleEndian) { out.replaceSubrange(52..<60, with: $0) }
        return out
    }
}
