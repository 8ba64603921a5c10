import CSDL2
import Foundation
import Logging
import RotarySDL

/// Where the kiosk draws and reads its input: an SDL window (KMSDRM, X11, Wayland, or the
/// offscreen driver for headless pictures and replays), or a Linux framebuffer with
/// libinput (``FramebufferPanel``), for panels without DRM.
final class KioskDisplay {
    /// What draws: SDL's driver name ("KMSDRM", "x11", "offscreen" …) or "fbdev".
    let videoDriver: String
    /// Whether nothing is shown anywhere (SDL's offscreen or dummy driver).
    let isHeadless: Bool
    let renderer: Renderer
    /// Why this renderer, in words for the log.
    let rendererReason: String
    /// How `auto` came to this driver, for the log (nil: it was asked for).
    let choice: String?
    /// The framebuffer, when drawing on one.
    let panel: FramebufferPanel?
    /// The SDL window, which keeps SDL itself open (nil on a framebuffer).
    private let window: Window?
    private let console: VirtualConsole?
    private let reader: LibinputReader?

    private init(system: SDLSystem, window: Window, picked: RendererChoice, choice: String?) {
        videoDriver = system.videoDriver
        isHeadless = system.isHeadless
        renderer = picked.renderer
        rendererReason = picked.reason
        self.choice = choice
        self.window = window
        panel = nil
        console = nil
        reader = nil
    }

    private init(panel: FramebufferPanel, console: VirtualConsole?, reader: LibinputReader, choice: String?) {
        videoDriver = "fbdev"
        isHeadless = false
        renderer = panel.renderer
        rendererReason = "the framebuffer is drawn by the software renderer"
        self.choice = choice
        self.panel = panel
        self.console = console
        self.reader = reader
        window = nil
    }

    /// What was asked for: `--video-driver`, else `$SDL_VIDEODRIVER`; "auto" or nothing
    /// lets the kiosk choose.
    enum Request: Equatable {
        /// KMSDRM, then a framebuffer, then SDL's own choice (X11, Wayland); under a desktop
        /// (`$DISPLAY`, `$WAYLAND_DISPLAY`) SDL's choice at once. `explicit` when "auto" was
        /// named: then ending on no display at all is an error, not a headless picture.
        case auto(explicit: Bool)
        /// The framebuffer in the config's `[display] framebuffer`.
        case framebuffer
        /// One SDL driver by name.
        case sdl(String)

        init(_ name: String?) {
            switch name?.lowercased() {
            case nil, "": self = .auto(explicit: false)
            case "auto": self = .auto(explicit: true)
            case "fbdev": self = .framebuffer
            case let name?: self = .sdl(name)
            }
        }
    }

    /// Opens the display `request` names for a run of `options` (`replay`: a trace is
    /// played, which never takes a panel over unless asked; `--headless` is always SDL's
    /// offscreen driver), with the config's framebuffer.
    static func open(_ request: Request, options: KioskOptions, framebuffer: String, replay: Bool,
                     logger: Logger) throws -> KioskDisplay {
        if options.headless {
            return try sdl(try openVideo(requested: "offscreen"), options: options, replay: replay, choice: nil)
        }
        switch request {
        case .framebuffer:
            do { return try openFramebuffer(path: framebuffer, choice: nil, logger: logger) } catch KioskError.framebuffer(let why) {
                throw KioskError.framebuffer("\(why): the panel would stay black")
            }
        case .sdl(let name):
            let system = try openVideo(requested: name)
            try refuseBlankPanel(requested: name, opened: system.videoDriver, replay: replay)
            return try sdl(system, options: options, replay: replay, choice: nil)
        case .auto where replay:
            return try sdl(try openVideo(requested: nil), options: options, replay: replay, choice: nil)
        case .auto(let explicit):
            var passed: [String] = []
            let environment = ProcessInfo.processInfo.environment
            if let desktop = ["WAYLAND_DISPLAY", "DISPLAY"].first(where: { !(environment[$0] ?? "").isEmpty }) {
                passed.append("a desktop ($\(desktop))")
            } else {
                do {
                    let system = try SDLSystem(videoDriver: "kmsdrm")
                    if system.videoDriver.lowercased() == "kmsdrm" {
                        return try sdl(system, options: options, replay: false, choice: "auto: KMSDRM")
                    }
                    passed.append("no KMSDRM display (SDL opened \(system.videoDriver))")
                } catch {
                    passed.append("no KMSDRM display (\((error as? SDLError)?.message ?? "\(error)"))")
                }
                do {
                    return try openFramebuffer(path: framebuffer, choice: "auto: \(passed.joined(separator: "; ")), so \(framebuffer)",
                                               logger: logger)
                } catch {
                    passed.append("\(error)")
                }
            }
            let system = try openVideo(requested: nil)
            let why = "auto: \(passed.joined(separator: "; ")), so SDL's choice"
            if explicit, system.isHeadless {  // a service asked for a display: no black panel restarting every second
                throw KioskError.noDisplay(requested: "auto", opened: "\(system.videoDriver) (\(why))")
            }
            return try sdl(system, options: options, replay: false, choice: why)
        }
    }

    // MARK: - Opening SDL

    /// Opens SDL's video with the driver `requested`, or SDL's choice, falling back to the
    /// offscreen driver when no display can be opened at all and none was asked for.
    /// `$SDL_VIDEODRIVER` naming one of the kiosk's own choices ("auto", "fbdev") is taken out
    /// of the environment first: SDL would read it for its choice and know neither. Without it,
    /// SDL chooses from ``SDLDriverList/choosable(environment:exists:)``.
    static func openVideo(requested: String?) throws -> SDLSystem {
        if let requested, !requested.isEmpty {
            do { return try SDLSystem(videoDriver: requested) } catch let error as SDLError {
                throw KioskError.noDisplay(requested: requested, opened: "nothing (\(error.message))")
            }
        }
        let environment = ProcessInfo.processInfo.environment
        var choosable: String?
        if case .sdl = Request(environment["SDL_VIDEODRIVER"]) {} else {
            unsetenv("SDL_VIDEODRIVER")
            choosable = SDLDriverList.choosable(environment: environment) { FileManager.default.fileExists(atPath: $0) }
        }
        do {
            return try SDLSystem(videoDriver: choosable)
        } catch {
            return try SDLSystem(videoDriver: "offscreen")
        }
    }

    /// SDL 2.26 quietly falls back to its offscreen driver when it cannot open the card
    /// (e.g. the user is not in the `video` group): the kiosk would "run" on a black panel.
    /// When a real display was asked for and SDL opened none, stop with a clear message.
    static func refuseBlankPanel(requested: String, opened: String, replay: Bool) throws {
        let requested = requested.lowercased()
        guard !replay, ["kmsdrm", "x11", "wayland"].contains(requested),
              opened.lowercased() != requested else { return }  // SDL names it "KMSDRM"
        throw KioskError.noDisplay(requested: requested, opened: opened)
    }

    private static func sdl(_ system: SDLSystem, options: KioskOptions, replay: Bool, choice: String?) throws -> KioskDisplay {
        let fullscreen = !options.windowed && !system.isHeadless
        let window = try Window(system: system, title: "Rotary", width: options.size.width, height: options.size.height,
                                fullscreen: fullscreen)
        let forcedSoftware = system.isHeadless ? "headless pictures use the software renderer"
            : replay ? "replays use the software renderer" : nil
        let picked = try RendererChoice.make(window: window, request: options.renderer, forcedSoftware: forcedSoftware)
        if fullscreen { SDL_ShowCursor(SDL_DISABLE) }
        return KioskDisplay(system: system, window: window, picked: picked, choice: choice)
    }

    /// The framebuffer at `path` with libinput's devices, its console switched to graphics.
    private static func openFramebuffer(path: String, choice: String?, logger: Logger) throws -> KioskDisplay {
        let device = try FramebufferDevice(path: path)
        let console = VirtualConsole.current()
        if let console, !console.showsText {  // left so by a kiosk killed outside systemd, or another program
            logger.warning("the console (\(console.name)) was in graphics mode already: drawing on it all the same")
        }
        let reader = try LibinputReader(width: device.format.width, height: device.format.height)
        let panel = try FramebufferPanel(device: device)
        if let console {
            if !console.takeOver() { logger.warning("the console (\(console.name)) stays in text mode: its cursor may show") }
        } else {
            logger.warning("not run on a virtual console: console text and its cursor may draw over the picture")
        }
        return KioskDisplay(panel: panel, console: console, reader: reader, choice: choice)
    }

    /// A line for the log: the driver, and for a framebuffer its device, format and pacing.
    var description: String {
        var text = videoDriver
        if let device = panel?.device {
            let pacing = device.hasVsync ? "vsync" : "paced at \(Int(device.refreshRate.rounded())) Hz"
            text += " (\(device.path): \(device.format), \(device.driver), \(device.pages == 2 ? "2 pages" : "1 page"), \(pacing))"
        }
        return choice.map { "\(text); \($0)" } ?? text
    }

    /// How large the panel's pixels are: `diagonalInches` from the config where it gives one,
    /// else what KMSDRM reports of the connector, else a 7-inch 800×480 panel's (X11 and
    /// Wayland report a desktop's guess, the framebuffer and the offscreen driver nothing).
    func panelSize(diagonalInches: Double?, width: Double, height: Double) -> PanelSize {
        if let diagonalInches { return PanelSize(diagonalInches: diagonalInches, width: width, height: height) }
        if videoDriver.lowercased() == "kmsdrm", let dots = window?.displayDotsPerInch { return PanelSize(dotsPerInch: dots) }
        return .assumed
    }

    /// The panel's refresh rate, hertz (60 where nobody says).
    var refreshRate: Double { panel?.device.refreshRate ?? window?.refreshRate ?? 60 }

    /// Whether showing a frame waits for the display, so the loop needs no pacer.
    var presentsAtDisplayPace: Bool { panel?.presentsAtDisplayPace ?? renderer.presentsAtDisplayPace }

    /// The touchscreens the kiosk can read now, by name (SDL's, or libinput's).
    var touchDevices: [String] {
        if let reader { return reader.touchDeviceNames }
        return (0..<SDL_GetNumTouchDevices()).map { index in SDL_GetTouchName(index).map { String(cString: $0) } ?? "device \(index)" }
    }

    /// The input devices libinput found, for the log (empty on SDL's drivers).
    var inputDevices: [String] { reader?.startingDevices ?? [] }

    /// Makes a fullscreen X11 window fullscreen after its first picture (see
    /// `Window.enterFullscreen`); true when the whole frame must be drawn again.
    func enterFullscreen() -> Bool { window?.enterFullscreen() ?? false }

    /// The live loop's input: libinput's on a framebuffer, else SDL's (which sleeps on the
    /// offscreen driver and wakes for `commands`).
    func input(width: Double, height: Double, inbox: SessionInbox) throws -> LiveInput {
        if let reader { return try FramebufferInput(reader: reader, width: width, height: height) }
        return SDLInput(width: width, height: height, waitsForEvents: !isHeadless, inbox: inbox)
    }
}
