import Testing
@testable import RotarySDL

extension DrawingTests {
    /// Redrawing only what changed must leave exactly the pixels a whole redraw leaves.
    @Suite("DrawListExecutor: drawing only what changed")
    struct DrawChanges {
        /// A frame of a small kiosk: a background, a dial with a wheel inside on one backdrop,
        /// a blended ring elsewhere, a disc, an arc, a text and a clipped fill.
        static func frame(wheel: Double = 0, blended: Double = 0, disc: Double = 40, text: String = "12:00",
                          clip: Double = 30) -> DrawList {
            var look = DrawingTests.look(count: 6, labelSize: 9, labelRadius: 34)
            look.style.gapPixels = 2
            func ring(_ center: Point, _ inner: Double, _ outer: Double, _ turn: Double, _ backdrop: RGBA?) -> DrawCommand {
                .ring(RingDraw(look: look, center: center, innerRadius: inner, outerRadius: outer, markerDegrees: -90,
                               rotationDegrees: turn, highlighted: 1, backdrop: backdrop))
            }
            let backdrop = RGBA(20, 24, 30)
            return DrawList([
                .fill(nil, backdrop),
                ring(Point(x: 70, y: 70), 50, 64, 0, backdrop),
                ring(Point(x: 70, y: 70), 22, 46, wheel, backdrop),
                ring(Point(x: 190, y: 60), 20, 40, blended, nil),
                .disc(center: Point(x: disc, y: 180), radius: 12, color: RGBA(250, 200, 0, 200)),
                .arc(ArcStroke(center: Point(x: 190, y: 60), radius: 46, width: 5, fromDegrees: -90, sweepDegrees: 200,
                               color: RGBA(0, 220, 120))),
                .text(TextDraw(text, points: 14, center: Point(x: 180, y: 170), maxWidth: 80)),
                .clip(Rect(x: 100, y: 120, width: clip, height: 30)),
                .fill(nil, RGBA(200, 40, 40, 160)),
                .clip(nil),
            ])
        }

        @Test("a turned wheel, a moved disc, a new text, a blended ring and a wider clip: the same pixels as drawing everything")
        func samePixelsAsWhole() throws {
            let incremental = try Canvas(width: 260, height: 220)
            try incremental.executor.draw(Self.frame())
            let frames = [
                Self.frame(wheel: 17),
                Self.frame(wheel: 40, disc: 60),
                Self.frame(wheel: 40, disc: 60, text: "11:59"),
                Self.frame(wheel: 40, blended: 25, disc: 60, text: "11:59"),
                Self.frame(wheel: 40, blended: 25, disc: 60, text: "11:59", clip: 70),
                Self.frame(wheel: 41.5, blended: 25, disc: 60, text: "11:59", clip: 70),
            ]
            for (index, frame) in frames.enumerated() {
                let regions = try #require(try incremental.executor.drawChanges(frame))
                #expect(!regions.isEmpty)
                #expect(regions.reduce(0) { $0 + $1.width * $1.height } < 260 * 220 / 2, "frame \(index): \(regions)")
                let whole = try Canvas(width: 260, height: 220)
                try whole.executor.draw(frame)
                let got = incremental.surface.pixelBuffer(), want = whole.surface.pixelBuffer()
                let differing = zip(got.pixels, want.pixels).filter { $0 != $1 }.count
                #expect(differing == 0, "frame \(index): \(differing) pixels differ from a whole redraw")
            }
        }

        /// A dial and a wheel on one backdrop with a translucent button in the hole, and nothing
        /// drawn before them: the group alone must paint its square.
        static func group(wheel: Double) -> DrawList {
            var look = DrawingTests.look(count: 6, labelSize: 9, labelRadius: 34)
            look.style.gapPixels = 2
            let backdrop = RGBA(20, 24, 30), center = Point(x: 70, y: 70)
            return DrawList([
                .ring(RingDraw(look: look, center: center, innerRadius: 50, outerRadius: 64, markerDegrees: -90,
                               rotationDegrees: 0, highlighted: 1, backdrop: backdrop)),
                .ring(RingDraw(look: look, center: center, innerRadius: 22, outerRadius: 46, markerDegrees: -90,
                               rotationDegrees: wheel, highlighted: 1, backdrop: backdrop)),
                .disc(center: center, radius: 18, color: RGBA(250, 200, 0, 200)),
            ])
        }

        @Test("a ring group paints every pixel of its square (hole, gap and corners with its backdrop), and a turned wheel redrawn alone leaves a whole redraw's pixels")
        func ringGroupPaintsItsSquare() throws {
            let magenta = RGBA(255, 0, 255)
            func canvas(wheel: Double) throws -> Canvas {
                let canvas = try Canvas(width: 160, height: 160)
                try canvas.executor.draw(DrawList([.fill(nil, magenta)]))
                try canvas.executor.draw(Self.group(wheel: wheel))
                return canvas
            }
            let incremental = try canvas(wheel: 0)
            let square = incremental.surface.pixelBuffer()
            var unpainted = 0
            for y in 5..<135 {
                for x in 5..<135 where square.pixels[y * 160 + x] & 0x00FF_FFFF == 0x00FF_00FF { unpainted += 1 }
            }
            #expect(unpainted == 0, "\(unpainted) pixels of the group's square kept what lay below")
            for turn in [17.0, 40, 41.5] {
                #expect(try incremental.executor.drawChanges(Self.group(wheel: turn))?.isEmpty == false)
                let got = incremental.surface.pixelBuffer(), want = try canvas(wheel: turn).surface.pixelBuffer()
                let differing = zip(got.pixels, want.pixels).filter { $0 != $1 }.count
                #expect(differing == 0, "turned \(turn)°: \(differing) pixels differ from a whole redraw")
            }
        }

        @Test("an unchanged list draws nothing; the first frame and a new size draw everything")
        func nothingAndEverything() throws {
            let canvas = try Canvas(width: 260, height: 220)
            #expect(try canvas.executor.drawChanges(Self.frame()) == nil)
            #expect(try canvas.executor.drawChanges(Self.frame()) == [])
            let bigger = try Canvas(width: 300, height: 220)
            #expect(try bigger.executor.drawChanges(Self.frame()) == nil)
        }
    }
}
