import Testing
@testable import RotaryKit

@Suite("Strip: mixed widths, snapping, tap to scroll")
struct StripControlTests {
    static let widths: [Double] = [80, 200, 120, 60, 240, 100]

    func strip(selected: Int = 0) -> StripControl {
        StripControl(id: "strip", labels: ["A", "Bb", "Ccc", "D", "Eeeee", "Ff"], itemWidths: Self.widths,
                     x: 0, y: 0, width: 800, height: 80, selected: selected)
    }

    func isCentred(_ s: StripControl) -> Bool {
        abs(s.itemCenterX(s.selectedIndex) - s.markerX) < 0.01
    }

    @Test("a slow swipe snaps the name nearest the marker to its centre")
    func slowSwipe() {
        var s = strip()
        var path = TouchPath()
        path.down(Point(x: 400, y: 40))
        path.line(to: Point(x: 400 - 200, y: 40), seconds: 0.6)  // content 40 → 240: item 1 (at 180) is nearer than item 2 (at 340)
        path.rest(0.1)
        path.up()
        let result = simulate(&s, path.events)
        #expect(s.selectedIndex == 1)
        #expect(isCentred(s))
        #expect(result.selections == [1])
    }

    @Test("tap on a name scrolls it under the marker", arguments: [0, 1, 3, 4])
    func tapToScroll(item: Int) {
        var s = strip(selected: 2)
        let x = s.itemCenterX(item)
        #expect(x > 0 && x < 800)
        var path = TouchPath()
        path.down(Point(x: x, y: 40))
        path.up()
        let result = simulate(&s, path.events)
        #expect(s.selectedIndex == item)
        #expect(isCentred(s))
        #expect(result.selections == [item])
    }

    @Test("flings rest exactly on a name and never beyond the ends", arguments: [-6000.0, -1500, -300, 300, 1500, 6000])
    func flings(speed: Double) {
        var s = strip(selected: 2)
        var path = TouchPath()
        path.down(Point(x: 400, y: 40))
        path.line(to: Point(x: 400 + speed * 0.05, y: 40), seconds: 0.05)
        path.up()
        let result = simulate(&s, path.events)
        #expect(result.rested)
        #expect(isCentred(s))
        let position = s.drag.axis.position
        #expect(position >= s.drag.axis.layout.centers.first! && position <= s.drag.axis.layout.centers.last!)
        if abs(speed) >= 1500 { #expect(s.selectedIndex == (speed < 0 ? 5 : 0)) }
    }

    @Test("the item coordinate is linear between neighbouring centres of different widths")
    func coordinates() {
        let layout = StripLayout(widths: Self.widths)
        #expect(layout.centers == [40, 180, 340, 430, 580, 750])
        #expect(layout.coordinate(at: 110) == 0.5)
        #expect(layout.coordinate(at: 430) == 3)
        #expect(layout.coordinate(at: 9999) == 5)
        #expect(layout.item(atContentX: 279) == 1 && layout.item(atContentX: 281) == 2)
    }

    @Test("End and Home jump to the last and first names")
    func homeEnd() {
        var s = strip(selected: 2)
        _ = s.turn(.last)
        _ = settle(&s)
        #expect(s.selectedIndex == 5)
        _ = s.turn(.first)
        _ = settle(&s)
        #expect(s.selectedIndex == 0)
        _ = s.turn(.steps(-3))
        _ = settle(&s)
        #expect(s.selectedIndex == 0)
    }
}
