import Foundation
import RotaryKit

/// One input of a replay trace (README, "Input replay").
public enum ReplayInput: Equatable, Sendable {
    /// A finger (`id`, default 0) down, moved or up at a window point.
    case pointer(PointerEvent.Phase, finger: Int, at: Point)
    /// Mouse-wheel notches over a point; `dy` as SDL counts it (positive: away from the user).
    case wheel(dy: Int, at: Point)
    /// A key by SDL's name ("Right", "Return", …).
    case key(String)
    /// Rotary-encoder steps (positive: clockwise) to the focused control.
    case encoder(steps: Int)
    /// Nothing: the replay just keeps running until this time.
    case wait
}

/// A parsed replay trace: inputs with their times, in order.
public struct ReplayTrace: Equatable, Sendable {
    /// Each input and its time in milliseconds since the start.
    public let steps: [(ms: Double, input: ReplayInput)]

    public static func == (a: ReplayTrace, b: ReplayTrace) -> Bool {
        a.steps.count == b.steps.count && zip(a.steps, b.steps).allSatisfy { $0.ms == $1.ms && $0.input == $1.input }
    }

    /// Reads and checks the trace at `path`.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw KioskError.cannotRead(path: path, reason: "no such file or not readable")
        }
        try self.init(text: String(decoding: data, as: UTF8.self), name: path)
    }

    /// Parses JSON Lines `text`; errors name `name` and the 1-based line number. Blank
    /// lines are skipped.
    public init(text: String, name: String) throws {
        var steps: [(ms: Double, input: ReplayInput)] = []
        var previous = 0.0
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            do {
                let step = try Self.parse(trimmed)
                guard step.ms >= previous else {
                    throw TraceProblem("\"t\" goes back in time (\(step.ms) after \(previous))")
                }
                previous = step.ms
                steps.append(step)
            } catch let problem as TraceProblem {
                throw KioskError.badTrace(path: name, line: offset + 1, reason: problem.reason)
            }
        }
        self.steps = steps
    }

    /// The time of the last input, in milliseconds (0 for an empty trace).
    public var endMs: Double { steps.last?.ms ?? 0 }

    private struct TraceProblem: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private static func parse(_ line: String) throws -> (ms: Double, input: ReplayInput) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw TraceProblem("not a JSON object")
        }
        let ms = try number(object, "t")
        guard ms >= 0 else { throw TraceProblem("\"t\" must not be negative") }
        guard let type = object["type"] as? String else { throw TraceProblem("missing \"type\"") }
        switch type {
        case "down", "move", "up":
            let phase: PointerEvent.Phase = type == "down" ? .down : type == "up" ? .up : .moved
            let finger = object["id"] == nil ? 0 : try integer(object, "id")
            return (ms, .pointer(phase, finger: finger, at: Point(x: try number(object, "x"), y: try number(object, "y"))))
        case "wheel":
            return (ms, .wheel(dy: try integer(object, "dy"), at: Point(x: try number(object, "x"), y: try number(object, "y"))))
        case "key":
            guard let key = object["key"] as? String, !key.isEmpty else { throw TraceProblem("missing \"key\"") }
            return (ms, .key(key))
        case "encoder":
            return (ms, .encoder(steps: try integer(object, "steps")))
        case "wait":
            return (ms, .wait)
        default:
            throw TraceProblem("unknown \"type\" \"\(type)\" (down, move, up, wheel, key, encoder, wait)")
        }
    }

    private static func number(_ object: [String: Any], _ key: String) throws -> Double {
        guard let value = object[key] else { throw TraceProblem("missing \"\(key)\"") }
        // JSON true/false also arrive as NSNumber, of Objective-C type "c" (char).
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
              number.doubleValue.isFinite else {
            throw TraceProblem("\"\(key)\" must be a finite number")
        }
        return number.doubleValue
    }

    private static func integer(_ object: [String: Any], _ key: String) throws -> Int {
        let value = try number(object, key)
        guard value == value.rounded(), abs(value) < 1e9 else { throw TraceProblem("\"\(key)\" must be a whole number") }
        return Int(value)
    }
}
