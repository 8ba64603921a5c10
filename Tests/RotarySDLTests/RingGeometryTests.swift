import Foundation
import Testing
@testable import RotarySDL

/// A ring's polar art and its pixel map, in pure Swift: no SDL, no fonts. Each item is
/// painted from a picture of one flat colour.
@Suite("PolarRing and RingPixelMap: geometry, turning and transparent edges")
struct RingGeometryTests {
    static let colors: [UInt32] = [0xFFE0_4040, 0xFF40_E040, 0xFF40_40E0, 0xFFE0_E040, 0xFF40_E0E0, 0xFFE0_40E0]
    static let (inner, outer, center) = (20.0, 60.0, (x: 64.5, y: 70.25))

    /// A ring of six flat items on `background`, item 0 bright.
    static func ring(background: UInt32, style: RingStyle = RingStyle()) -> PolarRing {
        let art = RingArt(innerRadius: inner, outerRadius: outer, itemCount: colors.count, background: background, style: style)
        var polar = PolarRing(art: art, columns: 360)
        let side = Int(2 * outer) + 8
        for (item, color) in colors.enumerated() {
            polar.paint(item: item, picture: PixelBuffer(width: side, height: side, fill: color),
                        center: (Double(side) / 2, Double(side) / 2))
        }
        polar.show(selected: 0)
        return polar
    }

    static func map(_ polar: PolarRing, width: Int = 128, height: Int = 140) -> RingPixelMap {
        RingPixelMap(width: width, height: height, cx: center.x, cy: center.y, innerRadius: inner, outerRadius: outer,
                     markerDegrees: -90, ring: polar)
    }

    /// The ring drawn into a `width`×`height` buffer filled with `fill`.
    static func draw(_ polar: PolarRing, rotation: Double = 0, fill: UInt32 = 0) -> PixelBuffer {
        var buffer = PixelBuffer(width: 128, height: 140, fill: fill)
        buffer.pixels.withUnsafeMutableBufferPointer { pixels in
            map(polar).draw(polar, rotationDegrees: rotation, into: RasterTarget(pixels: pixels.baseAddress!, stride: 128))
        }
        return buffer
    }

    @Test("a map draws the annulus' pixels, rim pixels partly covered included, on the rows the ring spans")
    func pixelCount() {
        let map = Self.map(Self.ring(background: 0xFF00_0000))
        // Every pixel whose centre lies less than half a pixel outside the ring is touched.
        let (outer, inner) = (Self.outer + 0.5, Self.inner - 0.5)
        let area = Double.pi * (outer * outer - inner * inner)
        #expect(abs(Double(map.pixelCount) - area) < area * 0.005, "\(map.pixelCount) pixels, area \(area)")
        #expect(map.rowRange == Int((Self.center.y - Self.outer).rounded(.down))..<Int((Self.center.y + Self.outer).rounded(.up)) + 1)
    }

    @Test("rows and columns outside the target are left out")
    func clipped() {
        let map = Self.map(Self.ring(background: 0xFF00_0000), width: 64, height: 70)
        #expect(map.rowRange == 10..<70)
        let area = Double.pi * (Self.outer * Self.outer - Self.inner * Self.inner)
        #expect(Double(map.pixelCount) < area * 0.28 && Double(map.pixelCount) > area * 0.22, "a quarter, about")
    }

    @Test("turning by one item's angle shows each pixel the next item, exactly")
    func turnByOneItem() {
        let polar = Self.ring(background: 0xFF00_0000, style: RingStyle())
        let still = Self.draw(polar), turned = Self.draw(polar, rotation: 360 / Double(Self.colors.count))
        var compared = 0
        for i in still.pixels.indices {
            guard let item = Self.colors.firstIndex(of: still.pixels[i]) else { continue }
            #expect(turned.pixels[i] == Self.colors[(item + 1) % Self.colors.count])
            compared += 1
        }
        #expect(compared > 8000)
    }

    @Test("on a transparent background the rim, the gaps and dimmed items keep their colour and fade alpha only")
    func transparentEdges() {
        var style = RingStyle()
        style.gapPixels = 4
        style.dimmedOpacity = 0.5
        let polar = Self.ring(background: 0, style: style)
        #expect(polar.art.isTransparent)
        let picture = Self.draw(polar, rotation: 7)
        var partial = 0, dimmed = 0
        for pixel in picture.pixels where pixel != 0 {
            let color = pixel | 0xFF00_0000, alpha = pixel >> 24
            #expect(Self.colors.contains(color), "pixel \(String(pixel, radix: 16)) changed its colour")
            if alpha > 0 && alpha < 120 { partial += 1 }
            if alpha >= 126 && alpha <= 129 { dimmed += 1 }
        }
        #expect(partial > 300, "rim and gap pixels partly transparent")
        #expect(dimmed > 6000, "five dimmed items at half alpha")
    }

    @Test("on an opaque background the rim blends with it: every pixel stays opaque")
    func opaqueEdges() {
        let polar = Self.ring(background: 0xFF10_2030)
        let picture = Self.draw(polar, fill: 0xFF10_2030)
        #expect(picture.pixels.allSatisfy { $0 >> 24 == 0xFF })
    }
}

extension RingGeometryTests {
    /// What a ring shows of `polar` turned by `rotation` on each pixel it covers fully, worked
    /// out pixel by pixel in Swift from the geometry alone (radius to row, angle to column, the
    /// turn as a shift of columns), as the ring has been drawn since it was first unrolled: the
    /// oracle C's loop is held to, whatever the map's encoding.
    static func reference(_ polar: PolarRing, rotation: Double, width: Int = 128, height: Int = 140) -> [Int: UInt32] {
        let columns = polar.columns
        let turns = rotation / 360
        let shift = Int(((turns - turns.rounded(.down)) * Double(columns)).rounded()) % columns
        var pixels: [Int: UInt32] = [:]
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) + 0.5 - center.x, dy = Double(y) + 0.5 - center.y
                let r = (dx * dx + dy * dy).squareRoot()
                guard min(outer - r, r - inner) + 0.5 >= 1 else { continue }
                let row = min(max(Int(r - inner), 0), polar.rows - 1)
                let degrees = FastAngle.degrees(dy: dy, dx: dx) + 90
                var column = Int((degrees * Double(columns) / 360).rounded(.down)) % columns
                if column < 0 { column += columns }
                column = (column - shift + columns) % columns
                pixels[y * width + x] = polar.shown[row * columns + column]
            }
        }
        return pixels
    }

    @Test("the C loop writes every fully covered pixel exactly as the ring's geometry names its texel, at any turn",
          arguments: [0.0, 17.3, -123.4, 359.9])
    func runsMatchReference(rotation: Double) {
        var polar = Self.ring(background: 0xFF00_0000)
        polar.select(2)
        let drawn = Self.draw(polar, rotation: rotation)
        let expected = Self.reference(polar, rotation: rotation)
        #expect(expected.count > 9000)
        let wrong = expected.filter { drawn.pixels[$0.key] != $0.value }.count
        #expect(wrong == 0)
    }

    @Test("drawn within rows and columns that cut runs and blocks, a ring writes exactly the whole drawing's pixels there and nothing else",
          arguments: [(23, 61, 37, 101), (0, 128, 69, 70), (64, 65, 0, 140), (3, 125, 11, 12)])
    func clippedDrawMatchesWhole(left: Int, right: Int, top: Int, bottom: Int) {
        let polar = Self.ring(background: 0xFF00_0000)
        let whole = Self.draw(polar, rotation: 33.3, fill: 0x1234_5678)
        var part = PixelBuffer(width: 128, height: 140, fill: 0x1234_5678)
        part.pixels.withUnsafeMutableBufferPointer { pixels in
            Self.map(polar).draw(polar, rotationDegrees: 33.3, into: RasterTarget(pixels: pixels.baseAddress!, stride: 128),
                                 rows: top..<bottom, columns: left..<right)
        }
        var inside = 0, wrong = 0
        for y in 0..<140 {
            for x in 0..<128 {
                let within = (left..<right).contains(x) && (top..<bottom).contains(y)
                let expected = within ? whole.pixels[y * 128 + x] : 0x1234_5678
                if part.pixels[y * 128 + x] != expected { wrong += 1 }
                if within && expected != 0x1234_5678 { inside += 1 }
            }
        }
        #expect(wrong == 0)
        #expect(inside > 0, "the part holds some of the ring")
    }
}

extension RingGeometryTests {
    @Test("moving the bright item (C's loop) shows what showing that item afresh shows, on an opaque and a transparent ring",
          arguments: [0xFF00_0000 as UInt32, 0])
    func selectMatchesShow(background: UInt32) {
        var style = RingStyle()
        style.dimmedOpacity = 0.55
        var moved = Self.ring(background: background, style: style)
        moved.select(3)
        moved.select(4)
        var fresh = Self.ring(background: background, style: style)
        fresh.show(selected: 4)
        #expect(moved.shown == fresh.shown)
        #expect(moved.shown != Self.ring(background: background, style: style).shown, "the bright item moved")
    }
}

extension RingGeometryTests {
    /// What painting `item` of `polar` from `picture` gives, worked out texel by texel in
    /// Swift with PixelMath and PixelBuffer's sampler (gaps, coverage, the opaque or transparent
    /// background; no ticks): the oracle C's painting loop is held to.
    static func referencePaint(_ polar: PolarRing, item: Int, picture: PixelBuffer, center: (x: Double, y: Double)) -> [Int: UInt32] {
        let art = polar.art, spacing = 360 / Double(art.itemCount)
        var texels: [Int: UInt32] = [:]
        for row in 0..<polar.rows {
            let r = art.innerRadius + Double(row) + 0.5
            for c in 0..<polar.columns where polar.columnItem[c] == item {
                let alpha = (Double(c) + 0.5) * 360 / Double(polar.columns)
                let d = (alpha + Double(item) * spacing).truncatingRemainder(dividingBy: 360)
                let offset = d >= 180 ? d - 360 : (d < -180 ? d + 360 : d)
                var coverage = 1.0
                if art.style.gapPixels > 0, art.itemCount > 1 {
                    let fromEdge = (spacing / 2 - abs(offset)) * (Double.pi / 180 * r) - art.style.gapPixels / 2
                    coverage = min(max(fromEdge + 0.5, 0), 1)
                }
                var texel = art.background
                if coverage > 0 {
                    let sample = picture.sample(x: center.x + r * sin(offset * .pi / 180), y: center.y + r * -cos(offset * .pi / 180))
                    let weight = UInt32(coverage * 256 + 0.5)
                    texel = art.isTransparent ? PixelMath.fadeAlpha(PixelMath.unpremultiplied(sample), weight)
                        : PixelMath.over(sample, coverage: weight, background: art.background)
                }
                texels[row * polar.columns + c] = texel
            }
        }
        return texels
    }

    /// A premultiplied picture with every kind of pixel the sampler meets: opaque, translucent,
    /// transparent, in a pattern that differs from texel to texel.
    static func patternPicture(side: Int) -> PixelBuffer {
        var picture = PixelBuffer(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                let alpha = UInt32([255, 255, 128, 0, 40][(x / 3 + y / 5) % 5])
                let channel = { (seed: Int) in UInt32((x * seed + y * 7) % 256) * alpha / 255 }
                picture.pixels[y * side + x] = alpha << 24 | channel(13) << 16 | channel(5) << 8 | channel(11)
            }
        }
        return picture
    }

    @Test("C's painting loop gives every texel Swift's arithmetic gives it: opaque and transparent, with and without gaps, on one thread or two",
          arguments: [(0xFF10_2030 as UInt32, 3.0, false), (0, 3.0, true), (0xFF10_2030, 0, true), (0, 0, false)])
    func paintMatchesReference(background: UInt32, gap: Double, workers: Bool) {
        var style = RingStyle()
        style.gapPixels = gap
        let art = RingArt(innerRadius: Self.inner, outerRadius: Self.outer, itemCount: 5, background: background, style: style)
        var polar = PolarRing(art: art, columns: 400)
        let side = Int(2 * Self.outer) + 8, center = (x: Double(side) / 2 + 0.3, y: Double(side) / 2 - 0.7)
        let picture = Self.patternPicture(side: side)
        polar.paint(item: 2, picture: picture, center: center, threads: workers ? DrawingThreads.workers : .callerOnly)
        let expected = Self.referencePaint(polar, item: 2, picture: picture, center: center)
        #expect(expected.count == polar.rows * polar.columns / 5)
        #expect(expected.filter { polar.full[$0.key] != $0.value }.count == 0)
        #expect(Set(expected.values).count > 100, "the pattern reached the texels")
    }
}
