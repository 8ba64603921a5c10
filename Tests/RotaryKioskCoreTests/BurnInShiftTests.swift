import RotaryKit
import SessionSupport
import Testing
@testable import RotaryKioskCore

@Suite("Burn-in shift: the whole picture glides a few pixels once a minute, never under a finger (pure)")
struct BurnInShiftTests {
    static func offsets(_ shift: BurnInShift, at times: [Double]) -> [String] {
        times.map { time in
            var probe = BurnInShift(pixels: shift.reach, shorterSide: 10_000)
            probe.pass(time)
            return "\(probe.offset.x),\(probe.offset.y)"
        }
    }


    @Test("4 px: still for 56 s, then a pixel a second to (4, 0); a minute later down to (4, 4); never beyond 4 px; capped at 1.5 % of the panel")
    func round() {
        let shift = BurnInShift(pixels: 4, shorterSide: 480)
        #expect(Self.offsets(shift, at: [0, 56.9, 57, 58.5, 59.99, 60, 116.9, 117, 120]) == ["0,0", "0,0", "1,0", "2,0", "3,0", "4,0", "4,0", "4,1", "4,4"])
        #expect(BurnInShift(pixels: 20, shorterSide: 480).reach == 7 && BurnInShift(pixels: 3, shorterSide: 100).reach == 1)
        var probe = BurnInShift(pixels: 4, shorterSide: 480), last = (x: 0, y: 0)
        for _ in 0..<(3 * 3600) {
            probe.pass(1)
            let now = probe.offset
            #expect(abs(now.x) <= 4 && abs(now.y) <= 4 && abs(now.x - last.x) + abs(now.y - last.y) <= 1, "\(probe.elapsed) s: \(now)")
            last = now
        }
    }

    @Test("stepping from move to move by secondsUntilMove lands on every pixel the glide passes")
    func stepsByChange() {
        var stepped = BurnInShift(pixels: 4, shorterSide: 480)
        var seen: [String] = []
        while stepped.elapsed < 250, let wait = stepped.secondsUntilMove {
            stepped.pass(wait)
            seen.append("\(stepped.offset.x),\(stepped.offset.y)")
        }
        #expect(seen.prefix(12) == ["1,0", "2,0", "3,0", "4,0", "4,1", "4,2", "4,3", "4,4", "3,4", "2,4", "1,4", "0,4"], "\(seen)")
    }

    static func session(shift: Int) -> KioskSession {
        var settings = SessionSettings()
        settings.shiftPixels = shift
        settings.dimAfterSeconds = 0
        return KioskSession(screen: KioskScreen(layout: ScreenLayout(width: 800, height: 480), programs: Program.demo,
                                                dialMinutes: Program.defaultDialMinutes), settings: settings)
    }

    @Test("dimmed, the picture goes on moving: the dimmed picture is what burns in")
    func dimmed() {
        var s = Self.session(shift: 4)
        var settings = s.settings
        settings.dimAfterSeconds = 10
        s = KioskSession(screen: s.screen, settings: settings)
        _ = s.advance(by: 11)
        #expect(s.isDimmed)
        for _ in 0..<79 { _ = s.advance(by: 1) }
        #expect(s.pictureShift == Point(x: 4, y: 4), "\(s.pictureShift) at \(s.clock) s")
    }

    @Test("on a panel turned any way, the picture never moves towards the dial's marker, which stands at the view's top edge", arguments: [0, 90, 180, 270])
    func neverOverTheMarker(rotation: Int) {
        var settings = SessionSettings()
        settings.shiftPixels = 20
        settings.dimAfterSeconds = 0
        var s = KioskSession(screen: KioskScreen.demo(width: 480, height: 800, rotation: rotation), settings: settings)
        let turn = s.screen.layout.turn
        let top = turn.window(Point(x: turn.viewWidth / 2, y: 0)), centre = turn.window(Point(x: turn.viewWidth / 2, y: turn.viewHeight / 2))
        for _ in 0..<(10 * 60) {
            _ = s.advance(by: 1)
            let shift = s.pictureShift
            // The shift's part along the line from the marker's edge to the centre is never negative.
            let along = shift.x * (centre.x - top.x) + shift.y * (centre.y - top.y)
            #expect(along >= 0, "\(rotation)°: \(shift) at \(s.clock) s")
            if along < 0 { return }
        }
    }

    @Test("the shift stands still while a finger is down, and a touch is taken where the person saw it")
    func touchThroughShift() {
        var s = Self.session(shift: 4)
        _ = s.advance(by: 30)
        let layout = s.screen.layout
        // A finger down at 50 s holds the picture in place for as long as it stays.
        _ = s.advance(by: 20)
        _ = s.pointer(PointerEvent(.down, finger: 1, at: Point(x: 700, y: 400), time: s.clock))
        _ = s.advance(by: 30)
        #expect(s.pictureShift == Point(x: 0, y: 4), "held (in its first place: never up, so 4 px down): \(s.pictureShift)")
        _ = s.pointer(PointerEvent(.up, finger: 1, at: Point(x: 700, y: 400), time: s.clock))
        _ = s.advance(by: 40)
        #expect(s.pictureShift == Point(x: 4, y: 4))
        // 2 px inside the right edge of the button as drawn, 4 px right of (and 4 px below) its
        // place: the button's (unshifted, the same point is 2 px outside it).
        let edge = Point(x: layout.center.x + layout.buttonRadius - 2 + 4, y: layout.center.y)
        _ = s.pointer(PointerEvent(.down, finger: 2, at: edge, time: s.clock))
        _ = s.advance(by: 0.1)
        let events = s.pointer(PointerEvent(.up, finger: 2, at: edge, time: s.clock)).events
        #expect(s.timer.state == .running, "\(events)")
    }
}
