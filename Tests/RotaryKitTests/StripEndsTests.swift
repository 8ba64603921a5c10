import Testing
@testable import RotaryKit

/// A strip with pinned ends uses its whole width: its names never scroll past the first or
/// the last, the marker goes to them instead, names that fit are spread over the strip, and a
/// chevron marks each end beyond which more names lie.
@Suite("Strips with pinned ends")
struct StripEndsTests {
    /// `count` names of 110 px in a strip 296 px wide at x 500, the marker resting at 30 %.
    func strip(count: Int = 4, selected: Int = 0, direction: ReadingDirection = .leftToRight) -> StripControl {
        StripControl(id: "categories", labels: (0..<count).map { "N\($0)" }, itemWidths: Array(repeating: 110, count: count),
                     x: 500, y: 0, width: 296, height: 50, markerX: direction == .leftToRight ? 500 + 296 * 0.3 : 500 + 296 * 0.7,
                     selected: selected, direction: direction, ends: .pinned)
    }

    /// The chevrons drawn: "◂" and/or "▸".
    func chevrons(_ s: StripControl) -> [String] { StripDrawing.more(s, look: StripLook(for: s)).texts.map(\.text) }

    @Test("at the first name the names start at the strip's edge and the marker moves to the first name; more lie to the right")
    func firstName() {
        let s = strip()
        #expect(s.itemCenterX(0) == 555 && s.markerX == 555)
        #expect(s.item(atX: 556) == 0 && s.item(atX: 700) == 1)
        #expect(!s.hasNamesBeforeStart && s.hasNamesAfterEnd)
        #expect(chevrons(s) == ["▸"])
    }

    @Test("in the middle the marker rests where asked and both ends show more; at the last name the names end at the edge")
    func middleAndLast() {
        var s = strip()
        _ = s.turn(.item(1))
        _ = settle(&s)
        #expect(s.selectedIndex == 1 && abs(s.markerX - (500 + 296 * 0.3)) < 1e-9)
        #expect(chevrons(s) == ["◂", "▸"])
        _ = s.turn(.last)
        _ = settle(&s)
        #expect(s.selectedIndex == 3 && abs(s.itemCenterX(3) + 55 - 796) < 1e-9 && s.markerX == s.itemCenterX(3))
        #expect(chevrons(s) == ["◂"])
    }

    @Test("names that fit are spread over the whole strip and stay put: a tap moves the marker, not the names")
    func namesThatFit() {
        var s = strip(count: 2)
        #expect(s.itemCenterX(0) == 574 && s.itemCenterX(1) == 722)
        #expect(chevrons(s).isEmpty)
        _ = s.handle(PointerEvent(.down, finger: 0, at: Point(x: 720, y: 25), time: 0))
        _ = s.handle(PointerEvent(.up, finger: 0, at: Point(x: 720, y: 25), time: 0.08))
        _ = settle(&s)
        #expect(s.selectedIndex == 1 && s.markerX == 722 && s.itemCenterX(0) == 574)
    }

    @Test("from right to left the first name starts at the right edge and more lie to the left")
    func rightToLeft() {
        let s = strip(direction: .rightToLeft)
        #expect(s.itemCenterX(0) == 741 && s.markerX == 741)
        #expect(s.itemCenterX(1) < s.itemCenterX(0))
        let marks = StripDrawing.more(s, look: StripLook(for: s)).texts
        #expect(marks.map(\.text) == ["◂"] && marks[0].center.x < 560)
    }

    @Test("a scrolling strip keeps its marker where asked, even at the first name, and draws no chevrons")
    func scrollingEnds() {
        let s = StripControl(id: "s", labels: ["A", "B", "C", "D"], itemWidths: [110, 110, 110, 110],
                             x: 500, y: 0, width: 296, height: 50, markerX: 600)
        #expect(s.markerX == 600 && s.itemCenterX(0) == 600)
        #expect(StripDrawing.more(s, look: StripLook(for: s)).isEmpty)
    }
}
