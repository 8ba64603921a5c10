import CSDL2
import Foundation
import GoldenSupport
import Testing
@testable import RotarySDL

/// The software renderer's soft shapes are cut into runs covered wholly and edge pixels by
/// coverage level: every pixel at most once, each with the coverage ``ShapeCoverage`` gives it.
@Suite("Soft shapes cut into runs and edge pixels")
struct ShapeRasterTests {
    /// A shape to cut, named for failures.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let make: @Sendable () -> ShapeCoverage?
        var testDescription: String { name }

        static func arc(_ name: String, x: Double = 80, y: Double = 80, radius: Double, width: Double, from: Double = 0,
                        sweep: Double = 360, round: Bool = false) -> Case {
            Case(name: name) {
                ShapeCoverage(arc: Point(x: x, y: y), radius: radius, width: width, fromDegrees: from, sweepDegrees: sweep,
                              roundCaps: round)
            }
        }

        static func disc(_ name: String, x: Double = 80, y: Double = 80, radius: Double) -> Case {
            Case(name: name) { ShapeCoverage(disc: Point(x: x, y: y), radius: radius) }
        }
    }

    static let cases: [Case] = [
        .arc("full ring", x: 80.3, y: 79.6, radius: 40, width: 6),
        .arc("270° round caps", radius: 50, width: 12, from: 135, sweep: 270, round: true),
        .arc("270° square caps", x: 80.5, y: 80.5, radius: 50, width: 12, from: 135, sweep: 270),
        .arc("200° square caps from 30°", x: 79.7, y: 80.2, radius: 40, width: 9, from: 30, sweep: 200),
        .arc("half ring, horizontal ends through the centre row", x: 80.5, y: 80.5, radius: 45, width: 10, from: 180,
             sweep: 180),
        .arc("half ring, horizontal round ends", x: 80.5, y: 80.5, radius: 45, width: 10, from: 0, sweep: 180, round: true),
        .arc("thin full ring", radius: 12, width: 0.6),
        .arc("thin 120° round caps", x: 80.25, y: 80.75, radius: 30, width: 0.8, from: -60, sweep: 120, round: true),
        .arc("thin 120° square caps", x: 80.25, y: 80.75, radius: 30, width: 0.4, from: 100, sweep: 120),
        .arc("thick 90° round caps over the centre", radius: 30, width: 40, from: 10, sweep: 90, round: true),
        .arc("thick 300° square caps over the centre", x: 80.4, y: 80.6, radius: 25, width: 56, from: -30, sweep: 300),
        .arc("a sliver of a degree", radius: 60, width: 14, from: 47, sweep: 0.5),
        .arc("a sliver of a degree, round", radius: 60, width: 14, from: 47, sweep: 0.5, round: true),
        .arc("all but half a degree, round", radius: 60, width: 14, from: -90, sweep: 359.5, round: true),
        .arc("start past a turn", radius: 50, width: 8, from: 700, sweep: 100),
        .arc("negative start", radius: 50, width: 8, from: -400, sweep: 250, round: true),
        .arc("clipped by the window", x: 150, y: -10, radius: 70, width: 16, from: 20, sweep: 250, round: true),
        .arc("centre outside the window", x: -30, y: 90, radius: 75, width: 20, from: -80, sweep: 160),
        .disc("disc", radius: 50),
        .disc("disc off the pixel grid", x: 105.3, y: 100.7, radius: 35.5),
        .disc("small disc", x: 40, y: 140, radius: 2),
        .disc("disc under a pixel", x: 55.5, y: 140.5, radius: 0.7),
        .disc("disc much smaller than a pixel", x: 55.2, y: 140.9, radius: 0.3),
        .disc("disc clipped by the window", x: 150, y: 150, radius: 40),
    ]

    /// The cut of `shape` within a 160×160 window, at `levels`.
    static func cut(_ shape: ShapeCoverage, levels: Int) -> (raster: ShapeRaster, area: Rect)? {
        guard let area = shape.bounds.intersection(Rect(x: 0, y: 0, width: 160, height: 160)) else { return nil }
        let raster = shape.raster(columns: Int(area.x)..<Int(area.maxX), rows: Int(area.y)..<Int(area.maxY), levels: levels)
        return (raster, area)
    }

    /// How much each pixel of the 160×160 window the raster gives, and how often it names it.
    static func sums(_ raster: ShapeRaster) -> (coverage: [Double], count: [Int], outside: Int) {
        var coverage = [Double](repeating: 0, count: 160 * 160), count = [Int](repeating: 0, count: 160 * 160)
        var outside = 0
        func add(_ x: Float, _ y: Float, _ amount: Double) {
            guard x >= 0, x < 160, y >= 0, y < 160, x == x.rounded(), y == y.rounded() else {
                outside += 1
                return
            }
            coverage[Int(y) * 160 + Int(x)] += amount
            count[Int(y) * 160 + Int(x)] += 1
        }
        for run in raster.runs {
            #expect(run.h == 1 && run.w >= 1)
            for x in Int(run.x)..<Int(run.x + run.w) { add(Float(x), run.y, 1) }
        }
        for level in 1...raster.levels {
            for point in raster.points[raster.points(ofLevel: level)] {
                add(point.x, point.y, Double(level) / Double(raster.levels))
            }
        }
        return (coverage, count, outside)
    }

    @Test("each pixel at most once, inside the window, with its coverage to within half a level", arguments: cases)
    func matchesCoverage(_ shapeCase: Case) throws {
        let shape = try #require(shapeCase.make())
        for levels in [64, 70, 255] {
            guard let cut = Self.cut(shape, levels: levels) else { continue }
            let (raster, area) = cut
            let (sums, counts, outside) = Self.sums(raster)
            #expect(outside == 0, "\(levels) levels: pixels outside the window")
            var worst = 0.0, twice = 0, beyond = 0
            for y in 0..<160 {
                for x in 0..<160 {
                    let truth = shape.coverage(dx: Double(x) + 0.5 - shape.center.x, dy: Double(y) + 0.5 - shape.center.y)
                    let i = y * 160 + x
                    if counts[i] > 1 { twice += 1 }
                    if !area.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                        if truth > 0 || counts[i] > 0 { beyond += 1 }
                        continue
                    }
                    worst = max(worst, abs(sums[i] - truth))
                }
            }
            #expect(twice == 0, "\(levels) levels: \(twice) pixels named twice")
            #expect(beyond == 0, "\(levels) levels: \(beyond) covered pixels outside the shape's bounds")
            #expect(worst <= 0.5 / Double(levels) + 1e-9, "\(levels) levels: coverage off by \(worst)")
        }
    }

    @Test("a ring's inside is runs and only its edges are points")
    func mostlyRuns() throws {
        let ring = try #require(ShapeCoverage(arc: Point(x: 80, y: 80), radius: 60, width: 20, fromDegrees: 135,
                                              sweepDegrees: 270, roundCaps: true))
        let (raster, _) = try #require(Self.cut(ring, levels: 64))
        let inRuns = raster.runs.reduce(0) { $0 + Int($1.w) }
        // The core (18 px wide) is runs; the edges (two circles, two caps) some 2 px each.
        #expect(inRuns > 4 * raster.points.count, "\(inRuns) pixels in runs, \(raster.points.count) points")
        #expect(raster.runs.count < 2 * 160)
    }

    @Test("only the window's rows and columns asked for are cut")
    func limitedArea() throws {
        let disc = try #require(ShapeCoverage(disc: Point(x: 80, y: 80), radius: 50))
        let raster = disc.raster(columns: 60..<90, rows: 70..<75, levels: 64)
        let (_, counts, _) = Self.sums(raster)
        for y in 0..<160 {
            for x in 0..<160 where counts[y * 160 + x] > 0 {
                #expect((60..<90).contains(x) && (70..<75).contains(y), "(\(x), \(y))")
            }
        }
        #expect(counts.reduce(0, +) == 30 * 5)
    }

    @Test("an open arc's bounds hug its sweep")
    func arcBounds() throws {
        // A quarter from 3 to 6 o'clock: the lower right quadrant only.
        let quarter = try #require(ShapeCoverage(arc: Point(x: 80, y: 80), radius: 50, width: 10, fromDegrees: 0,
                                                 sweepDegrees: 90, roundCaps: false))
        #expect(quarter.bounds.x >= 80 - 8 && quarter.bounds.y >= 80 - 8)
        #expect(quarter.bounds.maxX <= 80 + 57 && quarter.bounds.maxY <= 80 + 57)
    }
}

extension DrawingTests {
    /// The same shapes drawn by the renderer and by the reference: a texture of the shape's
    /// square holding each pixel's coverage, blended over the target (how the software
    /// renderer drew them before).
    @Suite("Soft shapes drawn without a texture look as with one")
    struct SoftShapes {
        static let scenes: [(String, [DrawCommand])] = [
            ("arcs", Goldens.arcScene),
            ("discs", Goldens.discScene),
            ("translucent arcs over a checkerboard", DrawingTests.checkerboard() + [
                .arc(ArcStroke(center: Point(x: 80, y: 80), radius: 60, width: 20, fromDegrees: 135, sweepDegrees: 270,
                               color: RGBA(148, 163, 184, 70), roundCaps: true)),
                .arc(ArcStroke(center: Point(x: 80, y: 80), radius: 60, width: 20, fromDegrees: 135, sweepDegrees: 100,
                               color: RGBA(74, 222, 128), roundCaps: true)),
                .arc(ArcStroke(center: Point(x: 80.4, y: 79.7), radius: 30, width: 3.3, fromDegrees: -20, sweepDegrees: 200,
                               color: RGBA(250, 204, 21, 200))),
                .disc(center: Point(x: 130.2, y: 30.6), radius: 22.3, color: RGBA(15, 23, 42, 160)),
            ]),
        ]

        /// What the renderer drew before: each shape painted per pixel into a texture of its
        /// square, alpha = colour alpha × coverage, blended over the target.
        static func reference(_ commands: [DrawCommand]) throws -> Surface {
            let canvas = try Canvas()
            let renderer = canvas.renderer
            try renderer.clear(RGBA(0, 0, 0, 0))
            for command in commands {
                let shape: ShapeCoverage?, color: RGBA
                switch command {
                case .arc(let arc):
                    shape = ShapeCoverage(arc: arc.center, radius: arc.radius, width: arc.width, fromDegrees: arc.fromDegrees,
                                          sweepDegrees: arc.sweepDegrees, roundCaps: arc.roundCaps)
                    color = arc.color
                case .disc(let center, let radius, let disc):
                    shape = ShapeCoverage(disc: center, radius: radius)
                    color = disc
                case .fill(let rect, let fill):
                    try renderer.fill(fill, rect: rect)
                    continue
                default:
                    Issue.record("unexpected command \(command)")
                    continue
                }
                guard let shape, let area = shape.bounds.intersection(Rect(x: 0, y: 0, width: 160, height: 160)) else { continue }
                let texture = try Texture(streamingFor: renderer, width: Int(area.width), height: Int(area.height))
                try texture.withLockedRows(0..<texture.height) { pixels, stride in
                    for y in 0..<texture.height {
                        for x in 0..<texture.width {
                            let amount = shape.coverage(dx: area.x + Double(x) + 0.5 - shape.center.x,
                                                        dy: area.y + Double(y) + 0.5 - shape.center.y)
                            pixels[y * stride + x] = UInt32((Double(color.a) * amount).rounded()) << 24 | color.argb & 0xFFFFFF
                        }
                    }
                }
                texture.setBlended(true)
                let size = (width: Double(texture.width), height: Double(texture.height))
                try renderer.draw(texture, from: Rect(x: 0, y: 0, width: size.width, height: size.height),
                                  to: Rect(x: Double(Int(area.x)), y: Double(Int(area.y)), width: size.width, height: size.height))
            }
            renderer.present()
            return try renderer.readPixels()
        }

        /// Off by up to 2 from quantising coverage to 64 levels, and by up to 2 more from
        /// rounding: SDL blends a texture with a shift by 8 bits (this surface's alpha ends up
        /// 253 where it should be 255), but points and rectangles dividing by 255.
        @Test("every pixel within 4 of the reference in every channel", arguments: scenes.indices)
        func sameAsTexture(_ index: Int) throws {
            let (name, commands) = Self.scenes[index]
            let drawn = try Canvas().draw(commands).pixelBuffer(), expected = try Self.reference(commands).pixelBuffer()
            var worst = 0
            for (a, b) in zip(drawn.pixels, expected.pixels) { worst = max(worst, GoldenImage.maxChannelDelta(a, b)) }
            #expect(worst <= 4, "\(name): a pixel differs by \(worst)")
        }

        @Test("the renderer's draw colour and blend mode are put back after a shape")
        func restoresState() throws {
            let canvas = try Canvas()
            let pointer = canvas.renderer.pointer
            SDL_SetRenderDrawColor(pointer, 1, 2, 3, 4)
            SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_ADD)
            try canvas.renderer.strokeArc(center: Point(x: 80, y: 80), radius: 40, width: 8, fromDegrees: 0, sweepDegrees: 200,
                                          color: RGBA(200, 100, 50, 120), roundCaps: true)
            try canvas.renderer.fillDisc(center: Point(x: 80, y: 80), radius: 20, color: RGBA(10, 20, 30))
            var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
            SDL_GetRenderDrawColor(pointer, &r, &g, &b, &a)
            #expect([r, g, b, a] == [1, 2, 3, 4])
            var mode = SDL_BLENDMODE_NONE
            SDL_GetRenderDrawBlendMode(pointer, &mode)
            #expect(mode == SDL_BLENDMODE_ADD)
        }

        @Test("huge and far-away shapes draw what of them shows, without trapping")
        func hugeShapes() throws {
            let pixels = try Canvas().draw([
                .fill(nil, RGBA(0, 0, 0)),
                // Beyond what an Int holds above and below the window; the window is inside.
                .arc(ArcStroke(center: Point(x: 80, y: -1e19), radius: 1e19 + 1e6, width: 4e6, color: RGBA(0, 0, 255, 1))),
                .disc(center: Point(x: 80, y: 1e12 + 100), radius: 1e12, color: RGBA(255, 0, 0)),
                .arc(ArcStroke(center: Point(x: -1e15, y: 5), radius: 1e15 + 40, width: 20, fromDegrees: -10,
                               sweepDegrees: 20, color: RGBA(0, 255, 0), roundCaps: true)),
                .disc(center: Point(x: 1e300, y: -1e300), radius: 1e300, color: RGBA(0, 0, 255)),
            ]).pixelBuffer()
            #expect(pixels.pixels[150 * 160 + 80] & 0xFF_FFFF == 0xFF_0000, "below the huge disc's edge")
            #expect(pixels.pixels[5 * 160 + 40] & 0xFF_FFFF == 0x00_FF00, "on the huge arc")
        }

        @Test("a shape drawn again unchanged draws the same pixels (from the cache)")
        func cachedShape() throws {
            let canvas = try Canvas()
            let commands: [DrawCommand] = [
                .fill(nil, RGBA(15, 23, 42)),
                .arc(ArcStroke(center: Point(x: 80, y: 80), radius: 60, width: 20, fromDegrees: 135, sweepDegrees: 270,
                               color: RGBA(148, 163, 184, 70), roundCaps: true)),
            ]
            let first = try canvas.draw(commands).pixelBuffer(), second = try canvas.draw(commands).pixelBuffer()
            #expect(first.pixels == second.pixels)
        }
    }
}
