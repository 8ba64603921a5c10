import CRotaryRaster

extension RingPixelMap {
    /// A map's tables as a record keeps them (``RingArtRecord``).
    struct Parts: Sendable {
        var columns: Int
        var rowRange: Range<Int>
        var steps: [UInt16]
        var blockRows: [UInt16]
        var runs: [Run]
        var edges: [Edge]

        /// Throws unless every run, step and rim pixel lies within `bounds` (window pixels)
        /// and names a texel of a ring of `rows`×``columns``, runs and rim pixels each in
        /// strict order along rows and never overlapping: what drawing relies on without
        /// checking each pixel (a map with a run repeated could make every frame copy the
        /// ring thousands of times, and the halves drawn on two threads must not overlap).
        func check(rows: Int, bounds: (x: Range<Int>, y: Range<Int>)) throws(RingArtRecord.Failure) {
            let block = RingPixelMap.block
            guard columns > 0, columns <= 1 << Int(RingPixelMap.columnBits), rows > 0 else {
                throw .damaged("the map's \(columns) columns do not fit the ring")
            }
            guard rowRange.isEmpty || (rowRange.lowerBound >= bounds.y.lowerBound && rowRange.upperBound <= bounds.y.upperBound)
            else { throw .damaged("the map's rows \(rowRange) lie outside the ring") }
            guard steps.count % block == 0, blockRows.count == steps.count / block else {
                throw .damaged("the map has \(steps.count) steps for \(blockRows.count) blocks")
            }
            let fit = steps.withUnsafeBufferPointer { steps in
                blockRows.withUnsafeBufferPointer { blockRows in
                    rotary_ring_steps_fit(steps.baseAddress, blockRows.baseAddress, blockRows.count, Int32(columns), Int32(rows))
                }
            }
            guard fit != 0 else { throw .damaged("a step of the map names a texel outside the ring's art") }
            var next = (y: Int.min, x: Int.min)  // the first pixel the next run may start at
            for run in runs {
                let (x, y, count, lookup) = (Int(run.x), Int(run.y), Int(run.count), Int(run.lookup))
                guard count > 0, lookup >= 0, lookup % block == 0, lookup + count <= steps.count, x >= bounds.x.lowerBound,
                      x + count <= bounds.x.upperBound, bounds.y.contains(y), (y, x) >= next
                else { throw .damaged("a run of the map (x \(x), y \(y), \(count) pixels) lies outside the ring or out of order") }
                next = (y, x + count)
            }
            next = (Int.min, Int.min)
            for edge in edges {
                let (x, y) = (Int(edge.x), Int(edge.y))
                let row = Int(edge.texel >> RingPixelMap.columnBits), column = Int(edge.texel & (1 << RingPixelMap.columnBits - 1))
                guard bounds.x.contains(x), bounds.y.contains(y), (y, x) >= next, row < rows, column < columns,
                      edge.coverage <= 256
                else { throw .damaged("a rim pixel of the map (x \(x), y \(y)) lies outside the ring or out of order") }
                next = (y, x + 1)
            }
        }
    }
}
