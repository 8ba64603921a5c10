import RotaryKit
import Testing
@testable import RotaryKioskCore

/// The running view's actions: the centre button says what a tap does (Pause, Resume), Stop
/// is held to cancel, "+N min" adds time within the on-time cap, and the second tap of a
/// hurried double tap is no pause. By touch paths on the pure session.
@Suite("Running view: Pause, Stop and +N min")
struct RunningActionsTests {
    static let layout = ScreenLayout(width: 800, height: 480)

    func session(extendMinutes: Int = 5, cap: Int = 0) -> KioskSession {
        var settings = SessionSettings()
        settings.extendMinutes = extendMinutes
        settings.safety.maxOnMinutes = cap
        let screen = KioskScreen(layout: Self.layout, programs: Program.demo, dialMinutes: Program.defaultDialMinutes)
        return KioskSession(screen: screen, settings: settings)
    }

    func run(_ s: inout KioskSession, seconds: Double) -> [KioskEvent] {
        var events: [KioskEvent] = []
        for _ in 0..<Int((seconds * 60).rounded()) { events += s.advance(by: 1.0 / 60).events }
        return events
    }

    func tap(_ s: inout KioskSession, at p: Point, hold: Double = 0.1) -> [KioskEvent] {
        var events = s.pointer(PointerEvent(.down, finger: 0, at: p, time: s.clock)).events
        events += run(&s, seconds: hold)
        events += s.pointer(PointerEvent(.up, finger: 0, at: p, time: s.clock)).events
        return events
    }

    func reports(_ events: [KioskEvent]) -> [TimerReport] {
        events.compactMap { if case .timer(let r, _, _, _) = $0 { r } else { nil } }
    }

    /// Started by a tap on the centre, a second on.
    func running(extendMinutes: Int = 5, cap: Int = 0) -> KioskSession {
        var s = session(extendMinutes: extendMinutes, cap: cap)
        _ = tap(&s, at: Self.layout.center)
        _ = run(&s, seconds: 1)
        return s
    }

    @Test("idle: Stop and +N min are hidden, not targets, and a touch where they will be reaches the wheel under them")
    func hiddenWhileIdle() {
        let s = session()
        let ids = TapTargets.of(s).map(\.id)
        #expect(!ids.contains("stop") && !ids.contains("extend"), "\(ids)")
        for point in [Self.layout.stopCenter, Self.layout.extendCenter] {
            #expect(s.screen.panel.control(at: point).flatMap(s.screen.control) == .wheel)
        }
    }

    @Test("running and paused: the centre button says Pause, then Resume; Stop and +N min are targets a finger wide with their words")
    func labelledActions() {
        var s = running()
        #expect(s.buttonFace.label == "Pause")
        #expect(s.face(of: .stop).label == "Stop" && s.face(of: .stop).detail == "hold")
        #expect(s.face(of: .extend).label == "+5 min")
        let targets = TapTargets.of(s)
        for id in ["button", "stop", "extend"] {
            let target = targets.first { $0.id == id }
            #expect((target?.reach ?? 0) >= Self.layout.panel.fingerPixels, "\(id): \(String(describing: target))")
        }
        _ = tap(&s, at: Self.layout.center)
        #expect(s.timer.state == .paused && s.buttonFace.label == "Resume")
        #expect(TapTargets.of(s).contains { $0.id == "stop" })
    }

    @Test("a second tap within half a second of the start is no pause; one after it is", arguments: [0.2, 0.45])
    func hurriedDoubleTap(gap: Double) {
        var s = session()
        var events = tap(&s, at: Self.layout.center, hold: 0.08)
        events += run(&s, seconds: gap - 0.08)
        events += tap(&s, at: Self.layout.center, hold: 0.04)
        #expect(reports(events).map(\.state) == [.running], "\(events)")
        _ = run(&s, seconds: 0.5)
        #expect(reports(tap(&s, at: Self.layout.center)).map(\.state) == [.paused])
    }

    @Test("a tap on Stop cancels nothing and says to hold it; held for long_press_seconds it cancels, its hold filling meanwhile")
    func stopIsHeld() {
        var s = running()
        var events = tap(&s, at: Self.layout.stopCenter)
        #expect(reports(events).isEmpty && s.timer.state == .running)
        #expect(s.notice == "hold to cancel")
        _ = run(&s, seconds: Countdown.noticeSeconds + 0.1)
        #expect(s.notice == nil, "the words go after a moment")
        _ = s.pointer(PointerEvent(.down, finger: 0, at: Self.layout.stopCenter, time: s.clock))
        _ = run(&s, seconds: 0.75)
        #expect(abs(s.screen.stop.longPressProgress - 0.5) < 0.05)
        events = run(&s, seconds: 0.8)
        #expect(reports(events).map(\.state) == [.cancelled])
        // Holding the centre button is no longer a way to cancel.
        s = running()
        #expect(reports(tap(&s, at: Self.layout.center, hold: 2)).map(\.state) == [.paused])
    }

    @Test("+N min adds extend_minutes to what is left and to the length; at the cap it is refused in words and nothing changes")
    func extendWithinCap() {
        var s = running(cap: 25)
        let left = s.timer.secondsLeft
        var events = tap(&s, at: Self.layout.extendCenter)
        let extended = reports(events)
        #expect(extended.count == 1 && extended.first?.isExtension == true)
        #expect(s.timer.secondsTotal == 20 * 60 && abs(s.timer.secondsLeft - (left + 300 - 0.1)) < 0.02)
        events = tap(&s, at: Self.layout.extendCenter)
        events += tap(&s, at: Self.layout.extendCenter)
        #expect(reports(events).count == 1, "25 minutes, then the cap")
        #expect(s.timer.secondsTotal == 25 * 60)
        #expect(events.contains(.feedback(.reject)))
        #expect(s.notice == "limit reached: 25 min")
    }

    @Test("extend_minutes = 0: no +N min on the running view")
    func extendOff() {
        let s = running(extendMinutes: 0)
        #expect(!TapTargets.of(s).contains { $0.id == "extend" })
        #expect(TapTargets.of(s).contains { $0.id == "stop" })
    }

    @Test("keys: Tab reaches Stop only while it shows, and Enter on it cancels")
    func stopByKey() {
        var s = session()
        var seen: Set<String> = []
        for _ in 0..<6 {
            _ = s.key("Tab")
            if let id = s.screen.panel.focusedID { seen.insert(id) }
        }
        #expect(!seen.contains("stop") && !seen.contains("extend"), "\(seen)")
        _ = s.key("Return")
        _ = run(&s, seconds: 1)
        #expect(s.screen.panel.focusedID == "button", "the wheel stepped back: the focus is on Pause")
        #expect(reports(s.key("Return").events).map(\.state) == [.paused], "Return pauses, never stops")
        _ = s.key("Return")
        var events: [KioskEvent] = []
        for _ in 0..<6 where s.screen.panel.focusedID != "stop" { events += s.key("Tab").events }
        #expect(s.screen.panel.focusedID == "stop")
        events += s.key("Return").events
        #expect(reports(events).map(\.state) == [.cancelled])
        // Stop went with the countdown, and the focus with it: Return starts again.
        _ = run(&s, seconds: 1)
        #expect(s.screen.panel.focusedID != "stop")
        #expect(reports(s.key("Return").events).map(\.state) == [.running], "focus on \(String(describing: s.screen.panel.focusedID))")
    }
}
