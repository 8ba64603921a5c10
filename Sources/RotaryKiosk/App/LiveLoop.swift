import CSDL2
import Glibc
import RotaryKit
import RotarySDL

/// The live event → model → draw loop: drains SDL's queue every frame and draws at the
/// display's pace while anything moves, presenting only what changed. When nothing moves it
/// sleeps in `SDL_WaitEventTimeout` until the next input or the next change the session
/// announces (a countdown second, dimming): no frames, no CPU, and the first touch wakes it
/// at once. A wake that changes nothing on the screen presents nothing.
///
/// Input takes the replay's path: the session is first moved on to the moment the input is
/// handled, then given the input, so an input after a long sleep starts its animation from
/// that moment, exactly as the same input in a replay does.
struct LiveLoop {
    let scene: KioskScene
    /// The layout for the renderer's current output size.
    let layout: () throws -> ScreenLayout
    /// Told the loop is alive at least once a second (the loop never sleeps longer).
    let systemd: SystemdNotifier
    /// Paces frames where the renderer does not (the software renderer has no vsync); nil
    /// when presenting waits for the display itself.
    var pacer: FramePacer?
    /// Whether the video driver can sleep until an event comes. SDL's offscreen driver
    /// cannot: SDL_WaitEventTimeout would poll it every millisecond, so the loop sleeps
    /// itself and looks for events every ``offscreenPollSeconds``.
    var waitsForEvents = true
    static let offscreenPollSeconds = 0.05

    func run(_ session: inout KioskSession) throws {
        var pacer = self.pacer
        var mapper = InputMapper(windowWidth: session.screen.layout.width, windowHeight: session.screen.layout.height)
        var clock = SessionClock()
        var needsLayout = false
        var redrawWhole = false
        var shown = (dimmed: false, asleep: false)
        while !session.quitRequested {
            systemd.keepAlive(now: Double(SDL_GetTicks64()) / 1000)
            var event = SDL_Event()
            if !session.isAnimating, !needsLayout, !redrawWhole {
                let timeout = session.secondsUntilChange.map { Int32(saturating: min(max($0 * 1000, 1), 1000).rounded(.up)) } ?? 1000
                let got = waitsForEvents ? SDL_WaitEventTimeout(&event, timeout) == 1
                    : pollSleeping(&event, milliseconds: timeout)
                if got, apply(event, &mapper, &session, &clock, &needsLayout, &redrawWhole) { return }
            } else if let wait = pacer?.wait(at: Self.seconds()), wait > 0 {
                Self.sleep(seconds: wait)
            }
            while SDL_PollEvent(&event) == 1 {
                if apply(event, &mapper, &session, &clock, &needsLayout, &redrawWhole) { return }
            }
            if needsLayout {
                if session.relayout(try layout()) {
                    mapper = InputMapper(windowWidth: session.screen.layout.width, windowHeight: session.screen.layout.height)
                    scene.rebuild(for: session.screen)
                    scene.emitLayout(session, ms: Self.nowMs())
                    shown = (false, false)
                }
                needsLayout = false
                redrawWhole = true  // SDL made the window's surface anew, whatever the size
            }
            clock.catchUp(&session, scene: scene)
            scene.deliverRemote(to: &session, ms: Self.nowMs())
            let now = (dimmed: session.isDimmed, asleep: session.isAsleep)
            if (now.dimmed || now.asleep) && now == shown && !redrawWhole { continue }  // dimmed or off: one frame, then none
            try scene.draw(session, whole: redrawWhole)
            redrawWhole = false
            shown = now
        }
    }

    /// Applies one SDL event; returns true when the app should quit.
    private func apply(_ event: SDL_Event, _ mapper: inout InputMapper, _ session: inout KioskSession,
                       _ clock: inout SessionClock, _ needsLayout: inout Bool, _ redrawWhole: inout Bool) -> Bool {
        guard let fact = mapper.translate(event) else { return false }
        switch fact {
        case .quit:
            return true
        case .input(let input):
            clock.catchUp(&session, scene: scene)
            let events = session.handle(input)
            scene.publish(events, ms: Self.nowMs(), of: session)
        case .layoutChanged:
            needsLayout = true
        case .exposed:
            redrawWhole = true
        }
        return session.quitRequested
    }

    /// Takes the next event into `event`, looking every ``offscreenPollSeconds`` for up to
    /// `milliseconds`; false when none came (a remote command ends the wait at once, too).
    private func pollSleeping(_ event: inout SDL_Event, milliseconds: Int32) -> Bool {
        let end = Self.seconds() + Double(milliseconds) / 1000
        while SDL_PollEvent(&event) == 0 {
            let left = end - Self.seconds()
            guard left > 0, !scene.remoteInbox.wait(upTo: min(left, Self.offscreenPollSeconds)) else { return false }
        }
        return true
    }

    /// Wakes a loop waiting for events (any thread): a remote command came.
    static func wake() {
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        SDL_PushEvent(&event)
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

    mutating func catchUp(_ session: inout KioskSession, scene: KioskScene) {
        // The opening hours follow the wall clock, whatever it did meanwhile (a clock change,
        // an NTP step, a suspend).
        let now = LiveLoop.seconds()
        let dt = now - last
        last = now
        // Set `dt` back, so moving on by `dt` lands on the wall clock's time.
        if session.settings.openingHours != nil { session.setTimeOfDay(LocalTime.secondsSinceMidnight(LocalTime.now()) - dt) }
        let events = session.advance(by: dt)
        scene.publish(events, ms: LiveLoop.nowMs(), of: session)
    }
}
