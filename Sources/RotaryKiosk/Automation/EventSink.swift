import Foundation

/// Where event lines go: standard output or a file, one JSON object per line, flushed per
/// line so a reader sees each event as it happens. Also calls in-process listeners.
public final class EventSink {
    private let handle: FileHandle
    private var listeners: [(JSONValue) -> Void] = []

    /// Events to standard output.
    public init() {
        handle = FileHandle.standardOutput
    }

    /// Events to the file at `path` (created or emptied).
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw KioskError.cannotWrite(path: path)
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// Also hands every line to `listener` (for programs embedding the kiosk).
    public func listen(_ listener: @escaping (JSONValue) -> Void) { listeners.append(listener) }

    /// Writes one line.
    public func emit(_ line: JSONValue) {
        handle.write(Data((line.text + "\n").utf8))
        for listener in listeners { listener(line) }
    }
}

/// Errors of the kiosk app with a message meant for a person.
public enum KioskError: Error, CustomStringConvertible {
    case cannotWrite(path: String)
    case badTrace(path: String, line: Int, reason: String)
    case cannotRead(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path): "cannot write \(path)"
        case .badTrace(let path, let line, let reason): "\(path):\(line): \(reason)"
        case .cannotRead(let path, let reason): "cannot read \(path): \(reason)"
        }
    }
}
