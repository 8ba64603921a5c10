import CSDL2
import RotaryKit
import RotarySDL

/// The live event → model → draw loop: drains SDL's queue every frame, draws at the
/// display's pace while anything moves, and sleeps in `SDL_WaitEventTimeout` while nothing
/// does (no frames, no CPU), waking at once on the first touch.
struct LiveLoop {
    let scene: KioskScene
    /// The layout for the renderer's current output size.
    let layout: () throws -> ScreenLayout

    func run(_ session: inout KioskSession) throws {
        var mapper = InputMapper(windowWidth: session.screen.layout.width, windowHeight: session.screen.layout.height)
        let frequency = Double(SDL_GetPerformanceFrequency())
        var last = SDL_GetPerformanceCounter()
        try scene.drawFirstFrame(session.screen, ms: Self.nowMs())
        var needsLayout = false
        while true {
            var event = SDL_Event()
            if session.isAtRest, !needsLayout, SDL_WaitEventTimeout(&event, 1000) == 1 {
                last = SDL_GetPerformanceCounter()  // idle time is not animation time
                if apply(event, &mapper, &session, &needsLayout) { return }
            } else if session.isAtRest, !needsLayout {
                continue
            }
            while SDL_PollEvent(&event) == 1 {
                if apply(event, &mapper, &session, &needsLayout) { return }
            }
            if needsLayout {
                session.relayout(try layout())
                mapper = InputMapper(windowWidth: session.screen.layout.width, windowHeight: session.screen.layout.height)
                try scene.rebuild(for: session.screen)
                scene.emitLayout(session.screen, ms: Self.nowMs())
                needsLayout = false
            }
            let now = SDL_GetPerformanceCounter()
            let dt = min(Double(now - last) / frequency, 0.1)
            last = now
            scene.publish(session.advance(by: dt), ms: Self.nowMs())
            try scene.draw(session.screen)
        }
    }

    /// Applies one SDL event; returns true when the app should quit.
    private func apply(_ event: SDL_Event, _ mapper: inout InputMapper, _ session: inout KioskSession,
                       _ needsLayout: inout Bool) -> Bool {
        guard let fact = mapper.translate(event) else { return false }
        let ms = Self.nowMs()
        switch fact {
        case .quit:
            return true
        case .pointer(let pointer):
            scene.publish(session.pointer(pointer), ms: ms)
        case .wheel(let notches, let point):
            scene.publish(session.wheel(dy: -notches, at: point), ms: ms)
        case .key(let name):
            let (events, quit) = session.key(name)
            scene.publish(events, ms: ms)
            return quit
        case .layoutChanged:
            needsLayout = true
        }
        return false
    }

    /// Milliseconds since SDL started.
    static func nowMs() -> Double { Double(SDL_GetTicks64()) }
}
