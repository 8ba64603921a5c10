import Foundation
import RotaryKit

/// A parsed replay trace (docs/automation.md, "Input replay"): inputs with their times, in order. Each
/// line becomes the same ``ControlInput`` live SDL input becomes, so a replay takes the live
/// input path.
public struct ReplayTrace: Equatable, Sendable {
    /// One line: its time in milliseconds since the start and its input or remote command
    /// (neither: a `wait`).
    public struct Step: Equatable, Sendable {
        public var ms: Double
        public var input: ControlInput?
        public var remote: RemoteMessage?
    }

    /// The steps, in time order.
    public let steps: [Step]
    /// Whether the trace's last line is an `end`: the replay stops at its time as things
    /// stand, a finger still down or a control still moving (a picture of a held drag or a
    /// coast), instead of waiting for every control to rest.
    public let endsAsItStands: Bool

    /// The latest time a line may have: 10¹² ms, about 31 years.
    public static let maxMs = 1e12
    /// How far outside the window a point may lie, in pixels.
    public static let maxCoordinate = 1e6

    /// The most bytes a trace may have (64 MiB: hours of touches sampled every 8 ms).
    public static let maxBytes = 64 << 20
    /// The most bytes one line may have (64 KiB).
    public static let maxLineBytes = 64 << 10

    /// A line that is not a trace's line: `name:line: reason`.
    public struct LineError: Error, CustomStringConvertible {
        /// The trace's name (its path, or "stdin").
        public let name: String
        /// The 1-based line number.
        public let line: Int
        public let reason: String
        public var description: String { "\(name):\(line): \(reason)" }
    }

    /// Parses JSON Lines `text`; errors (``LineError``) name `name` and the 1-based line
    /// number. Blank lines are skipped. `isKeyName` says whether a `key` line's name is a key
    /// the input path knows (SDL's names, in the shell).
    public init(text: String, name: String, isKeyName: (String) -> Bool) throws {
        var steps: [Step] = []
        var previous = 0.0
        var ended = false
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard line.utf8.count <= Self.maxLineBytes else {
                throw LineError(name: name, line: offset + 1,
                                reason: "longer than \(Self.maxLineBytes / 1024) KiB: a line is one small JSON object")
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            do {
                guard !ended else { throw TraceProblem("a line after \"end\": an end is the trace's last line") }
                let (step, isEnd) = try Self.parse(trimmed, isKeyName: isKeyName)
                guard step.ms >= previous else {
                    throw TraceProblem("\"t\" goes back in time (\(step.ms) after \(previous))")
                }
                previous = step.ms
                steps.append(step)
                ended = isEnd
            } catch let problem as TraceProblem {
                throw LineError(name: name, line: offset + 1, reason: problem.reason)
            }
        }
        self.steps = steps
        endsAsItStands = ended
    }

    /// The time of the last input, in milliseconds (0 for an empty trace).
    public var endMs: Double { steps.last?.ms ?? 0 }

    private struct TraceProblem: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The line's step, and whether it is an `end`.
    private static func parse(_ line: String, isKeyName: (String) -> Bool) throws -> (Step, isEnd: Bool) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw TraceProblem("not a JSON object")
        }
        let ms = try number(object, "t", in: 0...maxMs)
        guard let type = object["type"] as? String else { throw TraceProblem("missing \"type\"") }
        if type == "end" { return (Step(ms: ms), true) }
        return (try step(type, at: ms, object, isKeyName: isKeyName), false)
    }

    /// The input or command of a line of `type` at `ms`.
    private static func step(_ type: String, at ms: Double, _ object: [String: Any], isKeyName: (String) -> Bool) throws -> Step {
        switch type {
        case "down", "move", "up":
            let phase: PointerEvent.Phase = type == "down" ? .down : type == "up" ? .up : .moved
            let finger = object["id"] == nil ? 0 : try integer(object, "id")
            return Step(ms: ms, input: .pointer(PointerEvent(phase, finger: finger, at: try point(object), time: ms / 1000)))
        case "wheel":
            // A trace's dy counts as SDL does: positive away from the user.
            return Step(ms: ms, input: .wheel(notches: -(try integer(object, "dy")), at: try point(object)))
        case "key":
            guard let key = object["key"] as? String, !key.isEmpty else { throw TraceProblem("missing \"key\"") }
            guard isKeyName(key) else {
                throw TraceProblem("\"\(key)\" is no SDL key name (e.g. Right, Left, Up, Down, Return, Space, Tab, Home, End, Escape)")
            }
            return Step(ms: ms, input: .key(key))
        case "encoder":
            return Step(ms: ms, input: .encoder(steps: try integer(object, "steps")))
        case "wait":
            return Step(ms: ms)
        case "remote":
            // A command as MQTT would bring it: `command` is the topic's last level, `zone` the
            // zone's level in `<base>/zone/<zone>/set/<command>`.
            guard let command = object["command"] as? String else { throw TraceProblem("missing \"command\"") }
            guard let payload = (object["payload"] ?? "") as? String else { throw TraceProblem("\"payload\" must be a string") }
            let zone = object["zone"] as? String
            if object["zone"] != nil, zone == nil { throw TraceProblem("\"zone\" must be a string: the zone's name or slug") }
            return Step(ms: ms, remote: RemoteMessage(what: command, payload: Array(payload.utf8),
                                                      retained: object["retained"] as? Bool ?? false,
                                                      afterReconnect: object["reconnected"] as? Bool ?? false, zone: zone))
        default:
            throw TraceProblem("unknown \"type\" \"\(type)\" (down, move, up, wheel, key, encoder, remote, wait, end)")
        }
    }

    private static func point(_ object: [String: Any]) throws -> Point {
        Point(x: try number(object, "x", in: -maxCoordinate...maxCoordinate),
              y: try number(object, "y", in: -maxCoordinate...maxCoordinate))
    }

    private static func number(_ object: [String: Any], _ key: String,
                               in range: ClosedRange<Double> = -1e9...1e9) throws -> Double {
        guard let value = object[key] else { throw TraceProblem("missing \"\(key)\"") }
        guard let number = JSONValue.finiteNumber(value) else { throw TraceProblem("\"\(key)\" must be a finite number") }
        guard range.contains(number) else {
            throw TraceProblem("\"\(key)\" must be between \(JSONValue.plain(range.lowerBound)) and "
                               + "\(JSONValue.plain(range.upperBound)), not \(JSONValue.plain(number))")
        }
        return number
    }

    private static func integer(_ object: [String: Any], _ key: String) throws -> Int {
        let value = try number(object, key)
        guard value == value.rounded() else { throw TraceProblem("\"\(key)\" must be a whole number") }
        return Int(value)
    }
}
