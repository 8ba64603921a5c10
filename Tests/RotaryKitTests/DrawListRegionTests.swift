import Testing
@testable import RotaryKit

/// What changed between two frames: a command's old and new bounds, cut to the clip it is
/// drawn under.
@Suite("Draw lists: changed regions")
struct DrawListRegionTests {
    static func label(_ x: Double) -> DrawCommand { .text(TextDraw("Sauna", points: 20, center: Point(x: x, y: 100), maxWidth: 120)) }

    @Test("a text moving under a clip changes only the clip's part of its bounds; after clip(nil) the whole bounds again")
    func clipped() throws {
        let clip = Rect(x: 50, y: 50, width: 100, height: 100)
        let before = DrawList([.clip(clip), Self.label(100), .clip(nil)])
        let after = DrawList([.clip(clip), Self.label(104), .clip(nil)])
        #expect(after.changedRegions(since: before) == [clip])
        let open = try #require(DrawList([Self.label(104)]).changedRegions(since: DrawList([Self.label(100)])))
        #expect(open.count == 1 && open[0].width > 120, "unclipped: \(open)")
        let unclipped = DrawList([.clip(clip), .clip(nil), Self.label(104)]).changedRegions(since: DrawList([.clip(clip), .clip(nil), Self.label(100)]))
        #expect(unclipped == open)
        // Outside its clip a change shows nowhere.
        let away = Rect(x: 400, y: 400, width: 10, height: 10)
        #expect(DrawList([.clip(away), Self.label(104)]).changedRegions(since: DrawList([.clip(away), Self.label(100)])) == [])
    }

    @Test("a clip that moves changes where it was and where it is")
    func movedClip() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 100, y: 0, width: 10, height: 10)
        #expect(DrawList([.clip(b)]).changedRegions(since: DrawList([.clip(a)])) == [a, b])
    }
}
