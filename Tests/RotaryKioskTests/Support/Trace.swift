import Foundation
import RotaryKit

/// Builds replay traces (JSON Lines) for the executable, in window pixels and milliseconds.
struct Trace {
    private(set) var lines: [String] = []
    private(set) var ms = 0.0

    mutating func add(_ fields: [String: Any]) {
        var object = fields
        object["t"] = (ms * 1000).rounded() / 1000
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        lines.append(String(decoding: data, as: UTF8.self))
    }

    mutating func wait(_ milliseconds: Double) { ms += milliseconds }
    /// A `wait` line now: the replay runs at least until this time.
    mutating func stamp() { add(["type": "wait"]) }

    mutating func point(_ type: String, _ p: Point, finger: Int = 0) {
        add(["type": type, "x": (p.x * 100).rounded() / 100, "y": (p.y * 100).rounded() / 100, "id": finger])
    }

    /// A drag around `center` at `radius` from `from` to `to` degrees over `milliseconds`,
    /// sampled every 8 ms, then a rest of `rest` ms and the finger lifted (unless `lift` is
    /// false: it stays on the screen).
    mutating func drag(center: Point, radius: Double, from: Double, to: Double, milliseconds: Double,
                       rest: Double = 100, finger: Int = 0, lift: Bool = true) {
        point("down", Degrees.point(at: from, radius: radius, around: center), finger: finger)
        let steps = max(1, Int(milliseconds / 8))
        for i in 1...steps {
            wait(milliseconds / Double(steps))
            point("move", Degrees.point(at: from + (to - from) * Double(i) / Double(steps), radius: radius, around: center),
                  finger: finger)
        }
        wait(rest)
        if lift { point("up", Degrees.point(at: to, radius: radius, around: center), finger: finger) }
    }

    mutating func key(_ name: String) { add(["type": "key", "key": name]) }

    /// Enter starts the selected program; 1.5 s later Enter pauses it, and the replay runs
    /// half a second on.
    static var startThenPause: Trace {
        var trace = Trace()
        trace.key("Return")
        trace.wait(1500)
        trace.key("Return")
        trace.wait(500)
        trace.stamp()
        return trace
    }
    /// A command as MQTT's `<base>/set/<what>` would bring it.
    mutating func remote(_ what: String, _ payload: String) { add(["type": "remote", "command": what, "payload": payload]) }
    /// A finger down and up again `hold` ms later at `p`.
    mutating func tap(_ p: Point, hold: Double = 80, finger: Int = 0) {
        point("down", p, finger: finger)
        wait(hold)
        point("up", p, finger: finger)
    }
    mutating func encoder(_ steps: Int) { add(["type": "encoder", "steps": steps]) }
    mutating func wheel(dy: Int, at p: Point) { add(["type": "wheel", "dy": dy, "x": p.x, "y": p.y]) }

    var text: String { lines.joined(separator: "\n") + "\n" }

    /// Interleaves several traces by time (for several fingers at once).
    static func merged(_ traces: [Trace]) -> String {
        let all = traces.flatMap(\.lines).map { line -> (Double, String) in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return ((object["t"] as! NSNumber).doubleValue, line)
        }
        return all.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            .map(\.element.1).joined(separator: "\n") + "\n"
    }
}

/// The events a replay printed, parsed.
struct ReplayRun {
    var status: Int32
    var stderr: String
    var events: [[String: Any]]
    var rawEvents: String

    /// Runs the executable on `trace` headless at `size` (and any extra arguments), through
    /// `wrapper` (a command that ends by running the executable it is given, as
    /// ``PrivateMounts/wrapper(_:)`` does) when there is one.
    static func run(_ trace: String, size: String = "1080x1080", extra: [String] = [], environment: [String: String] = [:],
                    directory: String? = nil, wrapper: [String] = []) throws -> ReplayRun {
        let dir = try KioskProcess.temporaryDirectory()
        let tracePath = dir.appendingPathComponent("trace.jsonl").path
        let eventsPath = dir.appendingPathComponent("events.jsonl").path
        try trace.write(toFile: tracePath, atomically: true, encoding: .utf8)
        let arguments = ["--video-driver", "offscreen", "--size", size, "--replay", tracePath, "--events-out", eventsPath] + extra
        let outcome = try wrapper.isEmpty
            ? KioskProcess.runHeadless(arguments, environment: environment, directory: directory)
            : KioskProcess.runHeadless(wrapper.dropFirst() + [KioskProcess.executable.path] + arguments, environment: environment,
                                       directory: directory, program: URL(fileURLWithPath: wrapper[0]))
        let raw = (try? String(contentsOfFile: eventsPath, encoding: .utf8)) ?? ""
        let events = raw.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        return ReplayRun(status: outcome.status, stderr: outcome.stderr, events: events, rawEvents: raw)
    }

    func named(_ name: String) -> [[String: Any]] { events.filter { $0["event"] as? String == name } }

    /// Indices of `selected` events for control `id`.
    func selections(_ id: String) -> [Int] {
        named("selected").filter { $0["id"] as? String == id }.compactMap { ($0["index"] as? NSNumber)?.intValue }
    }

    /// The time the running view shows in the `exit` line (nil: no countdown there).
    var exitTime: String? { named("exit").last?["time"] as? String }

    /// The control `id` in the `exit` line.
    func exitControl(_ id: String) -> [String: Any]? {
        (named("exit").last?["controls"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    /// How far (degrees) the selected item of ring `id` rests from the marker at exit.
    func exitOffCentre(_ id: String) -> Double? {
        guard let ring = exitControl(id), let selected = (ring["selected"] as? NSNumber)?.intValue,
              let items = ring["items"] as? [[String: Any]], let marker = (ring["marker_deg"] as? NSNumber)?.doubleValue,
              let centre = (items[selected]["center_deg"] as? NSNumber)?.doubleValue else { return nil }
        return abs(Degrees.normalized(centre - marker))
    }
}
