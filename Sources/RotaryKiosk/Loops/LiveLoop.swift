import CSDL2
import Foundation
import Glibc
import RotaryKit
import RotarySDL

/// The live event → model → draw loop: takes the input that came every frame and draws at
/// the display's pace while anything moves, presenting only what changed. When nothing moves
/// it sleeps in its input's wait until the next input or the next change the session
/// announces (a countdown second, dimming): no frames, no CPU, and the first touch wakes it
/// at once. A wake that changes nothing on the screen presents nothing.
///
/// Input takes the replay's path: the session is first moved on to the moment the input is
/// handled, then given the input, so an input after a long sleep starts its animation from
/// that moment, exactly as the same input in a replay does.
struct LiveLoop {
    let driver: SessionDriver
    /// The layout for the renderer's current output size.
    let layout: () throws -> ScreenLayout
    /// Told the loop is alive at least once a second (the loop never sleeps longer).
    let systemd: SystemdNotifier
    /// Paces frames where the renderer does not (the software renderer has no vsync); nil
    /// when presenting waits for the display itself.
    var pacer: FramePacer?
    /// SDL's events, or libinput's on a framebuffer.
    let input: LiveInput

    func run() throws {
        var pacer = self.pacer
        var clock = SessionClock()
        var needsLayout = false
        var redrawWhole = false
        var shown = (dimmed: false, asleep: false)
        var shownShift = Point(x: 0, y: 0)
        while !driver.quitting {
            let facts: [InputFact]
            if !driver.session.isAnimating, !needsLayout, !redrawWhole {
                let timeout = driver.session.secondsUntilChange.map { Int32(saturating: min(max($0 * 1000, 1), 1000).rounded(.up)) } ?? 1000
                facts = input.wait(milliseconds: timeout)
            } else {
                if let wait = pacer?.wait(at: Self.seconds()), wait > 0 { Self.sleep(seconds: wait) }
                facts = input.poll()
            }
            for fact in facts where apply(fact, &clock, &needsLayout, &redrawWhole) { return }
            if needsLayout {
                if driver.relayout(try layout(), ms: Self.nowMs()) {
                    let shownLayout = driver.session.screen.layout
                    input.resize(width: shownLayout.width, height: shownLayout.height)
                    shown = (false, false)
                }
                needsLayout = false
                redrawWhole = true  // SDL made the window's surface anew, whatever the size
            }
            clock.catchUp(driver)
            driver.deliverMail(ms: Self.nowMs())
            let now = (dimmed: driver.session.isDimmed, asleep: driver.session.isAsleep)
            // The watchdog hears from the loop only once the frame is on the panel (presented,
            // or nothing to present): a loop that runs without drawing is not alive.
            // Dimmed or off: one frame, then none (dimmed, one more for each pixel the picture shifts).
            if (now.dimmed || now.asleep) && now == shown && driver.session.pictureShift == shownShift && !redrawWhole {
                systemd.keepAlive(now: Self.nowMs() / 1000)
                continue
            }
            try driver.draw(whole: redrawWhole)
            systemd.keepAlive(now: Self.nowMs() / 1000)
            redrawWhole = false
            shown = now
            shownShift = driver.session.pictureShift
        }
    }

    /// Applies one input fact; returns true when the app should quit.
    private func apply(_ fact: InputFact, _ clock: inout SessionClock, _ needsLayout: inout Bool, _ redrawWhole: inout Bool) -> Bool {
        switch fact {
        case .quit:
            return true
        case .input(let input):
            clock.catchUp(driver)
            driver.handle(input, ms: Self.nowMs())
        case .layoutChanged:
            needsLayout = true
        case .exposed:
            redrawWhole = true
        }
        return driver.quitting
    }

    /// Milliseconds since SDL started.
    static func nowMs() -> Double { Double(SDL_GetTicks64()) }

    /// Seconds on SDL's high-resolution counter.
    static func seconds() -> Double { Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency()) }

    /// Sleeps `seconds` (to within the kernel's timer slack, far finer than SDL_Delay's
    /// milliseconds).
    static func sleep(seconds: Double) {
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        nanosleep(&time, nil)
    }
}

/// Moves the session on by the real time since it was last moved, however long the sleep:
/// the countdown runs on it, and the settle animations are closed-form in time, so a long
/// step only lands them where they would be anyway.
struct SessionClock {
    private var last = LiveLoop.seconds()

    mutating func catchUp(_ driver: SessionDriver) {
        // The opening hours follow the wall clock, whatever it did meanwhile (a clock change,
        // an NTP step, a suspend).
        let now = LiveLoop.seconds()
        let dt = now - last
        last = now
        let timeOfDay = driver.session.settings.openingHours == nil ? nil : LocalTime.secondsSinceMidnight(Date().timeIntervalSince1970)
        driver.advance(by: dt, ms: LiveLoop.nowMs(), timeOfDay: timeOfDay)
    }
}
