import CSDL2
import Foundation
import Logging
import RotaryKit
import RotarySDL

/// The imperative shell: opens SDL, builds the screen and runs it live, as a replay, or
/// headless for one picture.
public final class KioskRunner {
    private let options: KioskOptions
    private let logger: Logger
    private let theme = Theme()
    private let events: EventSink

    /// A runner for `options`; events go to `--events-out` or standard output.
    public init(options: KioskOptions, logger: Logger) throws {
        self.options = options
        self.logger = logger
        events = try options.eventsOut.map(EventSink.init(path:)) ?? EventSink()
    }

    /// Runs until the window closes, the replay ends, or (headless) one picture is saved.
    public func run() throws {
        let trace = try options.replay.map(ReplayTrace.init(contentsOf:))
        let system = try Self.openVideo(requested: options.videoDriver)
        let headless = system.isHeadless
        logger.info("video driver: \(system.videoDriver)")
        let fullscreen = !options.windowed && !headless
        let window = try Window(system: system, title: "Rotary", width: options.size.width,
                                height: options.size.height, fullscreen: fullscreen)
        let software = headless || trace != nil || options.renderer == .software
        let renderer = try Self.makeRenderer(window: window, software: software)
        logger.info("renderer: \(renderer.name)")
        if fullscreen { SDL_ShowCursor(SDL_DISABLE) }
        let fonts = FontBook(path: try FontLocator.locate(theme.fontPattern))
        var session = KioskSession(screen: KioskScreen(layout: try layout(for: renderer), programs: Program.demo,
                                                       dialMinutes: Program.defaultDialMinutes),
                                   escapeQuits: options.windowed)
        let scene = KioskScene(renderer: renderer, theme: theme, fonts: fonts, events: events)
        try scene.rebuild(for: session.screen)
        if let trace {
            try ReplayLoop(scene: scene, trace: trace).run(&session)
        } else if headless {
            try scene.drawFirstFrame(session.screen, ms: 0)
        } else {
            try LiveLoop(scene: scene, layout: { try self.layout(for: renderer) }).run(&session)
        }
        try finish(scene, session, headless: headless)
    }

    private func finish(_ scene: KioskScene, _ session: KioskSession, headless: Bool) throws {
        let path = options.screenshot ?? (headless ? Self.defaultPicturePath() : nil)
        if let path {
            try scene.renderer.savePNG(to: path)
            let prefix = headless ? "No display: rendered headless with the software renderer." : "Last frame saved."
            FileHandle.standardError.write(Data("\(prefix) Picture: \(path)\n".utf8))
        }
        scene.emitExit(session.screen)
    }

    private func layout(for renderer: Renderer) throws -> ScreenLayout {
        let (w, h) = try renderer.outputSize()
        return ScreenLayout(width: Double(w), height: Double(h), rotation: options.rotate.degrees)
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

    /// SDL's software renderer when asked (deterministic pixels), else an accelerated one
    /// with vsync when there is one.
    static func makeRenderer(window: Window, software: Bool) throws -> Renderer {
        if !software, let accelerated = try? Renderer(window: window, kind: .accelerated, vsync: true) {
            return accelerated
        }
        return try Renderer(window: window, kind: .software, vsync: !software)
    }

    /// Where the headless picture goes when no --screenshot path was given.
    static func defaultPicturePath() -> String {
        (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") + "/rotary-kiosk.png"
    }
}
