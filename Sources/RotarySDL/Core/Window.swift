import CSDL2

/// An SDL window, destroyed with this object unless it was adopted from the program
/// (``init(adopting:)``).
public final class Window {
    let pointer: OpaquePointer
    /// Keeps SDL initialised while the window lives (nil: the program initialised SDL).
    private let system: SDLSystem?
    /// A fullscreen window on X11 not yet asked to be fullscreen (see ``enterFullscreen()``).
    private var deferredFullscreen = false

    /// Opens a window of `width`×`height` pixels, or a fullscreen one covering the first
    /// display. A fullscreen window is created at the display's own position and size, not
    /// only flagged fullscreen: on X11 without a window manager nobody would resize or move
    /// it, and it would stay `width`×`height` wherever SDL put it. On X11 it is created
    /// borderless and made fullscreen by ``enterFullscreen()`` once it shows a picture.
    public init(system: SDLSystem, title: String, width: Int, height: Int, fullscreen: Bool) throws {
        var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_RESIZABLE.rawValue
        let centered = rotary_windowpos_centered()
        var frame = SDL_Rect(x: centered, y: centered, w: Int32(width), h: Int32(height))
        deferredFullscreen = fullscreen && system.videoDriver.lowercased() == "x11"
        if fullscreen {
            flags |= SDL_WINDOW_BORDERLESS.rawValue
            if !deferredFullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
            var display = SDL_Rect()
            if SDL_GetDisplayBounds(0, &display) == 0, display.w > 0, display.h > 0 { frame = display }
        }
        guard let window = SDL_CreateWindow(title, frame.x, frame.y, frame.w, frame.h, flags) else {
            throw SDLError("SDL_CreateWindow")
        }
        pointer = window
        self.system = system
    }

    /// Wraps a program's own `SDL_Window`, e.g. to make a ``Renderer`` for it: nothing about
    /// the window is changed and it is never destroyed here. The program initialises SDL
    /// video and keeps the window alive for as long as this object and its renderer.
    public init(adopting window: OpaquePointer) {
        pointer = window
        system = nil
    }

    deinit {
        if system != nil { SDL_DestroyWindow(pointer) }  // a window we created, not the program's
    }

    /// Makes a fullscreen window created on X11 fullscreen on its display (at the display's
    /// own mode), above any panels a window manager draws; true when it asked. SDL 2.26 on X11
    /// waits up to 100 ms for a window manager to answer that request, however quickly the
    /// window shows: so the window is created without it and this comes after the first
    /// picture, which it then never delays. Elsewhere the window was fullscreen from the
    /// start and this does nothing.
    @discardableResult
    public func enterFullscreen() -> Bool {
        guard deferredFullscreen else { return false }
        deferredFullscreen = false
        SDL_SetWindowFullscreen(pointer, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
        return true
    }

    /// How often the display the window is on shows a new picture, hertz: its mode's
    /// refresh rate, or 60 where the driver does not say (Xvfb, the offscreen driver).
    public var refreshRate: Double {
        var mode = SDL_DisplayMode()
        let display = max(0, SDL_GetWindowDisplayIndex(pointer))
        guard SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0 else { return 60 }
        return Double(mode.refresh_rate)
    }

    /// The dots per inch along the diagonal of the display the window is on, as its driver
    /// reports them (KMSDRM from the connector's millimetres), or nil where it reports none.
    /// Drivers that guess (X11 from its configured screen size) may report a guess.
    public var displayDotsPerInch: Double? {
        var diagonal: Float = 0
        let display = max(0, SDL_GetWindowDisplayIndex(pointer))
        guard SDL_GetDisplayDPI(display, &diagonal, nil, nil) == 0, diagonal.isFinite, diagonal > 0 else { return nil }
        return Double(diagonal)
    }

    /// The window's id, as carried by its events.
    public var id: UInt32 { SDL_GetWindowID(pointer) }
}
