import CSDL2
import Foundation
import Logging
import RotaryKit
import RotarySDL

/// The imperative shell: opens SDL, runs the event → model → draw loop, and writes the
/// headless picture when there is no display.
public final class KioskRunner {
    private let options: KioskOptions
    private let logger: Logger
    private var screen: KioskScreen
    private let painter = PlaceholderPainter()

    /// A runner for `options`.
    public init(options: KioskOptions, logger: Logger) {
        self.options = options
        self.logger = logger
        screen = KioskScreen(programs: KioskScreen.demoPrograms,
                             width: Double(options.size.width), height: Double(options.size.height))
    }

    /// Runs until the window closes. Headless, renders one frame, saves it and returns.
    public func run() throws {
        let system = try Self.openVideo(requested: options.videoDriver)
        let headless = system.isHeadless
        logger.info("video driver: \(system.videoDriver)")
        let window = try Window(system: system, title: "Rotary", width: options.size.width,
                                height: options.size.height, fullscreen: !options.windowed && !headless)
        let renderer = try Self.makeRenderer(window: window, headless: headless)
        logger.info("renderer: \(renderer.name)")
        if !options.windowed && !headless { SDL_ShowCursor(SDL_DISABLE) }
        try relayout(renderer)
        if headless {
            try draw(renderer)
            let path = options.screenshot ?? Self.defaultPicturePath()
            try renderer.savePNG(to: path)
            print("No display found: rendered headless with SDL's \(system.videoDriver) driver. Picture: \(path)")
            return
        }
        try loop(renderer)
        if let path = options.screenshot { try renderer.savePNG(to: path) }
    }

    // MARK: - Loop

    private func loop(_ renderer: Renderer) throws {
        var mapper = InputMapper(windowWidth: screen.layout.width, windowHeight: screen.layout.height)
        var last = SDL_GetPerformanceCounter()
        let frequency = Double(SDL_GetPerformanceFrequency())
        var needsFrame = true
        while true {
            var event = SDL_Event()
            if screen.panel.isAtRest && !needsFrame {
                // Nothing moves: sleep until something happens.
                if SDL_WaitEventTimeout(&event, 1000) == 1, try handle(event, &mapper, renderer) { return }
                last = SDL_GetPerformanceCounter()
            }
            while SDL_PollEvent(&event) == 1 {
                if try handle(event, &mapper, renderer) { return }
            }
            let now = SDL_GetPerformanceCounter()
            let dt = min(Double(now - last) / frequency, 0.1)
            last = now
            _ = screen.panel.advance(by: dt)
            try draw(renderer)
            needsFrame = false
        }
    }

    /// Applies one SDL event; returns true when the app should quit.
    private func handle(_ event: SDL_Event, _ mapper: inout InputMapper, _ renderer: Renderer) throws -> Bool {
        guard let fact = mapper.translate(event) else { return false }
        switch fact {
        case .quit:
            return true
        case .pointer(let pointer):
            _ = screen.panel.handle(pointer)
        case .wheel(let notches, let point):
            if let index = screen.panel.control(at: point) {
                _ = screen.panel.controls[index].turn(.steps(notches))
            }
        case .key(let name):
            switch KeyBindings.action(forKey: name) {
            case .turn(let command): _ = screen.panel.turnFocused(command)
            case .pressButton: _ = screen.panel.turn(KioskScreen.buttonID, .activate)
            case .nextFocus: screen.panel.focusIndex = (screen.panel.focusIndex + 1) % screen.panel.controls.count
            case .quit: if options.windowed { return true }
            case nil: break
            }
        case .layoutChanged:
            try relayout(renderer)
            mapper = InputMapper(windowWidth: screen.layout.width, windowHeight: screen.layout.height)
        }
        return false
    }

    private func relayout(_ renderer: Renderer) throws {
        let (w, h) = try renderer.outputSize()
        let selected = screen.wheel?.selectedIndex ?? 0
        screen = KioskScreen(programs: KioskScreen.demoPrograms, width: Double(w), height: Double(h), selected: selected)
    }

    private func draw(_ renderer: Renderer) throws {
        try renderer.clear(RGBA(18, 20, 28))
        if let wheel = screen.wheel { try painter.draw(wheel, on: renderer) }
        if let button = screen.button { try painter.draw(button, on: renderer) }
        renderer.present()
    }

    // MARK: - Opening SDL

    /// Opens SDL's video with the requested driver, or SDL's choice, falling back to the
    /// offscreen driver when no display can be opened at all.
    static func openVideo(requested: String?) throws -> SDLSystem {
        if let requested { return try SDLSystem(videoDriver: requested) }
        do {
            return try SDLSystem()
        } catch {
            return try SDLSystem(videoDriver: "offscreen")
        }
    }

    /// Accelerated when there is a screen and SDL has one, else SDL's software renderer.
    static func makeRenderer(window: Window, headless: Bool) throws -> Renderer {
        if !headless, let accelerated = try? Renderer(window: window, kind: .accelerated, vsync: true) {
            return accelerated
        }
        return try Renderer(window: window, kind: .software, vsync: !headless)
    }

    /// Where the headless picture goes when no --screenshot path was given.
    static func defaultPicturePath() -> String {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        return directory + "/rotary-kiosk.png"
    }
}
