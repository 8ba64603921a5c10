import CSDL2

/// A failed SDL call: what was attempted, SDL's own message read at the failing call (not
/// later, when another call may have replaced it), and where in our code it happened.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    /// What we were doing, e.g. "SDL_CreateWindow".
    public let operation: String
    /// `SDL_GetError()` right after the failure.
    public let message: String
    /// Source file of the failing call, as `#fileID` gives it: module and file name, e.g.
    /// "RotarySDL/Surface.swift".
    public let file: String
    /// Line of the failing call in ``file``.
    public let line: Int

    /// Captures SDL's current error for `operation`.
    public init(_ operation: String, file: String = #fileID, line: Int = #line) {
        self.operation = operation
        message = String(cString: SDL_GetError())
        self.file = file
        self.line = line
    }

    /// An error of ours with an explicit `message` (no SDL call behind it); `file` and `line`
    /// default to the caller's.
    public init(_ operation: String, message: String, file: String = #fileID, line: Int = #line) {
        self.operation = operation
        self.message = message
        self.file = file
        self.line = line
    }

    /// One line for a person or a log: what failed, SDL's message and where, e.g.
    /// "SDL_CreateWindow failed: No available video device (RotarySDL/Window.swift:24)".
    public var description: String { "\(operation) failed: \(message) (\(file):\(line))" }
}

/// Throws an ``SDLError`` for `operation` when an SDL status code is negative.
@inline(__always)
func check(_ status: Int32, _ operation: String, file: String = #fileID, line: Int = #line) throws {
    if status < 0 { throw SDLError(operation, file: file, line: line) }
}
