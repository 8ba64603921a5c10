import Testing
@testable import RotarySDL

@Suite("Ring art records: what a sound checksum does not vouch for")
struct RingArtRecordTests {
    /// A table of the map changed so that drawing it would reach outside the ring's art or
    /// its target, written with a checksum that matches (as anyone who can write the file could).
    enum Hostile: String, CaseIterable, Sendable {
        case columnPastArt, rowPastArt, runPastRight, runAbove, runsOutOfOrder, lookupOffBlock, runPastSteps
        case edgeOutside, edgePastArt, stepsWithoutBlocks, rowsOutsideRing, runRepeated, runsOverlapping, edgeRepeated
        /// Sound in every part, but the ring's segments would vanish (all of it, or half).
        case mapEmptied, halfTheRunsLeftOut
        /// In order and within the square, but in its corner, outside the ring.
        case runInTheCorner

        func apply(to parts: inout RingPixelMap.Parts, rows: Int, bounds: (x: Range<Int>, y: Range<Int>)) {
            let middle = parts.runs.count / 2
            switch self {
            case .columnPastArt: parts.steps[3] = UInt16(parts.columns)
            case .rowPastArt: parts.blockRows[0] = UInt16(rows - 1); parts.steps[0] |= 7 << 13
            case .runPastRight: parts.runs[middle].x = Int32(bounds.x.upperBound - 1)
            case .runAbove: parts.runs[0].y = Int32(bounds.y.lowerBound - 1)
            case .runsOutOfOrder: parts.runs.swapAt(0, parts.runs.count - 1)
            case .lookupOffBlock: parts.runs[middle].lookup += 3
            case .runPastSteps: parts.runs[parts.runs.count - 1].count += Int32(RingPixelMap.block)
            case .edgeOutside: parts.edges[0].x = -1
            case .edgePastArt: parts.edges[0].texel = UInt32(rows) << RingPixelMap.columnBits
            case .stepsWithoutBlocks: parts.blockRows.removeLast()
            case .rowsOutsideRing: parts.rowRange = bounds.y.lowerBound - 5..<bounds.y.upperBound
            case .runRepeated: parts.runs.insert(parts.runs[middle], at: middle)
            case .runsOverlapping: parts.runs[middle + 1].y = parts.runs[middle].y; parts.runs[middle + 1].x = parts.runs[middle].x
            case .edgeRepeated: parts.edges.insert(parts.edges[0], at: 0)
            case .mapEmptied: (parts.steps, parts.blockRows, parts.runs, parts.edges) = ([], [], [], [])
            case .runInTheCorner: parts.runs[0].x = Int32(bounds.x.lowerBound)
            case .halfTheRunsLeftOut: parts.runs = parts.runs.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            }
        }
    }

    @Test("a map reaching outside the ring's art or its square is refused, checksum or not", arguments: Hostile.allCases)
    func hostile(_ change: Hostile) throws {
        let fixture = try RingArtFixture()
        defer { fixture.remove() }
        let recipe = fixture.recipe()
        let raster = try RingRaster(recipe, fonts: fixture.fonts, selected: 0) { Issue.record("\($0)") }
        let key = RingArtKey(recipe, fontPath: fixture.fonts.path, build: RingArtKey.build)
        let bounds = try #require(recipe.bounds)
        let square = (x: Int(bounds.x)..<Int(bounds.maxX), y: Int(bounds.y)..<Int(bounds.maxY))
        func record(_ parts: RingPixelMap.Parts) -> [UInt8] {
            var bytes: [UInt8] = []
            RingArtRecord.write(key: key, files: [], art: (raster.polar.columns, raster.polar.rows, raster.polar.full), map: parts) {
                bytes += $0
            }
            return bytes
        }
        func read(_ bytes: [UInt8]) throws(RingArtRecord.Failure) {
            var source = RingArtRecord.Bytes(bytes)
            _ = try RingArtRecord.read(&source, key: key, recipe: recipe)
        }
        var parts = raster.map.parts
        try read(record(parts))  // as written, it is read back
        change.apply(to: &parts, rows: raster.polar.rows, bounds: square)
        #expect {
            try read(record(parts))
        } throws: { error in
            if case .damaged = error as? RingArtRecord.Failure { return true } else { return false }
        }
    }
}
