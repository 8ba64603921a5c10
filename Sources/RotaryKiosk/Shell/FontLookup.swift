import Dispatch
import RotarySDL

/// fontconfig's font file for a pattern, looked up on a worker thread while the caller goes on
/// (at start, opening the display): each takes a few milliseconds before the first frame.
final class FontLookup: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the worker before it signals `done`; read only after waiting on it.
    private var result: Result<FontLocator.Choice, any Error>?

    /// Starts looking up `pattern` (see ``FontLocator/locate(_:)``).
    init(pattern: String) {
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = Result { try FontLocator.choose(for: FontLocator.match(pattern), pattern: pattern) }
            self.done.signal()
        }
    }

    /// The font file and the damaged ones passed over, waiting for the lookup if it is still
    /// running; what it threw otherwise.
    func choice() throws -> FontLocator.Choice {
        done.wait()
        done.signal()  // a second call finds it done too
        return try result!.get()
    }
}
