import Testing
@testable import RotaryKit

@Suite("Text alignment in its box")
struct TextAlignmentTests {
    @Test("a narrower text sits in the middle, against the left or against the right end of its box",
          arguments: [(TextAlignment.center, 400.0), (.left, 350), (.right, 450)])
    func level(alignment: TextAlignment, expectedX: Double) {
        let text = TextDraw("x", points: 20, center: Point(x: 400, y: 100), maxWidth: 200, alignment: alignment)
        #expect(text.middle(forWidth: 100) == Point(x: expectedX, y: 100))
        #expect(text.middle(forWidth: 300) == Point(x: 400, y: 100), "a text as wide as its box or wider stays centred")
    }

    @Test("a turned text moves along its own line: right-aligned at 90° moves down")
    func turned() {
        let text = TextDraw("x", points: 20, center: Point(x: 400, y: 100), maxWidth: 200, degrees: 90, alignment: .right)
        let middle = text.middle(forWidth: 100)
        #expect(abs(middle.x - 400) < 1e-9 && abs(middle.y - 150) < 1e-9)
    }

    @Test("a box without a finite width keeps the text centred")
    func unbounded() {
        let text = TextDraw("x", points: 20, center: Point(x: 10, y: 20), maxWidth: .infinity, alignment: .left)
        #expect(text.middle(forWidth: 50) == Point(x: 10, y: 20))
    }

    @Test("a display's quarter turn keeps the alignment as read")
    func quarterTurn() {
        let list = DrawList([.text(TextDraw("x", points: 20, center: Point(x: 100, y: 50), maxWidth: 80, alignment: .right))])
        let turned = QuarterTurn(degrees: 90, windowWidth: 200, windowHeight: 300).window(list)
        guard case .text(let text)? = turned.commands.first else { Issue.record("no text"); return }
        #expect(text.alignment == .right && text.degrees == 90)
    }
}
