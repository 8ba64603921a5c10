/// A picture cut into bands of rows, each with the columns every row of it has wholly opaque
/// and the columns any row has visible: SDL's software renderer copies the opaque block
/// without blending (each pixel copied, less than half the time of a blended one) and
/// blends the rest. A knob's face is a disc: most of it opaque.
///
/// Each copy costs a call as well as its pixels, so the bands are chosen, by dynamic
/// programming over the rows, to draw the picture at the least estimated cost; a picture
/// for which no cut beats blending it whole gets no bands.
struct OpaqueBands: Equatable {
    /// Rows `rows`: `opaque` (maybe empty) wholly opaque in every row, `visible` holding
    /// every pixel of these rows that is not wholly transparent. Picture pixels.
    struct Band: Equatable {
        var rows: Range<Int>
        var opaque: Range<Int>
        var visible: Range<Int>
    }

    /// Top to bottom; rows with nothing visible are left out.
    let bands: [Band]

    /// Estimated cost of a copy call, and of copying and of blending a pixel, in the same
    /// unit (nanoseconds on a 2-core x86 VM with SDL 2.26).
    static let callCost = 1_000.0, copyCost = 0.35, blendCost = 0.8

    /// The cut of `pixels` (0xAARRGGBB), nil when blending it whole costs least.
    init?(_ pixels: PixelBuffer, tallestBand: Int = 256) {
        let (width, height) = (pixels.width, pixels.height)
        guard width > 0, height > 0 else { return nil }
        // Per row: its longest run of opaque pixels and its visible extent.
        var opaque: [Range<Int>] = [], visible: [Range<Int>] = []
        for y in 0..<height {
            var best = 0..<0, start = -1, first = -1, last = -1
            for x in 0...width {
                let alpha = x < width ? pixels.pixels[y * width + x] >> 24 : 0
                if alpha != 0 {
                    if first < 0 { first = x }
                    last = x
                }
                if alpha == 255 {
                    if start < 0 { start = x }
                } else if start >= 0 {
                    if x - start > best.count { best = start..<x }
                    start = -1
                }
            }
            opaque.append(best)
            visible.append(first < 0 ? 0..<0 : first..<last + 1)
        }
        func cost(_ opaque: Range<Int>, _ visible: Range<Int>, rows: Int) -> Double {
            guard !visible.isEmpty else { return 0 }
            guard !opaque.isEmpty else { return Self.callCost + Self.blendCost * Double(visible.count * rows) }
            let sides = (opaque.lowerBound > visible.lowerBound ? 1 : 0) + (opaque.upperBound < visible.upperBound ? 1 : 0)
            return Self.callCost * Double(1 + sides) + Self.copyCost * Double(opaque.count * rows)
                + Self.blendCost * Double((visible.count - opaque.count) * rows)
        }
        // best[e]: least cost of rows 0..<e, reached from a band starting at from[e].
        var best = [Double](repeating: .infinity, count: height + 1), from = [Int](repeating: 0, count: height + 1)
        best[0] = 0
        for start in 0..<height {
            var common = 0..<width, any = 0..<0
            for end in start + 1...min(height, start + tallestBand) {
                let row = end - 1
                common = common.clamped(to: opaque[row])
                if !visible[row].isEmpty {
                    any = any.isEmpty ? visible[row]
                        : min(any.lowerBound, visible[row].lowerBound)..<max(any.upperBound, visible[row].upperBound)
                }
                // A band whose opaque columns are not all visible in every row cannot be.
                let solid = common.isEmpty ? 0..<0 : common
                let total = best[start] + cost(solid, any, rows: end - start)
                if total < best[end] { (best[end], from[end]) = (total, start) }
            }
        }
        let whole = visible.reduce(0..<0) { any, row in
            row.isEmpty ? any : any.isEmpty ? row : min(any.lowerBound, row.lowerBound)..<max(any.upperBound, row.upperBound)
        }
        guard best[height] < cost(0..<0, whole, rows: height) else { return nil }
        var bands: [Band] = []
        var end = height
        while end > 0 {
            let start = from[end]
            var common = 0..<width, any = 0..<0
            for row in start..<end {
                common = common.clamped(to: opaque[row])
                if !visible[row].isEmpty {
                    any = any.isEmpty ? visible[row]
                        : min(any.lowerBound, visible[row].lowerBound)..<max(any.upperBound, visible[row].upperBound)
                }
            }
            if !any.isEmpty { bands.append(Band(rows: start..<end, opaque: common.isEmpty ? 0..<0 : common, visible: any)) }
            end = start
        }
        guard bands.contains(where: { !$0.opaque.isEmpty }) else { return nil }
        self.bands = bands.reversed()
    }
}
