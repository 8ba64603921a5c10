import RotaryKit
import Testing
@testable import RotaryKioskCore

@Suite("Kiosk session rules (pure)")
struct KioskSessionTests {
    static let layout = ScreenLayout(width: 1080, height: 1080)
    static let centre = ScreenLayout(width: 1080, height: 1080).center

    func session(dimAfter: Double = 120) -> KioskSession {
        var settings = SessionSettings()
        settings.dimAfterSeconds = dimAfter
        let screen = KioskScreen(layout: Self.layout, programs: Program.demo, dialMinutes: Program.defaultDialMinutes,
                                 program: 0, dialIndex: 3)
        return KioskSession(screen: screen, settings: settings)
    }

    func run(_ s: inout KioskSession, seconds: Double) -> [KioskEvent] {
        var events: [KioskEvent] = []
        for _ in 0..<Int((seconds * 60).rounded()) { events += s.advance(by: 1.0 / 60).events }
        return events
    }

    func tap(_ s: inout KioskSession, at p: Point = centre, hold: Double = 0.1, finger: Int = 0) -> [KioskEvent] {
        var events = s.pointer(PointerEvent(.down, finger: finger, at: p, time: s.clock)).events
        events += run(&s, seconds: hold)
        events += s.pointer(PointerEvent(.up, finger: finger, at: p, time: s.clock)).events
        return events
    }

    func timerStates(_ events: [KioskEvent]) -> [TimerState] {
        events.compactMap { if case .timer(let r, _, _, _) = $0 { r.state } else { nil } }
    }

    @Test("the same layout again changes nothing: a finger on the wheel keeps dragging it to the next program")
    func sameLayoutKeepsFinger() {
        var s = session()
        let wheel = (Self.layout.wheelInnerRadius + Self.layout.wheelOuterRadius) / 2
        func at(_ degrees: Double) -> Point { Degrees.point(at: degrees, radius: wheel, around: Self.centre) }
        _ = s.pointer(PointerEvent(.down, finger: 0, at: at(-90), time: s.clock))
        #expect(s.relayout(Self.layout).isEmpty)
        for step in 1...20 {
            _ = run(&s, seconds: 0.02)
            _ = s.pointer(PointerEvent(.moved, finger: 0, at: at(-90 + 45 * Double(step) / 20), time: s.clock))
        }
        _ = run(&s, seconds: 0.2)
        _ = s.pointer(PointerEvent(.up, finger: 0, at: at(-45), time: s.clock))
        _ = run(&s, seconds: 1)
        #expect(s.screen.wheel.selectedIndex == 1)
        #expect(s.relayout(ScreenLayout(width: 800, height: 480)) == [.rebuildView])
    }

    @Test("a tap on Start while a flung wheel coasts stops it on the program under the marker and starts nothing; the next tap starts that program with its minutes",
          arguments: [0.05, 0.12, 0.25])
    func tapStopsCoast(after seconds: Double) throws {
        var s = session()
        let wheel = (Self.layout.wheelInnerRadius + Self.layout.wheelOuterRadius) / 2
        func at(_ degrees: Double) -> Point { Degrees.point(at: degrees, radius: wheel, around: Self.centre) }
        _ = s.pointer(PointerEvent(.down, finger: 0, at: at(-90), time: s.clock))
        for step in 1...6 {
            _ = run(&s, seconds: 1.0 / 60)
            _ = s.pointer(PointerEvent(.moved, finger: 0, at: at(-90 + 10 * Double(step)), time: s.clock))
        }
        _ = s.pointer(PointerEvent(.up, finger: 0, at: at(-30), time: s.clock))
        _ = run(&s, seconds: seconds)
        var events = s.pointer(PointerEvent(.down, finger: 0, at: Self.centre, time: s.clock)).events
        events += run(&s, seconds: 0.05)
        #expect(s.screen.panel.isThrown, "the fling still coasts when the tap ends, \(seconds + 0.05) s after it")
        let under = s.screen.wheel.selectedIndex  // what the screen shows as the tap ends, and the button presses
        events += s.pointer(PointerEvent(.up, finger: 0, at: Self.centre, time: s.clock)).events
        #expect(timerStates(events).isEmpty, "\(events)")
        #expect(s.screen.wheel.isAtRest && s.screen.wheel.selectedIndex == under)
        events = run(&s, seconds: 2)
        #expect(!events.contains { if case .control(.detent(.wheel, _), _) = $0 { true } else { false } })
        #expect(s.screen.wheel.selectedIndex == under)
        let shown = try #require(s.screen.selectedProgram)
        #expect(s.screen.selectedMinutes == shown.minutes)
        events = tap(&s)
        let started = events.compactMap { if case .timer(let r, _, _, _) = $0 { r } else { nil } }
        #expect(started.map(\.state) == [.running])
        #expect(started.first?.program == shown.name && started.first?.secondsTotal == Double(shown.minutes) * 60)
    }

    @Test("a finger holding the wheel on another program shows that program's minutes at once, before it lets go")
    func heldWheelShowsItsMinutes() throws {
        var s = session()
        let wheel = (Self.layout.wheelInnerRadius + Self.layout.wheelOuterRadius) / 2
        func at(_ degrees: Double) -> Point { Degrees.point(at: degrees, radius: wheel, around: Self.centre) }
        _ = s.pointer(PointerEvent(.down, finger: 0, at: at(-90), time: s.clock))
        for step in 1...10 {
            _ = run(&s, seconds: 0.02)
            _ = s.pointer(PointerEvent(.moved, finger: 0, at: at(-90 - 4.5 * Double(step)), time: s.clock))
        }
        _ = run(&s, seconds: 0.6)
        #expect(!s.screen.wheel.isAtRest, "the finger still holds the wheel")
        let held = try #require(s.screen.selectedProgram)
        #expect(held.name == "Gentle dry", "the last program, one segment back")
        #expect(s.screen.selectedMinutes == held.minutes, "\(held.name) is \(held.minutes) min; the screen shows \(s.screen.selectedMinutes)")
        _ = s.pointer(PointerEvent(.up, finger: 0, at: at(-135), time: s.clock))
        _ = run(&s, seconds: 1)
        #expect(s.screen.selectedProgram?.name == "Gentle dry" && s.screen.selectedMinutes == 40)
    }

    @Test("picking a program turns the dial to its minutes")
    func dialFollowsProgram() {
        var s = session()
        _ = s.key("Right")  // program 1, Steam bath, 20 minutes
        _ = run(&s, seconds: 1)
        #expect(s.screen.wheel.selectedIndex == 1)
        #expect(s.screen.dialMinutes[s.screen.dial.selectedIndex] == 20)
    }

    @Test("tap starts, tap pauses, tap resumes, a long hold on Stop cancels; the wheel steps back meanwhile")
    func flow() {
        var s = session()
        var events = tap(&s)
        #expect(timerStates(events) == [.running])
        #expect(events.contains(.feedback(.confirm)))
        #expect(s.buttonFace.label == "Pause")
        _ = s.key("Right")
        _ = run(&s, seconds: 1)
        #expect(s.screen.wheel.selectedIndex == 0)  // stepped back
        events = tap(&s)
        #expect(timerStates(events) == [.paused])
        #expect(s.buttonFace.label == "Resume")
        events = tap(&s)
        #expect(timerStates(events) == [.running])
        events = tap(&s, at: Self.layout.stopCenter, hold: 1.6)
        #expect(timerStates(events) == [.cancelled])
        #expect(events.contains(.control(.longPressed(.stop), zone: .whole)))
        #expect(!events.contains(.control(.pressed(.stop), zone: .whole)))
        _ = run(&s, seconds: 1)
        #expect(s.buttonFace.label == "Start")
        #expect(s.screen.dialMinutes[s.screen.dial.selectedIndex] == 15)  // back to the set time
    }

    @Test("the dial unwinds with the remaining time")
    func unwinds() {
        var s = session()
        _ = tap(&s)
        _ = run(&s, seconds: 150)  // 15:00 → 12:30, halfway between 10 and 15
        #expect(abs((s.dialShowing ?? 0) - 2.5) < 0.01)
        #expect(s.screen.dial.selectedIndex == 3, "the dial's own setting stays on 15 underneath")
        #expect(ScreenOverlay(s).countdownSecondsLeft == 750)
        #expect(abs((s.secondsUntilChange ?? 0) - 1) < 0.02 || (s.secondsUntilChange ?? 1) < 0.02)
    }

    @Test("with the dial on 0 the button rejects")
    func rejectZero() {
        var s = session()
        _ = s.key("Tab")  // focus the dial
        _ = s.key("Home")
        _ = run(&s, seconds: 1)
        let events = tap(&s)
        #expect(timerStates(events).isEmpty)
        #expect(events.contains(.feedback(.reject)))
    }

    @Test("at zero: finished with an alarm; the next touch only acknowledges")
    func finishes() {
        var s = session()
        _ = s.key("Left")
        _ = s.key("Left")
        _ = s.key("Left")  // program 5: 55 min
        _ = run(&s, seconds: 1)
        _ = s.key("Tab")
        _ = s.key("Home")
        _ = s.key("Right")  // dial 5 min
        _ = run(&s, seconds: 1)
        _ = tap(&s)
        let events = run(&s, seconds: 300.1)
        #expect(timerStates(events) == [.finished])
        #expect(events.contains(.feedback(.alarm)))
        #expect(s.buttonFace.label == "Done")
        let wheelBefore = s.screen.wheel.rotationDegrees
        let ack = tap(&s, at: Point(x: 540, y: 300))
        #expect(timerStates(ack) == [.idle])
        #expect(s.screen.wheel.rotationDegrees == wheelBefore)
    }

    @Test("after the idle time the screen dims; the first touch only wakes it")
    func dims() {
        var s = session(dimAfter: 10)
        _ = run(&s, seconds: 9)
        #expect(!s.isDimmed)
        _ = run(&s, seconds: 1.1)
        #expect(s.isDimmed)
        let events = tap(&s)
        #expect(events.isEmpty)
        #expect(!s.isDimmed)
    }

    @Test("two fingers on opposite corners for the hold time open the service screen; one corner does not")
    func adminGesture() {
        var s = session()
        _ = s.pointer(PointerEvent(.down, finger: 1, at: Point(x: 10, y: 10), time: 0))
        _ = run(&s, seconds: 6)
        #expect(s.service == nil)
        _ = s.pointer(PointerEvent(.down, finger: 2, at: Point(x: 1070, y: 1070), time: 6))
        _ = run(&s, seconds: 4.9)
        #expect(s.service == nil)
        let events = run(&s, seconds: 0.2)
        #expect(events.contains(.service(.opened)))
        #expect(s.service != nil)
        #expect(!s.quitRequested)
    }

    @Test("the corner hold opens the service screen from a dimmed screen and over \"Done\": the finger that wakes or acknowledges counts")
    func adminGestureWhileDoneOrDimmed() {
        for dimmed in [false, true] {
            var s = session(dimAfter: 10)
            if dimmed {
                _ = run(&s, seconds: 11)
                #expect(s.isDimmed)
            } else {
                _ = s.start(problems: [], restoring: [SavedCountdown(state: .running, program: "Finnish sauna", secondsTotal: 60, secondsLeft: 1,
                                                                 zone: .whole)])
                _ = run(&s, seconds: 1.5)
                #expect(s.timer.state == .finished)
            }
            _ = s.pointer(PointerEvent(.down, finger: 1, at: Point(x: 10, y: 10), time: s.clock))
            _ = s.pointer(PointerEvent(.down, finger: 2, at: Point(x: 1070, y: 1070), time: s.clock))
            let events = run(&s, seconds: 5.2)
            #expect(events.contains(.service(.opened)), "dimmed: \(dimmed)")
        }
    }

    @Test("\"Done\" pulses in steps of a tenth of a second on the kiosk screen, the loop sleeping between them; under the service screen too")
    func doneUnderService() {
        var settings = SessionSettings()
        settings.doneSeconds = 60
        var s = KioskSession(screen: session().screen, settings: settings)
        _ = s.start(problems: [], restoring: [SavedCountdown(state: .running, program: "Finnish sauna", secondsTotal: 60, secondsLeft: 8,
                                                             zone: .whole)])
        var kioskScreen = s
        _ = run(&kioskScreen, seconds: 9)
        #expect(kioskScreen.timer.state == .finished && !kioskScreen.isAnimating)
        #expect((kioskScreen.secondsUntilChange ?? 1) <= Countdown.pulseStep + 1e-9)
        let pulse = ScreenOverlay(kioskScreen).donePulse
        _ = kioskScreen.advance(by: Countdown.pulseStep)
        #expect(ScreenOverlay(kioskScreen).donePulse != pulse, "the next step of the pulse")
        _ = s.pointer(PointerEvent(.down, finger: 1, at: Point(x: 10, y: 10), time: s.clock))
        _ = s.pointer(PointerEvent(.down, finger: 2, at: Point(x: 1070, y: 1070), time: s.clock))
        _ = run(&s, seconds: 5.2)
        _ = s.pointer(PointerEvent(.up, finger: 1, at: Point(x: 10, y: 10), time: s.clock))
        _ = s.pointer(PointerEvent(.up, finger: 2, at: Point(x: 1070, y: 1070), time: s.clock))
        _ = run(&s, seconds: 4)  // it finishes under the service screen
        #expect(s.service != nil && s.timer.state == .finished)
        #expect(!s.isAnimating, "the loop may sleep")
    }

    @Test("remaining time reads mm:ss, h:mm:ss past an hour, rounded up",
          arguments: [(0.0, "00:00"), (0.2, "00:01"), (59.5, "01:00"), (754, "12:34"), (3600, "1:00:00"), (3725, "1:02:05")])
    func timeText(seconds: Double, text: String) {
        #expect(TimeText.format(seconds: seconds) == text)
    }
}
