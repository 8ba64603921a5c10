import Foundation
import Glibc

/// Where event lines go: standard output or a file, one JSON object per line, handed to a
/// queue with a writer thread of its own so the render loop never waits for whoever reads
/// them (in the kiosk's live runs a full pipe costs the oldest lines, counted in the log; a
/// replay waits and writes every line).
/// Also hands every kiosk event, as a value and as its line, to in-process listeners (hooks,
/// feedback, persistence, or a program that embeds the kiosk).
public final class EventSink {
    private let lane: LineLane
    private var listeners: [(KioskEvent, String, Double) -> Void] = []

    /// Events to standard output; a slow reader costs the oldest lines (uncounted: the
    /// kiosk's own runs count them in the log). Call ``flush(upTo:)`` before the program ends.
    public convenience init() {
        self.init(lane: LineLane(descriptor: STDOUT_FILENO, whenFull: .dropOldest) { _, _ in })
    }

    /// Events to the file at `path` (created or emptied, kept open to the end of the process);
    /// a slow reader costs the oldest lines, uncounted. Call ``flush(upTo:)`` before the program ends.
    public convenience init(path: String) throws {
        self.init(lane: LineLane(descriptor: try Self.open(path), whenFull: .dropOldest) { _, _ in })
    }

    /// Events through `lane`.
    init(lane: LineLane) { self.lane = lane }

    /// Opens `path` for event lines (created or emptied) in place, never replaced, so a FIFO,
    /// `/dev/null` or a device stays what it is. The descriptor stays open to the end of the process.
    static func open(_ path: String) throws -> Int32 {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw KioskError.cannotWrite(path: path) }
        return fd
    }

    /// Calls `listener` with every kiosk event, its line (JSON text, no newline) and its time
    /// (ms) after the line is queued.
    public func listen(_ listener: @escaping (KioskEvent, String, Double) -> Void) { listeners.append(listener) }

    /// Writes one line (`ready`, `layout`, `exit`).
    public func emit(_ line: JSONValue) { lane.send(line.text) }

    /// Writes a kiosk event's line and tells the listeners; the line (JSON text, no newline).
    @discardableResult
    public func emit(_ event: KioskEvent, ms: Double) -> String {
        let line = EventRecords.event(event, ms: ms).text
        lane.send(line)
        for listener in listeners { listener(event, line, ms) }
        return line
    }

    /// Waits until every line so far is written, the output has closed, or `seconds` pass
    /// (nil: no limit).
    public func flush(upTo seconds: Double?) { lane.flush(upTo: seconds) }
}

/// Errors of the kiosk app with a message meant for a person.
public enum KioskError: Error, CustomStringConvertible {
    case cannotWrite(path: String)
    case cannotRead(path: String, reason: String)
    case noDisplay(requested: String, opened: String)
    case unusableStateFolder(path: String, reason: String)
    case backlight(String)
    case mqtt(String)
    case framebuffer(String)

    public var description: String {
        switch self {
        case .cannotWrite(let path): "cannot write \(path)"
        case .cannotRead(let path, let reason): "cannot read \(path): \(reason)"
        case .unusableStateFolder(let path, let reason): "the state folder \(path) cannot be used: \(reason)"
        case .backlight(let why): "backlight: \(why)"
        case .mqtt(let why): "MQTT: \(why)"
        case .framebuffer(let why): "framebuffer: \(why)"
        case .noDisplay(let requested, let opened):
            "the \(requested) video driver was asked for but SDL opened '\(opened)': the panel would stay black. "
                + "Check that this user may open the display (for kmsdrm: member of the 'video' group, see ls -l /dev/dri)."
        }
    }
}
