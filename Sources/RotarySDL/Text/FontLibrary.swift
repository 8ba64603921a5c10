import CSDL2
import Synchronization

/// The one gate to SDL_ttf's shared state. FreeType allows faces of one library to be opened
/// and closed by one thread at a time, and SDL_ttf counts `TTF_Init`/`TTF_Quit` without a
/// lock, so every start, stop, open and close goes through here. A host that loads fonts
/// on worker threads, and the tests, which open fonts in parallel, stay safe.
enum FontLibrary {
    private static let gate = Mutex(())

    /// `TTF_Init`, counted: each successful call needs one ``stop()``.
    static func start() throws {
        try gate.withLock { _ in
            guard TTF_Init() == 0 else { throw SDLError("TTF_Init") }
        }
    }

    /// `TTF_Quit`: the library closes when the last ``start()`` is matched.
    static func stop() {
        gate.withLock { _ in TTF_Quit() }
    }

    /// Opens a face; nil (with SDL's error set) when it cannot be read.
    static func open(path: String, size: Int32) -> OpaquePointer? {
        gate.withLock { _ in TTF_OpenFont(path, size) }
    }

    static func close(_ font: OpaquePointer) {
        gate.withLock { _ in TTF_CloseFont(font) }
    }
}
