import CSDL2
import Foundation

/// The video drivers SDL is left to choose from when the kiosk lets SDL choose.
enum SDLDriverList {
    /// SDL's own list less Wayland when no Wayland display can be reached (no socket at
    /// `$WAYLAND_DISPLAY`, by default `wayland-0` in `$XDG_RUNTIME_DIR`), as a hint value;
    /// nil where SDL's own list serves. SDL probes every driver it has, and a Wayland probe
    /// without `$XDG_RUNTIME_DIR` makes libwayland print "error: XDG_RUNTIME_DIR is invalid or
    /// not set in the environment." on standard error: the first line a newcomer saw on a
    /// machine without a display, though nothing was wrong.
    static func choosable(environment: [String: String], exists: (String) -> Bool) -> String? {
        guard !waylandReachable(environment: environment, exists: exists) else { return nil }
        let drivers = (0..<SDL_GetNumVideoDrivers()).compactMap { SDL_GetVideoDriver($0).map { String(cString: $0) } }
        return drivers.filter { $0.lowercased() != "wayland" }.joined(separator: ",")
    }

    /// Whether a Wayland compositor's socket is where libwayland would look for it.
    static func waylandReachable(environment: [String: String], exists: (String) -> Bool) -> Bool {
        let display = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 } ?? "wayland-0"
        if display.hasPrefix("/") { return exists(display) }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
        return exists(runtime + "/" + display)
    }
}
