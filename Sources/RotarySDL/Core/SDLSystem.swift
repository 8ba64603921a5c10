import CSDL2

/// SDL's video and events, with SDL_image: initialised once by `init`, shut down by `deinit`.
/// Keep it alive for as long as any window made with it exists. A program that initialises
/// SDL video itself needs none: drawing (``Renderer``, ``DrawListExecutor``) and fonts
/// (which start SDL_ttf themselves, see ``Font``) work without it.
public final class SDLSystem {
    /// The video driver SDL picked, e.g. "x11", "kmsdrm", "offscreen".
    public let videoDriver: String

    /// Initialises video (and events) with `videoDriver` if given (over `$SDL_VIDEODRIVER`),
    /// else SDL's own choice (`$SDL_VIDEODRIVER`, or its list), whatever an earlier
    /// instance asked for.
    public init(videoDriver requested: String? = nil) throws {
        // At override priority, as $SDL_VIDEODRIVER would otherwise win over the hint; with
        // none asked for, the variable's value again (or nothing: SDL's list).
        SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, requested ?? getenv("SDL_VIDEODRIVER").map { String(cString: $0) },
                                SDL_HINT_OVERRIDE)
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        try check(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS), "SDL_Init(video)")
        let imageFlags = Int32(IMG_INIT_PNG.rawValue)
        if IMG_Init(imageFlags) & imageFlags != imageFlags {
            let error = SDLError("IMG_Init(png)")
            SDL_Quit()
            throw error
        }
        videoDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
    }

    deinit {
        IMG_Quit()
        SDL_Quit()
    }

    /// Whether SDL drew to no screen at all (its `offscreen` or `dummy` driver).
    public var isHeadless: Bool { videoDriver == "offscreen" || videoDriver == "dummy" }
}
