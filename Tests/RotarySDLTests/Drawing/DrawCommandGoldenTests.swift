import GoldenSupport
import Foundation
import Testing
@testable import RotarySDL

extension DrawingTests {
    /// One small fixed scene per kind of command, drawn by the executor on SDL's software
    /// renderer and compared with its reference picture in `Golden/`.
    @Suite("Each draw command against its reference picture")
    struct Goldens {
        let golden = GoldenImage(besides: #filePath)
        static let dark = RGBA(15, 23, 42)
        static let middle = Point(x: 80, y: 80)

        @Test("fill: the whole target, then translucent rectangles blended over it")
        func fill() throws {
            try golden.check(Canvas().draw([
                .fill(nil, Self.dark),
                .fill(Rect(x: 20, y: 20, width: 80, height: 60), RGBA(239, 68, 68, 160)),
                .fill(Rect(x: 60.5, y: 50.5, width: 80, height: 90), RGBA(59, 130, 246, 128)),
            ]), named: "fill")
        }

        @Test("clip: commands after a clip stay inside it until clip(nil)")
        func clip() throws {
            try golden.check(Canvas().draw([
                .fill(nil, Self.dark),
                .clip(Rect(x: 30, y: 40, width: 100, height: 60)),
                .fill(nil, RGBA(34, 197, 94)),
                .disc(center: Point(x: 30, y: 40), radius: 30, color: RGBA(250, 204, 21)),
                .clip(nil),
                .disc(center: Point(x: 130, y: 130), radius: 20, color: RGBA(250, 204, 21)),
            ]), named: "clip")
        }

        /// A dial around a wheel on one opaque backdrop, over magenta that must not show
        /// inside their square.
        static var ringOpaqueScene: [DrawCommand] {
            var dial = DrawingTests.look(count: 12, labelSize: 9, labelRadius: 66)
            dial.style.ticksPerItem = 5
            dial.style.tickFromRadius = 72
            dial.style.majorTickFromRadius = 70
            dial.style.dimmedOpacity = 0.5
            var wheel = DrawingTests.look(count: 6, labelSize: 12, labelRadius: 40)
            wheel.fill = RGBA(124, 58, 237)
            wheel.style.gapPixels = 3
            wheel.style.dimmedOpacity = 0.45
            return [
                .fill(nil, RGBA(255, 0, 255)),
                .ring(RingDraw(look: dial, center: middle, innerRadius: 60, outerRadius: 76, markerDegrees: -90,
                               rotationDegrees: 10, highlighted: 0, backdrop: dark)),
                .ring(RingDraw(look: wheel, center: middle, innerRadius: 22, outerRadius: 56, markerDegrees: -90,
                               rotationDegrees: -12, highlighted: 5, backdrop: dark)),
            ]
        }

        @Test("rings on an opaque backdrop: a dial around a wheel, composed as one square")
        func ringOpaque() throws {
            try golden.check(Canvas().draw(Self.ringOpaqueScene), named: "ring-opaque")
        }

        /// A ring without backdrop, with gaps and dimmed items, over a checkerboard.
        static var ringBlendedScene: [DrawCommand] {
            var look = DrawingTests.look(count: 5, labelSize: 14, labelRadius: 50)
            look.fill = RGBA(220, 38, 38)
            look.style.gapPixels = 6
            look.style.dimmedOpacity = 0.4
            return DrawingTests.checkerboard() + [
                .ring(RingDraw(look: look, center: Point(x: 84, y: 76), innerRadius: 30, outerRadius: 70,
                               markerDegrees: -90, rotationDegrees: 20, highlighted: 0)),
            ]
        }

        @Test("a ring without backdrop blended over a checkerboard: gaps, dimmed items and rim let it through")
        func ringBlended() throws {
            try golden.check(Canvas().draw(Self.ringBlendedScene), named: "ring-blended")
        }

        /// Round and square ends, a translucent full ring, a hairline.
        static let arcScene: [DrawCommand] = [
            .fill(nil, dark),
            .arc(ArcStroke(center: middle, radius: 60, width: 12, fromDegrees: -90, sweepDegrees: 250,
                           color: RGBA(248, 113, 113), roundCaps: true)),
            .arc(ArcStroke(center: middle, radius: 40, width: 9, fromDegrees: 30, sweepDegrees: 200,
                           color: RGBA(96, 165, 250))),
            .arc(ArcStroke(center: middle, radius: 25, width: 5, color: RGBA(251, 191, 36, 140))),
            .arc(ArcStroke(center: middle, radius: 12, width: 0.6, color: RGBA(255, 255, 255))),
        ]

        @Test("arcs: round and square ends, a translucent full ring, a hairline")
        func arcs() throws {
            try golden.check(Canvas().draw(Self.arcScene), named: "arc")
        }

        /// Large, translucent over each other, tiny.
        static let discScene: [DrawCommand] = [
            .fill(nil, dark),
            .disc(center: Point(x: 70, y: 70), radius: 50, color: RGBA(34, 197, 94)),
            .disc(center: Point(x: 105.3, y: 100.7), radius: 35.5, color: RGBA(59, 130, 246, 150)),
            .disc(center: Point(x: 20, y: 140), radius: 6, color: RGBA(255, 255, 255)),
            .disc(center: Point(x: 40, y: 140), radius: 2, color: RGBA(255, 255, 255)),
            .disc(center: Point(x: 55.5, y: 140.5), radius: 0.7, color: RGBA(255, 255, 255)),
        ]

        @Test("discs: large, translucent over each other, tiny")
        func discs() throws {
            try golden.check(Canvas().draw(Self.discScene), named: "disc")
        }

        @Test("images: tinted, faded and turned about their centres")
        func images() throws {
            try golden.check(Canvas().draw(DrawingTests.checkerboard() + [
                .image(ImageDraw(art: .builtIn("ui/button"), center: Point(x: 55, y: 55), width: 80, height: 80,
                                 tint: RGBA(255, 180, 180))),
                .image(ImageDraw(art: .builtIn("ui/marker"), center: Point(x: 115, y: 110), width: 60, height: 60,
                                 degrees: 30, tint: RGBA(80, 255, 80, 200))),
                .image(ImageDraw(art: .builtIn("icons/flame"), center: Point(x: 45, y: 125), width: 40, height: 30,
                                 degrees: -90, tint: RGBA(255, 255, 255, 128))),
            ]), named: "image")
        }

        @Test("texts: centred, turned, faded, squeezed into their width")
        func texts() throws {
            try golden.check(Canvas().draw([
                .fill(nil, Self.dark),
                .text(TextDraw("Rotary", points: 26, center: Point(x: 80, y: 40), maxWidth: 150)),
                .text(TextDraw("turned", points: 20, center: Self.middle, maxWidth: 150, degrees: 30,
                               color: RGBA(250, 204, 21))),
                .text(TextDraw("faded", points: 20, center: Point(x: 45, y: 118), maxWidth: 150, color: RGBA(255, 255, 255, 110))),
                .text(TextDraw("a long label cut", points: 16, center: Point(x: 110, y: 145), maxWidth: 70)),
            ]), named: "text")
        }
    }
}
