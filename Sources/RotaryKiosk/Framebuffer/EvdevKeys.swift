import CLinuxPanel
import CSDL2

/// SDL's names ("Right", "Return", "A" …) for the Linux key codes libinput reports, so a
/// keyboard on the framebuffer path drives the kiosk as it does through SDL: the arrows,
/// Home/End, Page Up/Down, Return, Space, Tab, Escape, letters, digits and F1–F12.
enum EvdevKeys {
    /// SDL's name for Linux key code `code`, or nil for a key the kiosk has no use for.
    static func name(_ code: UInt32) -> String? {
        guard let scancode = scancodes[Int32(truncatingIfNeeded: code)] else { return nil }
        return String(cString: SDL_GetScancodeName(scancode))
    }

    private static let scancodes: [Int32: SDL_Scancode] = {
        var table: [Int32: SDL_Scancode] = [
            KEY_ESC: SDL_SCANCODE_ESCAPE, KEY_BACKSPACE: SDL_SCANCODE_BACKSPACE, KEY_TAB: SDL_SCANCODE_TAB,
            KEY_ENTER: SDL_SCANCODE_RETURN, KEY_KPENTER: SDL_SCANCODE_KP_ENTER, KEY_SPACE: SDL_SCANCODE_SPACE,
            KEY_HOME: SDL_SCANCODE_HOME, KEY_END: SDL_SCANCODE_END, KEY_PAGEUP: SDL_SCANCODE_PAGEUP,
            KEY_PAGEDOWN: SDL_SCANCODE_PAGEDOWN, KEY_INSERT: SDL_SCANCODE_INSERT, KEY_DELETE: SDL_SCANCODE_DELETE,
            KEY_UP: SDL_SCANCODE_UP, KEY_DOWN: SDL_SCANCODE_DOWN, KEY_LEFT: SDL_SCANCODE_LEFT, KEY_RIGHT: SDL_SCANCODE_RIGHT,
        ]
        // The letters in keyboard order, and the digits 1…9, 0: Linux and USB number both runs
        // differently, so each letter is matched by name.
        let letters: [(Int32, SDL_Scancode)] = [
            (KEY_A, SDL_SCANCODE_A), (KEY_B, SDL_SCANCODE_B), (KEY_C, SDL_SCANCODE_C), (KEY_D, SDL_SCANCODE_D),
            (KEY_E, SDL_SCANCODE_E), (KEY_F, SDL_SCANCODE_F), (KEY_G, SDL_SCANCODE_G), (KEY_H, SDL_SCANCODE_H),
            (KEY_I, SDL_SCANCODE_I), (KEY_J, SDL_SCANCODE_J), (KEY_K, SDL_SCANCODE_K), (KEY_L, SDL_SCANCODE_L),
            (KEY_M, SDL_SCANCODE_M), (KEY_N, SDL_SCANCODE_N), (KEY_O, SDL_SCANCODE_O), (KEY_P, SDL_SCANCODE_P),
            (KEY_Q, SDL_SCANCODE_Q), (KEY_R, SDL_SCANCODE_R), (KEY_S, SDL_SCANCODE_S), (KEY_T, SDL_SCANCODE_T),
            (KEY_U, SDL_SCANCODE_U), (KEY_V, SDL_SCANCODE_V), (KEY_W, SDL_SCANCODE_W), (KEY_X, SDL_SCANCODE_X),
            (KEY_Y, SDL_SCANCODE_Y), (KEY_Z, SDL_SCANCODE_Z),
        ]
        for (code, scancode) in letters { table[code] = scancode }
        // KEY_1…KEY_0 and SDL's 1…0 are both consecutive runs; so are F1–F10, then F11, F12.
        for i in 0..<10 {
            table[KEY_1 + Int32(i)] = SDL_Scancode(SDL_SCANCODE_1.rawValue + UInt32(i))
            table[KEY_F1 + Int32(i)] = SDL_Scancode(SDL_SCANCODE_F1.rawValue + UInt32(i))
        }
        table[KEY_F11] = SDL_SCANCODE_F11
        table[KEY_F12] = SDL_SCANCODE_F12
        return table
    }()
}
