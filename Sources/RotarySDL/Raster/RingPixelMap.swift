import CRotaryRaster
import FoundationEssentials

/// For one ring on one window: which polar texel every window pixel inside the ring shows
/// when the ring is not turned. Built once per layout; drawing the ring turned by any angle
/// is then, per pixel, one table read and one texel copy (``draw(_:rotationDegrees:into:rows:columns:threads:)``).
///
/// Pixels fully inside the ring are listed as runs along rows, two bytes a pixel: its texel's
/// column, and its texel's row as an offset from the lowest row of its block of eight (along
/// a window row the radius changes by at most a pixel per pixel), plus two bytes a block for
/// that row. No pixel's texel depends on the pixel before, so C's loop works a block out in
/// SIMD lanes. Pixels the rim only partly
/// covers are listed apart, with their coverage, and blended with the ring's background (on
/// a transparent background: their alpha faded). Pixels are window coordinates, so a map
/// serves any ``RasterTarget`` that covers the ring.
public struct RingPixelMap: Sendable {
    /// A horizontal run of fully covered pixels: `count` pixels from window pixel (`x`, `y`),
    /// whose texels are `steps[lookup ..< lookup + count]` on the rows of
    /// `blockRows[lookup / block...]` (C's, for the loop that draws them).
    typealias Run = RotaryRingRun

    /// A partly covered rim pixel: window pixel (`x`, `y`), packed texel, coverage 0…256.
    struct Edge: Sendable {
        var x: Int32
        var y: Int32
        var texel: UInt32
        var coverage: UInt32
    }

    /// Each covered pixel's texel, run after run, each run padded to whole blocks of
    /// ``block``: its column, and in the bits above ``columnBits`` its row's offset from its
    /// block's row.
    private(set) var steps: [UInt16] = []
    /// Each block's lowest texel row.
    private(set) var blockRows: [UInt16] = []
    /// The runs, in row order.
    private(set) var runs: [Run] = []
    /// The partly covered pixels, in row order.
    private(set) var edges: [Edge] = []
    /// Columns of the polar ring this map reads.
    public let columns: Int
    /// The window rows the ring touches (for updating only what changed).
    public private(set) var rowRange: Range<Int> = 0..<0
    /// Bits of a packed texel that hold the column.
    static let columnBits = UInt32(ROTARY_RING_COLUMN_BITS)
    /// Pixels of a run that share one base row.
    static let block = Int(ROTARY_RING_BLOCK)

    /// Maps the ring with centre (`cx`, `cy`), radii and `markerDegrees` (screen angle of
    /// item 0's centre when the ring is not turned) onto a `width`×`height` window; pixels
    /// outside the window are left out. The upper and lower halves are mapped apart, on two
    /// cores with `threads` set to ``DrawingThreads/workers``.
    public init(width: Int, height: Int, cx: Double, cy: Double, innerRadius: Double,
                outerRadius: Double, markerDegrees: Double, ring: PolarRing, threads: DrawingThreads = .callerOnly) {
        columns = ring.columns
        let y0 = max(0, Int((cy - outerRadius).rounded(.down)))
        let y1 = min(height, Int((cy + outerRadius).rounded(.up)) + 1)
        guard y0 < y1 else { return }
        rowRange = y0..<y1
        let geometry = Geometry(cx: cx, cy: cy, innerRadius: innerRadius, outerRadius: outerRadius,
                                markerDegrees: markerDegrees, columns: ring.columns, rows: ring.rows, width: width)
        let middle = (y0 + y1) / 2
        var halves = [Half](repeating: Half(), count: 2)
        halves.withUnsafeMutableBufferPointer { out in
            let base = UnsafeSendable(out.baseAddress!)
            threads.perform(2) { i in
                base.pointer[i] = Half(geometry, rows: i == 0 ? y0..<middle : middle..<y1)
            }
        }
        let offset = Int32(halves[0].steps.count)
        steps = halves[0].steps + halves[1].steps
        blockRows = halves[0].blockRows + halves[1].blockRows
        runs = halves[0].runs + halves[1].runs.map { run in
            var moved = run
            moved.lookup += offset
            return moved
        }
        edges = halves[0].edges + halves[1].edges
    }

    /// The map a record kept (``RingArtRecord``), once its parts are found sound for a ring
    /// of `rows`×`columns` texels within `bounds` (window pixels): a hostile or damaged record
    /// is refused here, before any loop reads it.
    init(_ parts: Parts, rows: Int, bounds: (x: Range<Int>, y: Range<Int>)) throws(RingArtRecord.Failure) {
        try parts.check(rows: rows, bounds: bounds)
        columns = parts.columns
        rowRange = parts.rowRange
        (steps, blockRows, runs, edges) = (parts.steps, parts.blockRows, parts.runs, parts.edges)
    }

    /// What the map is made of, for a record.
    var parts: Parts {
        Parts(columns: columns, rowRange: rowRange, steps: steps, blockRows: blockRows, runs: runs, edges: edges)
    }

    /// Where a ring lies on the window and how its art is laid out.
    private struct Geometry: Sendable {
        let cx, cy, innerRadius, outerRadius, markerDegrees: Double
        let columns, rows, width: Int
    }

    /// The runs, steps and rim pixels of some rows of a ring.
    private struct Half {
        var steps: [UInt16] = []
        var blockRows: [UInt16] = []
        var runs: [Run] = []
        var edges: [Edge] = []
        /// The run being collected, and its pixels' texel rows and columns.
        private var open: Run?
        private var openRows: [Int] = [], openColumns: [Int] = []

        init() {}

        init(_ g: Geometry, rows: Range<Int>) {
            let columnsPerDegree = Double(g.columns) / 360
            let lastRow = g.rows - 1
            AnnulusSpans.forEach(cx: g.cx, cy: g.cy, inner: max(0, g.innerRadius - 1), outer: g.outerRadius + 1, rows: rows,
                                 columns: 0..<g.width) { y, dy, xs in
                for x in xs {
                    let dx = Double(x) + 0.5 - g.cx
                    let r = (dx * dx + dy * dy).squareRoot()
                    let coverage = min(max(min(g.outerRadius - r, r - g.innerRadius) + 0.5, 0), 1)
                    guard coverage > 0 else {
                        close()
                        continue
                    }
                    let row = min(max(Int(r - g.innerRadius), 0), lastRow)
                    let degrees = FastAngle.degrees(dy: dy, dx: dx) - g.markerDegrees
                    var column = Int((degrees * columnsPerDegree).rounded(.down)) % g.columns
                    if column < 0 { column += g.columns }
                    if coverage >= 1 {
                        // A block's rows must lie within its lowest row's offset bits: a row
                        // jumping more than a pixel (never, along a window row) starts a run.
                        if let last = openRows.last, abs(row - last) > 1 { close() }
                        if open == nil { open = Run(x: Int32(x), y: Int32(y), count: 0, lookup: Int32(steps.count)) }
                        openRows.append(row)
                        openColumns.append(column)
                    } else {
                        close()
                        edges.append(Edge(x: Int32(x), y: Int32(y), texel: UInt32(row) << RingPixelMap.columnBits | UInt32(column),
                                          coverage: UInt32((coverage * 256).rounded())))
                    }
                }
                close()
            }
        }

        /// Ends the run being collected: its steps, padded to whole blocks, and its blocks' rows.
        private mutating func close() {
            guard var run = open else { return }
            let block = RingPixelMap.block, count = openRows.count
            for start in stride(from: 0, to: count, by: block) {
                let end = min(start + block, count)
                let base = openRows[start..<end].min()!
                blockRows.append(UInt16(base))
                for i in start..<end {
                    steps.append(UInt16(openRows[i] - base) << UInt16(RingPixelMap.columnBits) | UInt16(openColumns[i]))
                }
                steps.append(contentsOf: repeatElement(0, count: start + block - end))
            }
            run.count = Int32(count)
            runs.append(run)
            open = nil
            openRows.removeAll(keepingCapacity: true)
            openColumns.removeAll(keepingCapacity: true)
        }
    }

    /// Number of window pixels this ring draws.
    public var pixelCount: Int { runs.reduce(0) { $0 + Int($1.count) } + edges.count }

    /// Draws `ring` turned by `rotationDegrees` (clockwise) into `target`, which must cover
    /// every pixel of the map within `rows` and `columns` (window pixels; only those are
    /// written). Rim pixels are blended with the ring's opaque background, or on a
    /// transparent one get the texel with its alpha faded. The runs are drawn in two halves,
    /// which write disjoint pixels: on two cores with `threads` set to
    /// ``DrawingThreads/workers``.
    public func draw(_ ring: PolarRing, rotationDegrees: Double, into target: RasterTarget,
                     rows: Range<Int> = Int.min..<Int.max, columns: Range<Int> = Int.min..<Int.max,
                     threads: DrawingThreads = .callerOnly) {
        let turns = rotationDegrees / 360
        let shift = Int32(((turns - turns.rounded(.down)) * Double(self.columns)).rounded()) % Int32(self.columns)
        let out = UnsafeSendable(target.pixels)
        let (shown, steps, blockRows, runs, width) = (ring.shown, self.steps, self.blockRows, self.runs, Int32(self.columns))
        let span = Self.span(of: runs, rows: rows, y: \.y)
        let (stride, originX, originY) = (target.stride, target.originX, target.originY)
        let (left, right) = (Int32(clamping: columns.lowerBound), Int32(clamping: columns.upperBound))
        threads.perform(2) { half in
            let middle = span.lowerBound + span.count / 2
            let range = half == 0 ? span.lowerBound..<middle : middle..<span.upperBound
            shown.withUnsafeBufferPointer { shown in
                steps.withUnsafeBufferPointer { steps in
                    blockRows.withUnsafeBufferPointer { blockRows in
                        runs.withUnsafeBufferPointer { runs in
                            rotary_ring_draw_runs(out.pointer, stride, originX, originY, shown.baseAddress, steps.baseAddress,
                                                  blockRows.baseAddress, runs.baseAddress.map { $0 + range.lowerBound },
                                                  range.count, shift, width, left, right)
                        }
                    }
                }
            }
        }
        let background = ring.art.background
        let transparent = ring.art.isTransparent
        for edge in edges[Self.span(of: edges, rows: rows, y: \.y)] where edge.x >= left && edge.x < right {
            let texel = shown[Self.texelIndex(row: Int32(edge.texel >> Self.columnBits),
                                              column: UInt16(truncatingIfNeeded: edge.texel), shift: shift, columns: width)]
            target.pixels[target.offset(x: Int(edge.x), y: Int(edge.y))] = transparent
                ? PixelMath.fadeAlpha(texel, edge.coverage) : PixelMath.lerp(background, texel, edge.coverage)
        }
    }

    /// The indices of `items` (in row order) on `rows`, found by halving.
    private static func span<Item>(of items: [Item], rows: Range<Int>, y: KeyPath<Item, Int32>) -> Range<Int> {
        func firstIndex(onOrAfter row: Int) -> Int {
            var (low, high) = (0, items.count)
            while low < high {
                let middle = (low + high) / 2
                if Int(items[middle][keyPath: y]) < row { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let first = firstIndex(onOrAfter: rows.lowerBound)
        return first..<max(first, firstIndex(onOrAfter: rows.upperBound))
    }

    /// The index into a polar ring's texels of the texel in `row` and the column in the low
    /// ``columnBits`` of `column`, turned by `shift` columns.
    @inline(__always)
    private static func texelIndex(row: Int32, column: UInt16, shift: Int32, columns: Int32) -> Int {
        var c = Int32(column & (UInt16(1) << UInt16(columnBits) - 1)) - shift
        c += (c >> 31) & columns
        return Int(row * columns + c)
    }
}

/// A fast `atan2` in degrees, accurate to about 0.0002°: far finer than a polar column.
enum FastAngle {
    /// The screen angle of (`dx`, `dy`) in degrees, in (−180°, 180°].
    @inline(__always)
    static func degrees(dy: Double, dx: Double) -> Double {
        let ax = abs(dx), ay = abs(dy)
        if ax == 0 && ay == 0 { return 0 }
        let swap = ay > ax
        let z = swap ? ax / ay : ay / ax
        let z2 = z * z
        // Minimax polynomial for atan(z) on [0, 1].
        var a = z * (0.999_999_5 + z2 * (-0.333_298_6 + z2 * (0.199_465_4 + z2 * (-0.139_085_3
            + z2 * (0.096_420_0 + z2 * (-0.055_909_9 + z2 * (0.021_861_2 + z2 * -0.004_054_0)))))))
        if swap { a = .pi / 2 - a }
        if dx < 0 { a = .pi - a }
        if dy < 0 { a = -a }
        return a * 180 / .pi
    }
}
