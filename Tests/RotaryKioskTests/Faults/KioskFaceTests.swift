import RotaryKit
import RotarySDL
import SessionSupport
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

extension DrawingTests {
/// What a person at the kiosk sees when something needs their attention, as session state
/// and as pixels: a refused start flashes the markers, "Done" pulses and then gives way, and
/// keys or an encoder show which control they turn.
@Suite("What a person sees")
struct KioskFaceTests {
    func session() -> KioskSession {
        KioskSession(screen: KioskScreen.demo(width: 800, height: 480), settings: SessionSettings())
    }

    func run(_ s: inout KioskSession, seconds: Double) { s.run(seconds: seconds) }

    @Test("a refused start flashes the markers red for a moment, and the loop keeps drawing meanwhile")
    func refusedStartFlashes() throws {
        var s = session()
        _ = s.key("Tab")
        _ = s.key("Home")  // dial on 0
        run(&s, seconds: 1)
        #expect(s.rejectFlash == 0 && !s.isAnimating)
        #expect(s.key("Return").events.contains(.feedback(.reject)))
        #expect(s.rejectFlash == 1 && s.isAnimating)
        let flashing = try Self.markerColours(OffscreenRendering.render(s), s.screen.layout)
        #expect(flashing.red > 10 && flashing.white == 0, "\(flashing)")
        run(&s, seconds: KioskSession.rejectFlashSeconds + 0.05)
        #expect(s.rejectFlash == 0 && !s.isAnimating)
        let calm = try Self.markerColours(OffscreenRendering.render(s), s.screen.layout)
        #expect(calm.red == 0 && calm.white > 10, "\(calm)")
    }

    /// How many pixels of the dial marker's box are red and how many white.
    static func markerColours(_ picture: Surface, _ layout: ScreenLayout) -> (red: Int, white: Int) {
        let size = Int(layout.dialMarkerSize.rounded())
        let centreY = Int((layout.center.y - layout.dialOuterRadius - layout.dialMarkerSize * 0.45).rounded())
        var red = 0, white = 0
        for y in max(0, centreY - size)...(centreY + size) {
            for x in (Int(layout.center.x) - size)...(Int(layout.center.x) + size) {
                let p = picture.pixel(x: x, y: y)
                if p.r > 200 && p.g < 140 && p.b < 140 { red += 1 }
                if p.r > 220 && p.g > 220 && p.b > 220 { white += 1 }
            }
        }
        return (red, white)
    }

    @Test("keys and the encoder show the focus ring on the control they turn; a touch hides it; Enter alone does not")
    func focusRing() throws {
        var s = session()
        _ = s.key("Return")
        #expect(!s.showsFocus)
        s = session()  // the countdown Enter started is not in the way of the dial
        _ = s.key("Tab")
        #expect(s.showsFocus && ScreenOverlay(s).focusedControl == .dial)
        let layout = s.screen.layout
        let ringX = Int((layout.center.x - layout.dialOuterRadius - layout.radius * 0.012).rounded())
        let picture = try OffscreenRendering.render(s)
        let blue = (ringX - 3...ringX + 3).map { picture.pixel(x: $0, y: Int(layout.center.y)) }.max { $0.b < $1.b }!
        _ = s.pointer(PointerEvent(.down, finger: 1, at: Point(x: 5, y: 5), time: s.clock))
        _ = s.advance(by: 0.05)  // a contact counts once it has lasted a few milliseconds (TouchFilter)
        #expect(!s.showsFocus)
        _ = s.encoder(steps: 1)
        #expect(s.showsFocus)
        #expect(blue.b > blue.r + 60, "\(blue)")
    }

    @Test("Done pulses while it shows and gives way to idle after done_seconds")
    func doneGivesWay() {
        var settings = SessionSettings()
        settings.doneSeconds = 5
        var s = KioskSession(screen: KioskScreen.demo(width: 400, height: 400), settings: settings)
        s.finishFiveMinuteCountdown()
        #expect(s.timer.state == .finished && (s.secondsUntilChange ?? 1) <= 0.1 + 1e-9, "its pulse's next step")
        let pulses = [0.0, 0.45].map { ScreenOverlay(secondsDone: $0).donePulse ?? -1 }
        #expect(pulses[0] < 0.01 && pulses[1] > 0.9)
        run(&s, seconds: 4.6)
        #expect(s.timer.state == .idle && s.secondsDone == nil)
        #expect(s.buttonFace.label == "Start")
    }
}

}

extension ScreenOverlay {
    /// An overlay with only "Done" showing for `secondsDone`.
    init(secondsDone: Double) {
        self.init()
        self.secondsDone = secondsDone
    }
}
