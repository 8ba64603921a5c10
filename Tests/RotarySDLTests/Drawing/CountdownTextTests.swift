import RotaryKit
import Testing
@testable import RotarySDL

extension DrawingTests {
    @Suite("A countdown's time is set from kept glyphs")
    struct CountdownText {
        @Test("twenty minutes of a countdown keep one picture per glyph, not one per second; a name keeps its own")
        func glyphsKept() throws {
            let canvas = try Canvas(width: 600, height: 300)
            for second in stride(from: 1200, through: 0, by: -1) {
                let time = TimeText.format(seconds: Double(second))
                _ = try canvas.draw([.fill(nil, RGBA(10, 10, 10)),
                                     .text(TextDraw(time, points: 160, center: Point(x: 300, y: 150), maxWidth: 560)),
                                     .text(TextDraw("Sauna", points: 40, center: Point(x: 300, y: 40), maxWidth: 560))])
            }
            // The ten digits and the colon, and the name.
            #expect(canvas.executor.keptTexts.count <= 12, "\(canvas.executor.keptTexts)")
        }

        @Test("a time set from glyphs shows what the whole line, set at once, shows, to within its edges' pixels")
        func sameAsTheLine() throws {
            let canvas = try Canvas(width: 600, height: 300)
            let time = TextDraw("13:45", points: 150, center: Point(x: 300, y: 150), maxWidth: 400)
            let glyphs = try canvas.draw([.fill(nil, RGBA(10, 10, 10)), .text(time)])
            // The whole line as FontBook sets it, laid where a picture of it would be drawn.
            let line = try DrawingTests.fonts.renderFitting("13:45", size: 150, maxWidth: 400, color: RGBA(255, 255, 255))
            let middle = time.middle(forWidth: Double(line.width))
            let left = Int((middle.x - Double(line.width) / 2).rounded(.towardZero))
            let top = Int((middle.y - Double(line.height) / 2).rounded(.towardZero))
            var differing = 0, inked = 0
            for y in 0..<line.height {
                for x in 0..<line.width {
                    let alpha = Int(line.pixel(x: x, y: y).a)
                    if alpha > 0 { inked += 1 }
                    let expected = 10 + (245 * alpha + 127) / 255
                    if abs(Int(glyphs.pixel(x: left + x, y: top + y).r) - expected) > 40 { differing += 1 }
                }
            }
            #expect(inked > 5000)
            #expect(differing * 50 < inked, "\(differing) of \(inked) inked pixels differ")
        }
    }
}
