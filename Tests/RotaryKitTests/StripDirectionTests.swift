import Testing
@testable import RotaryKit

@Suite("Strip: right to left")
struct StripDirectionTests {
    static let labels = ["A", "Bb", "Ccc", "D", "Eeeee", "Ff"]
    static let widths: [Double] = [80, 200, 120, 60, 240, 100]

    func strip(_ direction: ReadingDirection, selected: Int = 0) -> StripControl {
        StripControl(id: "strip", labels: Self.labels, itemWidths: Self.widths, x: 0, y: 0, width: 800, height: 80,
                     markerX: direction == .leftToRight ? 240 : 560, selected: selected, direction: direction)
    }

    @Test("the names lie mirrored about the marker: the first on the right, each next to the left of it")
    func mirrored() {
        let ltr = strip(.leftToRight, selected: 2), rtl = strip(.rightToLeft, selected: 2)
        for index in Self.labels.indices {
            #expect(abs((rtl.itemCenterX(index) - rtl.markerX) + (ltr.itemCenterX(index) - ltr.markerX)) < 1e-9)
        }
        #expect(rtl.itemCenterX(3) < rtl.itemCenterX(2) && rtl.itemCenterX(2) < rtl.itemCenterX(1))
        #expect(rtl.item(atX: rtl.itemCenterX(4)) == 4 && rtl.item(atX: rtl.itemCenterX(1) + 10) == 1)
    }

    @Test("a slow swipe to the right brings the next name, one to the left the previous")
    func swipes() {
        for (distance, expected) in [(200.0, 1), (-200.0, 0)] {
            var s = strip(.rightToLeft)
            var path = TouchPath()
            path.down(Point(x: 400, y: 40))
            path.line(to: Point(x: 400 + distance, y: 40), seconds: 0.6)
            path.rest(0.1)
            path.up()
            let result = simulate(&s, path.events)
            #expect(s.selectedIndex == expected, "swipe of \(distance) px")
            #expect(abs(s.itemCenterX(s.selectedIndex) - s.markerX) < 0.01)
            #expect(result.selections == (expected == 0 ? [] : [expected]))
        }
    }

    @Test("a fling to the right runs to the last name and rests there", arguments: [1500.0, 6000])
    func fling(speed: Double) {
        var s = strip(.rightToLeft, selected: 2)
        var path = TouchPath()
        path.down(Point(x: 300, y: 40))
        path.line(to: Point(x: 300 + speed * 0.05, y: 40), seconds: 0.05)
        path.up()
        let result = simulate(&s, path.events)
        #expect(result.rested && s.selectedIndex == Self.labels.count - 1)
    }

    @Test("a tap on a name scrolls it under the marker", arguments: [1, 3, 4])
    func tap(item: Int) {
        var s = strip(.rightToLeft, selected: 2)
        let x = s.itemCenterX(item)
        #expect(x > 0 && x < 800)
        var path = TouchPath()
        path.down(Point(x: x, y: 40))
        path.up()
        _ = simulate(&s, path.events)
        #expect(s.selectedIndex == item)
    }
}
