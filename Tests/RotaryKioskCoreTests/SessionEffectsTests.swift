import RotaryKit
import Testing
@testable import RotaryKioskCore

/// What the session asks of the world leaves it as values, in the order the shell carries
/// them out; the shell reads nothing back.
@Suite("Session effects (pure)")
struct SessionEffectsTests {
    static let layout = ScreenLayout(width: 800, height: 480)

    func session(_ change: (inout SessionSettings) -> Void = { _ in }, categories: Bool = false) -> KioskSession {
        var settings = SessionSettings()
        change(&settings)
        let layout = categories ? ScreenLayout(width: 800, height: 480, hasStrip: true) : Self.layout
        let screen = KioskScreen(layout: layout, programs: categories ? Program.demoInCategories : Program.demo,
                                 dialMinutes: Program.defaultDialMinutes, categories: categories ? Program.demoCategories : [])
        return KioskSession(screen: screen, settings: settings, levels: OperatorLevels(brightness: 0.8, volume: 0.5))
    }

    func tap(_ s: inout KioskSession, at point: Point) -> [KioskEffect] {
        var effects = s.pointer(PointerEvent(.down, finger: 0, at: point, time: s.clock))
        effects += s.advance(by: 0.1)
        return effects + s.pointer(PointerEvent(.up, finger: 0, at: point, time: s.clock))
    }

    @Test("a start: its event, the countdown kept, its usage row, the sound, and the state record once it changed")
    func start() {
        var s = session()
        let first = s.advance(by: 0.1)
        #expect(first.contains { if case .publishState(let record, nil) = $0 { record.state == "idle" } else { false } },
                "the first step tells the state record")
        #expect(first.contains(.setBacklight(0.8)), "and the backlight")
        #expect(s.advance(by: 0.1).isEmpty, "nothing changed: nothing to do")
        let effects = tap(&s, at: Self.layout.center)
        guard let timer = effects.firstIndex(where: { if case .emit(.timer(let r, _, _, _)) = $0 { r.state == .running } else { false } }) else {
            Issue.record("no running timer event in \(effects)")
            return
        }
        guard case .emit(.timer(let report, let setting, let timedOut, let zone)) = effects[timer] else { return }
        #expect(Array(effects[(timer + 1)...].prefix(4)) == [
            .saveCountdown(report, setting: setting, zone: zone), .recordUsage(report, setting: setting, timedOut: timedOut, zone: zone),
            .emit(.feedback(.confirm)), .play(.confirm),
        ])
        #expect(effects.last == .publishState(KioskStateRecord(s)!, endsIn: s.timer.secondsLeft))
        #expect(KioskStateRecord(s)?.state == "running")
    }

    @Test("dimming and waking set the backlight; outside the opening hours it goes off")
    func backlight() throws {
        var s = session { $0.dimAfterSeconds = 60 }
        _ = s.advance(by: 1)
        #expect(s.advance(by: 60).contains(.setBacklight(0.8 * 0.2)))
        #expect(tap(&s, at: Point(x: 5, y: 470)).contains(.setBacklight(0.8)))
        var closed = session {
            $0.openingHours = OpeningHours("07:00-22:00")
            $0.wakeSeconds = 30
        }
        #expect(closed.advance(by: 31, timeOfDay: 23 * 3600 + 31) == [.emit(.display(on: false)), .backlightOff,
                                           .publishState(KioskStateRecord(closed)!, endsIn: nil)])
    }

    @Test("another category's programs on the wheel rebuild the view; a new layout does too")
    func rebuild() throws {
        var s = session(categories: true)
        _ = s.advance(by: 0.1)
        #expect(s.relayout(ScreenLayout(width: 1024, height: 600, hasStrip: true)).contains(.rebuildView))
        let strip = try #require(s.screen.strip)
        let effects = tap(&s, at: Point(x: strip.itemCenterX(1), y: strip.y + strip.height / 2))
            + (0..<120).flatMap { _ in s.advance(by: 1.0 / 60) }
        #expect(s.screen.category == 1)
        #expect(effects.filter { $0 == .rebuildView }.count == 1)
    }

    @Test("Escape in windowed mode asks to quit, once")
    func quit() {
        var s = session { $0.escapeQuits = true }
        #expect(s.key("Escape").contains(.quit))
        #expect(!s.key("Escape").contains(.quit))
    }
}
