import Foundation
import Logging
import RotaryKit

/// Runs the config's hook commands for kiosk events, and the feedback command, on background
/// threads (at most four at once, so one hanging hook delays no other) and never on the
/// render thread. Each runs as an argv array (no shell), with the event's values in
/// environment variables, never in its command line. A hook that fails is logged; one that
/// runs past the timeout is killed; one that floods its output is drained and counted.
public final class HookRunner: @unchecked Sendable {
    private let hooks: KioskConfig.Hooks
    private let feedbackCommand: [String]?
    private let logger: Logger
    private let slots = DispatchSemaphore(value: 4)
    private let lock = NSLock()
    private var queued = 0
    /// At most this many runs wait; more are dropped (and logged), so a flood of events
    /// cannot pile up work without end.
    static let maxQueued = 32

    /// A runner for `hooks` and an optional feedback command.
    public init(hooks: KioskConfig.Hooks, feedbackCommand: [String]?, logger: Logger) {
        self.hooks = hooks
        self.feedbackCommand = feedbackCommand
        self.logger = logger
    }

    /// Starts the hook for `event`, if one is configured (`line` is its JSON line).
    public func handle(_ event: KioskEvent, line: JSONValue) {
        guard let (name, environment) = Self.hook(for: event) else { return }
        if name == "feedback" {
            if let argv = feedbackCommand { enqueue("feedback_command", argv, environment.merging(["ROTARY_JSON": line.text]) { $1 }) }
            return
        }
        guard let argv = hooks.commands[name] else { return }
        enqueue("on_\(name)", argv, environment.merging(["ROTARY_JSON": line.text]) { $1 })
    }

    /// Waits up to `seconds` for queued hooks to finish (at exit); the rest are abandoned.
    public func finish(waitingUpTo seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while pending > 0, Date() < deadline { usleep(10_000) }
        if pending > 0 { logger.warning("\(pending) hook(s) still running at exit were left behind") }
    }

    private var pending: Int {
        lock.lock()
        defer { lock.unlock() }
        return queued
    }

    /// The hook name and environment for an event, or nil when no hook follows it.
    static func hook(for event: KioskEvent) -> (String, [String: String])? {
        switch event {
        case .control(.selected(let id, let index, let label, _)):
            return ("selected", ["ROTARY_EVENT": "selected", "ROTARY_ID": id, "ROTARY_INDEX": String(index), "ROTARY_LABEL": label])
        case .control(.pressed(let id)):
            return ("pressed", ["ROTARY_EVENT": "pressed", "ROTARY_ID": id])
        case .timer(let r):
            let name = switch r.state {
            case .running: r.previous == .paused ? "timer_resumed" : "timer_started"
            case .paused: "timer_paused"
            case .finished: "timer_finished"
            case .cancelled: "timer_cancelled"
            case .idle: ""
            }
            guard !name.isEmpty else { return nil }
            return (name, ["ROTARY_EVENT": name, "ROTARY_STATE": r.state.rawValue, "ROTARY_PROGRAM": r.program,
                           "ROTARY_INDEX": String(r.programIndex), "ROTARY_SECONDS": String(Int(r.secondsTotal.rounded())),
                           "ROTARY_SECONDS_LEFT": String(Int(r.secondsLeft.rounded(.up)))])
        case .feedback(let kind):
            return ("feedback", ["ROTARY_EVENT": "feedback", "ROTARY_FEEDBACK": kind.rawValue])
        default:
            return nil
        }
    }

    private func enqueue(_ name: String, _ argv: [String], _ environment: [String: String]) {
        lock.lock()
        guard queued < Self.maxQueued else {
            lock.unlock()
            logger.warning("\(name): \(Self.maxQueued) hooks already waiting; this one is dropped")
            return
        }
        queued += 1
        lock.unlock()
        DispatchQueue.global().async { [self] in
            slots.wait()
            run(name, argv, environment)
            slots.signal()
            lock.lock()
            queued -= 1
            lock.unlock()
        }
    }

    private func run(_ name: String, _ argv: [String], _ environment: [String: String]) {
        let environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let executable: String
        switch HookExecutable.locate(argv[0], searchPath: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin") {
        case .found(let path):
            executable = path
        case .notFound:
            logger.error("\(name): \(argv[0]) not found (not a file, not on PATH)")
            return
        case .notExecutable(let path):
            logger.error("\(name): \(path) is not executable (chmod +x?)")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(argv.dropFirst())
        process.environment = environment
        let output = OutputDrain()
        process.standardOutput = output.pipe
        process.standardError = output.pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            logger.error("\(name): cannot start \(executable): \(error)")
            return
        }
        let deadline = Date().addingTimeInterval(hooks.timeoutSeconds)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning {
            process.terminate()
            let grace = Date().addingTimeInterval(1)
            while process.isRunning, Date() < grace { usleep(5_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            logger.warning("\(name): killed after \(hooks.timeoutSeconds) s timeout")
        } else if process.terminationStatus != 0 {
            logger.warning("\(name): exited with status \(process.terminationStatus): \(output.firstLine)")
        }
        output.close()
        if output.overflowed { logger.warning("\(name): wrote more than \(OutputDrain.limit) bytes of output (drained)") }
    }
}

/// Reads a child's output as it comes, so it never blocks on a full pipe, keeping only the
/// first line for the log and counting the rest.
final class OutputDrain: @unchecked Sendable {
    static let limit = 64 * 1024
    let pipe = Pipe()
    private let lock = NSLock()
    private var kept = Data()
    private var total = 0

    init() {
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            guard let self, !chunk.isEmpty else { return }
            lock.lock()
            total += chunk.count
            if kept.count < 4096 { kept.append(chunk.prefix(4096 - kept.count)) }
            lock.unlock()
        }
    }

    var firstLine: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: kept, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "(no output)"
    }

    var overflowed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return total > Self.limit
    }

    func close() {
        pipe.fileHandleForReading.readabilityHandler = nil
    }
}
