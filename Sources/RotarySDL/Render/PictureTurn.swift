import FoundationEssentials

/// A picture turned about a point for the software renderer, sampled as SDL's software
/// renderer samples a turned texture (`SDL_RenderCopyEx`, SDL 2.26): the same destination
/// box, the same 16.16 fixed-point steps and the same bilinear arithmetic, so the pixels are
/// SDL's. Where SDL fills a new surface of the whole box every time and samples every pixel
/// of it, this visits, row by row, only the pixels whose source lies within the picture, and
/// writes them into a buffer kept from one frame to the next or mixes them straight into the
/// frame.
struct PictureTurn {
    /// Where the turned picture is drawn, in the target: its box's top-left pixel and size.
    let x: Int, y: Int, width: Int, height: Int

    /// Sine and cosine, 16.16 fixed point, as SDL truncates them.
    private let sine: Int, cosine: Int
    /// The pivot, in the picture's own pixels, 16.16.
    private let pivotX: Int, pivotY: Int
    /// The first destination pixel's centre from the pivot, in the picture's own pixels.
    private let startX: Double, startY: Double
    private let sourceWidth: Int, sourceHeight: Int

    /// A `sourceWidth`×`sourceHeight` picture whose top-left corner lies at pixel
    /// (`left`, `top`) of the target, turned clockwise by `degrees` about the point
    /// (`pivotX`, `pivotY`) of the picture (its own pixels, from its top-left corner).
    init(sourceWidth: Int, sourceHeight: Int, left: Int, top: Int, pivotX: Double, pivotY: Double, degrees: Double) {
        let radians = degrees * (Double.pi / 180)
        let (s, c) = (sin(radians), cos(radians))
        // The box: the turned centres of the corner pixels, rounded outwards.
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for (cornerX, cornerY) in [(0.5, 0.5), (Double(sourceWidth) - 0.5, 0.5), (0.5, Double(sourceHeight) - 0.5),
                                   (Double(sourceWidth) - 0.5, Double(sourceHeight) - 0.5)] {
            let dx = cornerX - pivotX, dy = cornerY - pivotY
            let turnedX = c * dx - s * dy + pivotX, turnedY = s * dx + c * dy + pivotY
            (minX, maxX) = (Swift.min(minX, turnedX), Swift.max(maxX, turnedX))
            (minY, maxY) = (Swift.min(minY, turnedY), Swift.max(maxY, turnedY))
        }
        let boxX = Int(minX.rounded(.down)), boxY = Int(minY.rounded(.down))
        (x, y) = (left + boxX, top + boxY)
        (width, height) = (Int(maxX.rounded(.up)) - boxX, Int(maxY.rounded(.up)) - boxY)
        // Turning back: source = R(−θ)·(destination − pivot) + pivot.
        (sine, cosine) = (Int(-s * 65536), Int(c * 65536))
        (self.pivotX, self.pivotY) = (Int(pivotX * 65536), Int(pivotY * 65536))
        (startX, startY) = (Double(boxX) + 0.5 - pivotX, Double(boxY) + 0.5 - pivotY)
        (self.sourceWidth, self.sourceHeight) = (sourceWidth, sourceHeight)
    }

    /// Writes the turned picture's ``width``×``height`` pixels (0xAARRGGBB, straight alpha;
    /// transparent where nothing is) into `target`, whose rows lie `stride` pixels apart,
    /// sampling `source` (rows `sourceWidth` apart).
    func render(_ source: UnsafePointer<UInt32>, into target: UnsafeMutablePointer<UInt32>, stride: Int) {
        for row in 0..<height { (target + row * stride).update(repeating: 0, count: width) }
        forEachSample(of: source, rows: 0..<height, columns: 0..<width) { row, column, color in
            target[row * stride + column] = color
        }
    }

    /// Lays the turned picture over `frame` within `area` (target pixels, within the frame),
    /// each pixel mixed as `mixing` does: the same pixels as ``render(_:into:stride:)`` into a
    /// texture that SDL then blends there, without visiting the box's transparent pixels twice.
    func blend(_ source: UnsafePointer<UInt32>, into frame: RasterTarget, within area: (x: Range<Int>, y: Range<Int>),
               mixing: ModulatedBlend) {
        let rows = area.y.clamped(to: y..<y + height), columns = area.x.clamped(to: x..<x + width)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        forEachSample(of: source, rows: rows.lowerBound - y..<rows.upperBound - y,
                      columns: columns.lowerBound - x..<columns.upperBound - x) { row, column, color in
            let pixel = frame.pixels + frame.offset(x: x &+ column, y: y &+ row)
            pixel.pointee = mixing.mix(color, over: pixel.pointee)
        }
    }

    /// Calls `body` with every pixel of the box within `rows` and `columns` (box pixels)
    /// whose sample is not transparent black, and that sample.
    @inline(__always)
    private func forEachSample(of source: UnsafePointer<UInt32>, rows: Range<Int>, columns: Range<Int>,
                               _ body: (_ row: Int, _ column: Int, _ color: UInt32) -> Void) {
        // Sample points from 0 up to, not including, the last column and row: each needs a
        // pixel right of and below it.
        let limitX = (sourceWidth - 1) << 16, limitY = (sourceHeight - 1) << 16
        guard limitX > 0, limitY > 0, !columns.isEmpty else { return }
        let (cosine, sine) = (self.cosine, self.sine)
        for row in rows {
            let dx = startX, dy = startY + Double(row)
            let u0 = Int(Double(cosine) * dx - Double(sine) * dy + Double(pivotX) - 32768)
            let v0 = Int(Double(sine) * dx + Double(cosine) * dy + Double(pivotY) - 32768)
            // Columns whose sample may lie inside, a column to spare at each end; each is
            // checked exactly below.
            var from = Double(columns.lowerBound), to = Double(columns.upperBound - 1)
            Self.narrow(&from, &to, start: u0, step: cosine, limit: limitX)
            Self.narrow(&from, &to, start: v0, step: sine, limit: limitY)
            guard from <= to else { continue }
            let first = Int(from.rounded(.up)), last = Int(to.rounded(.down))
            guard first <= last else { continue }
            var u = u0 &+ first &* cosine, v = v0 &+ first &* sine
            for column in first...last {
                defer { (u, v) = (u &+ cosine, v &+ sine) }
                guard u >= 0, u < limitX, v >= 0, v < limitY else { continue }
                let p = source + ((v >> 16) &* sourceWidth &+ (u >> 16))
                let c00 = p[0], c01 = p[1], c10 = p[sourceWidth], c11 = p[sourceWidth &+ 1]
                if c00 | c01 | c10 | c11 == 0 { continue }
                // Inside a flat area every mix gives the colour itself.
                if c00 == c01, c00 == c10, c00 == c11 {
                    body(row, column, c00)
                    continue
                }
                body(row, column, Self.sample(c00, c01, c10, c11, across: u & 0xFFFF, down: v & 0xFFFF))
            }
        }
    }

    /// Narrows [`from`, `to`] to the columns where `start + column·step` may lie within
    /// [0, `limit`).
    @inline(__always)
    private static func narrow(_ from: inout Double, _ to: inout Double, start: Int, step: Int, limit: Int) {
        if step == 0 {
            if start < 0 || start >= limit { (from, to) = (1, 0) }
            return
        }
        let a = Double(-start) / Double(step), b = Double(limit - start) / Double(step)
        from = Swift.max(from, Swift.min(a, b) - 1)
        to = Swift.min(to, Swift.max(a, b) + 1)
    }

    /// Four neighbouring pixels mixed channel by channel, `across`/65536 of the way from
    /// the left ones to the right ones and then `down`/65536 from the top to the bottom,
    /// each step rounded down.
    @inline(__always)
    private static func sample(_ c00: UInt32, _ c01: UInt32, _ c10: UInt32, _ c11: UInt32, across: Int, down: Int) -> UInt32 {
        @inline(__always)
        func channel(_ shift: UInt32) -> UInt32 {
            let a = Int(c00 >> shift & 0xFF), b = Int(c01 >> shift & 0xFF)
            let c = Int(c10 >> shift & 0xFF), d = Int(c11 >> shift & 0xFF)
            let top = (((b &- a) &* across) >> 16 &+ a) & 0xFF, bottom = (((d &- c) &* across) >> 16 &+ c) & 0xFF
            return (UInt32(truncatingIfNeeded: ((bottom &- top) &* down) >> 16 &+ top) & 0xFF) << shift
        }
        return channel(0) | channel(8) | channel(16) | channel(24)
    }
}
