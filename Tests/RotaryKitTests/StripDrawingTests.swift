import Testing
@testable import RotaryKit

@Suite("Strip drawing: bright name under the marker, faded ends, clip, marker")
struct StripDrawingTests {
    /// `count` names of 100 px in an 800 × 60 strip at (0, 20): the marker at x 400.
    func strip(count: Int = 6, selected: Int = 0, width: Double = 800) -> StripControl {
        StripControl(id: "strip", labels: (0..<count).map { "N\($0)" }, itemWidths: Array(repeating: 100, count: count),
                     x: 0, y: 20, width: width, height: 60, selected: selected)
    }

    func alpha(_ commands: [DrawCommand], _ name: String) -> UInt8? { commands.text(name)?.color.a }

    @Test("at rest, the name under the marker is bright and the others are dimmed", arguments: [0, 2, 5])
    func brightUnderMarker(selected: Int) {
        let s = strip(selected: selected)
        var look = StripLook(for: s)
        look.fadeWidth = 0
        let texts = StripDrawing.names(s, look: look).texts
        let bright = texts.filter { $0.color.a == 255 }
        #expect(bright.map(\.text) == ["N\(selected)"])
        #expect(bright[0].center == Point(x: s.markerX, y: 50))
        #expect(texts.filter { $0.color.a != 255 }.allSatisfy { $0.color.a == RGBA(0, 0, 0).fading(look.dimmedOpacity).a })
    }

    @Test("the first and the last name can rest under the marker (the ends are padded, not clamped)")
    func endsReachTheMarker() {
        var s = strip(count: 6, selected: 2)
        _ = s.turn(.first)
        _ = settle(&s)
        #expect(StripDrawing.names(s, look: StripLook(for: s)).text("N0")?.center.x == s.markerX)
        _ = s.turn(.last)
        _ = settle(&s)
        let last = StripDrawing.names(s, look: StripLook(for: s)).text("N5")
        #expect(last?.center.x == s.markerX && last?.color.a == 255)
    }

    @Test("while scrolling, brightness passes smoothly from one name to the next")
    func smoothBrightness() {
        var s = strip(selected: 0)
        var path = TouchPath()
        path.down(Point(x: 400, y: 50))
        path.line(to: Point(x: 330, y: 50), seconds: 0.3)  // 70 px left: 0.7 of the way to N1, finger still down
        for event in path.events { _ = s.handle(event) }
        let c = s.drag.axis.coordinate
        #expect(abs(c - 0.7) < 1e-9)
        let look = StripLook(for: s)
        let commands = StripDrawing.names(s, look: look)
        let expected = { (away: Double) in look.textColor.fading(1 - (1 - look.dimmedOpacity) * away).a }
        #expect(alpha(commands, "N0") == expected(c))
        #expect(alpha(commands, "N1") == expected(1 - c))
        #expect(alpha(commands, "N2") == expected(1))
        #expect(alpha(commands, "N1")! > alpha(commands, "N0")!)
    }

    @Test("a long strip draws only the names that can be seen")
    func onlyVisibleNames() {
        let s = strip(count: 20, selected: 10, width: 400)  // the marker at 200: N8…N12 are inside
        var look = StripLook(for: s)
        look.fadeWidth = 0
        #expect(StripDrawing.names(s, look: look).texts.map(\.text) == ["N8", "N9", "N10", "N11", "N12"])
    }

    @Test("names fade towards the ends: full inside, in proportion within the fade width, none at the edge")
    func edgeFade() {
        let s = strip(count: 20, selected: 10, width: 400)  // centres at 0, 100, 200, 300, 400
        var look = StripLook(for: s)
        look.dimmedOpacity = 1
        look.fadeWidth = 150
        let commands = StripDrawing.names(s, look: look)
        #expect(alpha(commands, "N10") == 255)  // 200 px from either end
        #expect(alpha(commands, "N9") == RGBA(0, 0, 0).fading(100.0 / 150).a)
        #expect(alpha(commands, "N11") == alpha(commands, "N9"))
        #expect(commands.text("N8") == nil && commands.text("N12") == nil)  // centred on the edges: invisible
    }

    @Test("the names are wrapped in a clip to the strip; the marker comes after, inside the strip")
    func clipAndOrder() {
        let s = strip(selected: 1)
        let look = StripLook(for: s)
        let rect = Rect(x: 0, y: 20, width: 800, height: 60)
        let commands = StripDrawing.commands(s, look: look)
        #expect(commands.first == .fill(rect, look.background!))
        #expect(commands[1] == .clip(rect))
        let lastText = commands.lastIndex { if case .text = $0 { true } else { false } }!
        #expect(commands[lastText + 1] == .clip(nil))
        #expect(commands[2..<lastText + 1].allSatisfy { if case .text = $0 { true } else { false } })
        guard case .fill(let bar?, let color) = commands.last else {
            Issue.record("no marker last")
            return
        }
        #expect(color == look.markerColor)
        #expect(bar.center.x == s.markerX && bar.maxY == rect.maxY && bar.width == look.markerWidth)
    }

    @Test("the marker can sit on the top edge; a look without background draws no fill under the names")
    func markerTopNoBackground() {
        let s = strip()
        var look = StripLook(for: s)
        look.markerEdge = .top
        look.background = nil
        #expect(StripDrawing.background(s, look: look).isEmpty)
        #expect(StripDrawing.marker(s, look: look) == [.fill(Rect(x: 400 - look.markerWidth / 2, y: 20, width: look.markerWidth,
                                                                   height: look.markerHeight), look.markerColor)])
    }

    @Test("each name may be as wide as its item, at the look's size")
    func fitting() {
        let s = StripControl(id: "s", labels: ["Wash", "Dry"], itemWidths: [140, 90], x: 0, y: 0, width: 600, height: 50)
        let texts = StripDrawing.names(s, look: StripLook(for: s)).texts
        #expect(texts.map(\.maxWidth) == [140, 90])
        #expect(texts.allSatisfy { $0.points == 20 && $0.center.y == 25 })
    }

    @Test("more names than widths draws the names that have a width, without trapping")
    func mismatchedLabels() {
        let s = StripControl(id: "s", labels: ["A", "B", "C"], itemWidths: [100], x: 0, y: 0, width: 600, height: 50)
        #expect(StripDrawing.names(s, look: StripLook(for: s)).texts.map(\.text) == ["A"])
    }

    @Test("tiny and huge strips give finite, well-formed commands",
          arguments: [(1.0, 1.0, 1.0), (10_000, 10_000, 10_000), (1, 10_000, 1e-9), (10_000, 1, 1e9)])
    func extremeSizes(width: Double, height: Double, itemWidth: Double) {
        for selected in [0, 19] {
            let s = StripControl(id: "s", labels: (0..<20).map { "N\($0)" }, itemWidths: Array(repeating: itemWidth, count: 20),
                                 x: 0, y: 0, width: width, height: height, selected: selected)
            let commands = StripDrawing.commands(s, look: StripLook(for: s))
            #expect(commands.isWellFormed)
        }
    }
}
