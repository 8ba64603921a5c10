import CSDL2

/// An SDL window, destroyed with this object.
public final class Window {
    let pointer: OpaquePointer
    /// Keeps SDL initialised while the window lives.
    private let system: SDLSystem

    /// Opens a window of `width`×`height` pixels, fullscreen (desktop resolution) or not.
    public init(system: SDLSystem, title: String, width: Int, height: Int, fullscreen: Bool) throws {
        var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_RESIZABLE.rawValue
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let centered = rotary_windowpos_centered()
        guard let window = SDL_CreateWindow(title, centered, centered, Int32(width), Int32(height), flags) else {
            throw SDLError("SDL_CreateWindow")
        }
        pointer = window
        self.system = system
    }

    deinit { SDL_DestroyWindow(pointer) }

    /// The window's id, as carried by its events.
    public var id: UInt32 { SDL_GetWindowID(pointer) }
}
