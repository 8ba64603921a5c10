import Foundation

/// For one ring on one window: which polar texel every window pixel inside the ring shows
/// when the ring is not turned. Built once per layout; drawing the ring turned by any angle
/// is then, per pixel, one table read and one texel copy (``draw(_:rotationDegrees:into:rows:columns:)``).
///
/// Pixels fully inside the ring are listed as runs along rows; pixels the rim only partly
/// covers are listed apart, with their coverage, and blended with the ring's background (on
/// a transparent background: their alpha faded). Pixels are window coordinates, so a map
/// serves any ``RasterTarget`` that covers the ring.
public struct RingPixelMap: Sendable {
    /// A horizontal run of fully covered pixels: `count` pixels from window pixel (`x`, `y`),
    /// whose texels are `texels[lookup ..< lookup + count]`.
    struct Run: Sendable {
        var x: Int32
        var y: Int32
        var count: Int32
        var lookup: Int32
    }

    /// A partly covered rim pixel: window pixel (`x`, `y`), packed texel, coverage 1…255.
    struct Edge: Sendable {
        var x: Int32
        var y: Int32
        var texel: UInt32
        var coverage: UInt32
    }

    /// Each covered pixel's texel, run after run, packed as `row << columnBits | column`.
    private var texels: [UInt32] = []
    private var runs: [Run] = []
    private var edges: [Edge] = []
    /// Columns of the polar ring this map reads.
    public let columns: Int
    /// The window rows the ring touches (for updating only what changed).
    public private(set) var rowRange: Range<Int> = 0..<0
    /// Bits of a packed texel that hold the column.
    static let columnBits: UInt32 = 14

    /// Maps the ring with centre (`cx`, `cy`), radii and `markerDegrees` (screen angle of
    /// item 0's centre when the ring is not turned) onto a `width`×`height` window; pixels
    /// outside the window are left out.
    public init(width: Int, height: Int, cx: Double, cy: Double, innerRadius: Double,
                outerRadius: Double, markerDegrees: Double, ring: PolarRing) {
        columns = ring.columns
        let area = Double.pi * ((outerRadius + 1) * (outerRadius + 1) - max(0, innerRadius - 1) * max(0, innerRadius - 1))
        texels.reserveCapacity(Int(area) + 16)
        let y0 = max(0, Int((cy - outerRadius).rounded(.down)))
        let y1 = min(height, Int((cy + outerRadius).rounded(.up)) + 1)
        guard y0 < y1 else { return }
        rowRange = y0..<y1
        let columnsPerDegree = Double(columns) / 360
        let lastRow = ring.rows - 1
        AnnulusSpans.forEach(cx: cx, cy: cy, inner: max(0, innerRadius - 1), outer: outerRadius + 1, rows: y0..<y1,
                             columns: 0..<width) { y, dy, xs in
            var run: Run?
            for x in xs {
                let dx = Double(x) + 0.5 - cx
                let r = (dx * dx + dy * dy).squareRoot()
                let coverage = min(max(min(outerRadius - r, r - innerRadius) + 0.5, 0), 1)
                guard coverage > 0 else {
                    if let open = run { runs.append(open); run = nil }
                    continue
                }
                let row = min(max(Int(r - innerRadius), 0), lastRow)
                let degrees = FastAngle.degrees(dy: dy, dx: dx) - markerDegrees
                var column = Int((degrees * columnsPerDegree).rounded(.down)) % columns
                if column < 0 { column += columns }
                let texel = UInt32(row) << Self.columnBits | UInt32(column)
                if coverage >= 1 {
                    if var open = run {
                        open.count += 1
                        run = open
                    } else {
                        run = Run(x: Int32(x), y: Int32(y), count: 1, lookup: Int32(texels.count))
                    }
                    texels.append(texel)
                } else {
                    if let open = run { runs.append(open); run = nil }
                    edges.append(Edge(x: Int32(x), y: Int32(y), texel: texel, coverage: UInt32((coverage * 256).rounded())))
                }
            }
            if let open = run { runs.append(open) }
        }
    }

    /// Number of window pixels this ring draws.
    public var pixelCount: Int { texels.count + edges.count }

    /// Draws `ring` turned by `rotationDegrees` (clockwise) into `target`, which must cover
    /// every pixel of the map within `rows` and `columns` (window pixels; only those are
    /// written). Rim pixels are blended with the ring's opaque background, or on a
    /// transparent one get the texel with its alpha faded. The runs are split between two
    /// cores; they write disjoint pixels.
    public func draw(_ ring: PolarRing, rotationDegrees: Double, into target: RasterTarget,
                     rows: Range<Int> = Int.min..<Int.max, columns: Range<Int> = Int.min..<Int.max) {
        let turns = rotationDegrees / 360
        let shift = Int32(((turns - turns.rounded(.down)) * Double(self.columns)).rounded()) % Int32(self.columns)
        let out = UnsafeSendable(target.pixels)
        let (shown, texels, width) = (ring.shown, self.texels, Int32(self.columns))
        let runs = self.runs[Self.span(of: self.runs, rows: rows, y: \.y)]
        let (stride, originX, originY) = (target.stride, target.originX, target.originY)
        let (left, right) = (Int32(clamping: columns.lowerBound), Int32(clamping: columns.upperBound))
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            let middle = runs.startIndex + runs.count / 2
            let range = half == 0 ? runs.startIndex..<middle : middle..<runs.endIndex
            shown.withUnsafeBufferPointer { shown in
                texels.withUnsafeBufferPointer { lookup in
                    for run in runs[range] {
                        let from = max(run.x, left), to = min(run.x + run.count, right)
                        guard from < to else { continue }
                        var p = (Int(run.y) - originY) * stride + Int(from) - originX, l = Int(run.lookup + from - run.x)
                        for _ in from..<to {
                            out.pointer[p] = shown[Self.texelIndex(lookup[l], shift: shift, columns: width)]
                            p += 1
                            l += 1
                        }
                    }
                }
            }
        }
        let background = ring.art.background
        let transparent = ring.art.isTransparent
        for edge in edges[Self.span(of: edges, rows: rows, y: \.y)] where edge.x >= left && edge.x < right {
            let texel = shown[Self.texelIndex(edge.texel, shift: shift, columns: width)]
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

    /// The index into a polar ring's texels of packed texel `t` turned by `shift` columns.
    @inline(__always)
    private static func texelIndex(_ t: UInt32, shift: Int32, columns: Int32) -> Int {
        var c = Int32(t & (UInt32(1) << columnBits - 1)) - shift
        c += (c >> 31) & columns
        return Int(Int32(t >> columnBits) * columns + c)
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
