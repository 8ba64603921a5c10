import RotarySDL

extension ReplayTrace {
    /// Reads and checks the trace at `path`: a file, a FIFO or any readable stream, `-` for
    /// standard input (named "stdin" in errors); key names are SDL's.
    public init(contentsOf path: String) throws {
        let name = path == "-" ? "stdin" : path
        let bytes: [UInt8]
        do { bytes = try BoundedInput.read(path, limit: Self.maxBytes) } catch {
            throw KioskError.cannotRead(path: name, reason: error.reason)
        }
        try self.init(text: String(decoding: bytes, as: UTF8.self), name: name, isKeyName: KeyNames.isKnown)
    }
}
