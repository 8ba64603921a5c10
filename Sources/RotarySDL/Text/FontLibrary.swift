import CSDL2
import Synchronization

/// The one gate to SDL_ttf's shared state. FreeType allows faces of one library to be opened
/// and closed by one thread at a time, and SDL_ttf counts `TTF_Init`/`TTF_Quit` without a
/// lock, so every open and close goes through here. A host that loads fonts
/// on worker threads, and the tests, which open fonts in parallel, stay safe.
///
/// Every open face holds one start of SDL_ttf, so fonts work without ``SDLSystem`` and the
/// library cannot be stopped under a face that is still open.
enum FontLibrary {
    private static let gate = Mutex(())

    /// Starts SDL_ttf and opens face `index` of the file (0 for a file of one face) at
    /// `size` points; throws when either fails.
    static func open(path: String, index: Int = 0, size: Int32) throws -> OpaquePointer {
        try gate.withLock { _ in
            guard TTF_Init() == 0 else { throw SDLError("TTF_Init") }
            guard let font = TTF_OpenFontIndex(path, size, index) else {
                let error = SDLError("TTF_OpenFont(\(path), \(size))")
                TTF_Quit()
                throw error
            }
            return font
        }
    }

    /// Closes a face from ``open(path:size:)`` and gives back its start of SDL_ttf.
    static func close(_ font: OpaquePointer) {
        gate.withLock { _ in
            TTF_CloseFont(font)
            TTF_Quit()
        }
    }
}
