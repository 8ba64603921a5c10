import CSDL2

/// SDL's names for keys ("Right", "Return", "Keypad Enter", "A" …), as `SDL_GetKeyName`
/// writes them and `SDL_GetKeyFromName` reads them back. Needs no SDL initialisation.
public enum KeyNames {
    /// Whether SDL knows a key called `name`.
    public static func isKnown(_ name: String) -> Bool {
        !name.isEmpty && SDL_GetKeyFromName(name) != SDLK_UNKNOWN.rawValue
    }
}
