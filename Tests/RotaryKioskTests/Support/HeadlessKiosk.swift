import Foundation

/// The real executable running live with `--headless` (until SIGTERM), its events going to a
/// file the test reads while it runs.
final class HeadlessKiosk {
    let directory: URL
    let process = Process()
    private let eventsPath: String

    /// Starts it with `config` and a state folder of its own (made by `prepare` first),
    /// `environment` laid over the test's own, through `wrapper` (a command that ends by
    /// running the executable it is given) when there is one, on a panel of `size`.
    /// `state` names the state folder (default: `state` in a new temporary folder).
    init(config: String, size: String = "320x240", environment: [String: String] = [:], wrapper: [String] = [],
         state: URL? = nil, prepare: (URL) throws -> Void = { _ in }) throws {
        directory = try KioskProcess.temporaryDirectory()
        eventsPath = directory.appendingPathComponent("events.jsonl").path
        let state = state ?? directory.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try prepare(state)
        let arguments = ["--headless", "--size", size, "--config", config, "--state-dir", state.path, "--events-out", eventsPath]
        process.executableURL = wrapper.first.map { URL(fileURLWithPath: $0) } ?? KioskProcess.executable
        process.arguments = wrapper.isEmpty ? arguments : wrapper.dropFirst() + [KioskProcess.executable.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: logPath)
        try process.run()
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    private var logPath: String { directory.appendingPathComponent("kiosk.log").path }

    /// What it wrote to standard error so far: its log.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// The events so far.
    var events: [[String: Any]] {
        ((try? String(contentsOfFile: eventsPath, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Waits up to `seconds` until the events so far satisfy `done`; whether they did.
    @discardableResult
    func waitUntil(seconds: Double = 15, _ done: ([[String: Any]]) -> Bool) -> Bool {
        Polling.until(seconds: seconds, every: 0.05) { done(events) }
    }

    /// Waits up to `seconds` for an event that `matches`; it, or nil.
    func wait(seconds: Double = 15, for matches: ([String: Any]) -> Bool) -> [String: Any]? {
        var found: [String: Any]?
        waitUntil(seconds: seconds) { events in
            found = events.first(where: matches)
            return found != nil
        }
        return found
    }

    /// SIGTERM, then its exit status (SIGKILL after 10 s).
    func stop() -> Int32 {
        KioskProcess.end(process, graceSeconds: 10)
        return process.terminationStatus
    }
}
