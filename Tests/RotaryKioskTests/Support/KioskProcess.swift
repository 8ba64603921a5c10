import Foundation

/// Runs the real `rotary-kiosk` executable built next to the test bundle.
struct KioskProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built executable, beside the running test binary; `ROTARY_KIOSK_EXECUTABLE` names
    /// another build instead (to show a test fails on an older commit).
    static var executable: URL {
        if let other = ProcessInfo.processInfo.environment["ROTARY_KIOSK_EXECUTABLE"], !other.isEmpty {
            return URL(fileURLWithPath: other)
        }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("rotary-kiosk").path), dir.path != "/" {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("rotary-kiosk")
    }

    /// Another executable of this package (an example), built beside the test binary.
    static func builtExecutable(named name: String) -> URL {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path), dir.path != "/" {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent(name)
    }

    /// Runs it (or `program`) with `arguments` and no display: DISPLAY and WAYLAND_DISPLAY are removed, so
    /// the run is headless whatever machine the tests run on.
    /// `environment` is laid over the test's own; `directory` is the working directory.
    static func runHeadless(_ arguments: [String], timeout: TimeInterval = 60, environment extra: [String: String] = [:],
                            directory: String? = nil, program: URL = executable) throws -> Outcome {
        var environment = ProcessInfo.processInfo.environment
        for key in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { environment.removeValue(forKey: key) }
        environment.merge(extra) { $1 }
        let process = Process()
        process.executableURL = program
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read while it runs: a child that writes more than a pipe holds must not wait for its end.
        let stdout = PipeReading(out), stderr = PipeReading(err)
        Polling.until(seconds: timeout, every: 0.01) { !process.isRunning }
        // Past the timeout: asked to stop, then killed, so a test never hangs.
        if process.isRunning { end(process, graceSeconds: 2) }
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: stdout.text(), stderr: stderr.text())
    }

    /// A pipe read to its end on a thread of its own.
    final class PipeReading: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()

        init(_ pipe: Pipe) {
            Thread { [self] in
                data = pipe.fileHandleForReading.readDataToEndOfFile()
                done.signal()
            }.start()
        }

        /// Everything read, once the pipe has ended.
        func text() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Sends `process` SIGTERM, and SIGKILL when it is still running `graceSeconds` later;
    /// returns once it has ended.
    static func end(_ process: Process, graceSeconds: Double) {
        process.terminate()
        Polling.until(seconds: graceSeconds, every: 0.01) { !process.isRunning }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// A fresh temporary directory for one test's files.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rotary-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
