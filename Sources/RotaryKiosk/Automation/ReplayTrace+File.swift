import Glibc
import RotarySDL

extension ReplayTrace {
    /// Reads and checks the trace at `path`: a file, a FIFO or any readable stream, `-` for
    /// standard input (named "stdin" in errors); key names are SDL's. A trace is read whole,
    /// up to ``maxBytes``, so a stream that never ends (`/dev/zero`, `yes`) is refused.
    public init(contentsOf path: String) throws {
        let name = path == "-" ? "stdin" : path
        let bytes: [UInt8]
        do {
            bytes = path == "-" ? try BoundedFile.read(descriptor: STDIN_FILENO, limit: Self.maxBytes)
                : try BoundedFile.read(path, limit: Self.maxBytes)
        } catch .tooLarge {
            throw KioskError.cannotRead(path: name, reason: "longer than \(Self.maxBytes >> 20) MiB: a trace is read whole before it plays")
        } catch {
            throw KioskError.cannotRead(path: name, reason: "\(error)")
        }
        try self.init(text: String(decoding: bytes, as: UTF8.self), name: name, isKeyName: KeyNames.isKnown)
    }
}
