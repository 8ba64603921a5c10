import Foundation
import Testing

/// Hooks are isolated from the app and from each other: each runs in its own process group
/// with a clean signal state and no inherited descriptors, is timed from its spawn whatever
/// its pipes do, and waits only behind runs of the same hook.
@Suite("Hook isolation through rotary-kiosk")
struct HookIsolationTests {
    /// Argv that appends `date +%s.%N` to the file at `path`.
    static func stamp(_ path: String) -> [String] { ["sh", "-c", "date +%s.%N >> \"$0\"", path] }

    /// Argv that writes what `command` prints (through `sh -c`) to the file at `path`.
    static func capture(_ command: String, into path: String) -> [String] { ["sh", "-c", "\(command) > \"$0\"", path] }

    @Test("50 selections with a hanging on_selected hook: every other hook runs on time, drops are counted, nothing is left")
    func burstWithHangingHook() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let sleep = HookSetup.uniqueSleep()
        let files = ["on_pressed", "on_timer_started", "on_timer_paused", "on_timer_resumed"]
            .map { ($0, dir.appendingPathComponent($0).path) }
        var hooks = Dictionary(uniqueKeysWithValues: files.map { ($0.0, Self.stamp($0.1)) })
        // Notes when the burst began, then hangs past its timeout, with a background child
        // holding its output pipe as well.
        let selected = dir.appendingPathComponent("on_selected").path
        hooks["on_selected"] = ["sh", "-c", "date +%s.%N >> \"$0\"; sleep \(sleep) & echo hi; sleep \(sleep)", selected]
        let config = try HookSetup.config(in: dir, hooks: hooks, timeoutSeconds: 1)
        var trace = Trace()
        for step in 0..<50 {
            trace.encoder(step.isMultiple(of: 2) ? 1 : -1)
            trace.wait(400)
        }
        for _ in 0..<3 {  // start, pause, resume: three presses
            trace.key("Return")
            trace.wait(500)
        }
        let run = try ReplayRun.run(trace.text, extra: ["--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(HookSetup.leftovers(sleeping: sleep).isEmpty)
        #expect(run.selections("wheel").count == 50)
        // A replay plays its events at once: every hook is due when the first selection is.
        let began = try #require(HookSetup.times(in: selected).first, "\(run.stderr)")
        for (name, path) in files {
            let times = HookSetup.times(in: path)
            #expect(times.count == (name == "on_pressed" ? 3 : 1), "\(name): \(times)\n\(run.stderr)")
            // Within its own 1 s timeout, with room for a loaded machine.
            #expect(times.allSatisfy { $0 - began < 1.5 }, "\(name) ran \(times.map { $0 - began }) s after the burst")
        }
        let drops = run.stderr.split(separator: "\n").filter { $0.contains("runs dropped, its queue of 16 was full") }
        #expect(!drops.isEmpty && drops.count <= 2, "\(run.stderr)")
        #expect(drops.allSatisfy { $0.contains("on_selected: ") })
    }

    @Test("a hook starts with no signal blocked and none ignored")
    func cleanSignalState() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let out = dir.appendingPathComponent("status").path
        let command = Self.capture("grep -E 'SigBlk|SigIgn' /proc/self/status", into: out)
        let config = try HookSetup.config(in: dir, hooks: ["on_timer_started": command], timeoutSeconds: 5)
        var trace = Trace()
        trace.key("Return")
        let run = try ReplayRun.run(trace.text, extra: ["--config", config])
        let status = try String(contentsOfFile: out, encoding: .utf8, orRecord: run.stderr)
        #expect(status == "SigBlk:\t0000000000000000\nSigIgn:\t0000000000000000\n")
    }

    @Test("a hook inherits no file descriptor of the app beyond standard input, output and error")
    func noInheritedDescriptors() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let out = dir.appendingPathComponent("fds").path
        let config = try HookSetup.config(in: dir, hooks: ["on_timer_started": Self.capture("ls /proc/self/fd", into: out)],
                                          timeoutSeconds: 5)
        var trace = Trace()
        trace.key("Return")
        let run = try ReplayRun.run(trace.text, extra: ["--config", config])
        let fds = try String(contentsOfFile: out, encoding: .utf8, orRecord: run.stderr).split(separator: "\n")
        #expect(Set(fds).isSubset(of: ["0", "1", "2", "3"]), "3 is the directory ls reads; the rest came from the app: \(fds)")
    }

    @Test("a hook that exits leaving a child on its output is killed as a group at its timeout, counted from the spawn")
    func leftoverKilledAtTimeout() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let sleep = HookSetup.uniqueSleep()
        let spawned = dir.appendingPathComponent("spawned").path, died = dir.appendingPathComponent("died").path
        // The background subshell notes when SIGTERM reaches it; its sleep holds the output pipe.
        let script = "date +%s.%N > \"$0\"; (trap 'date +%s.%N > \"$1\"; exit 0' TERM; sleep \(sleep) & wait) & echo hi"
        let config = try HookSetup.config(in: dir, hooks: ["on_timer_started": ["sh", "-c", script, spawned, died]],
                                          timeoutSeconds: 1)
        var trace = Trace()
        trace.key("Return")
        let run = try ReplayRun.run(trace.text, extra: ["--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(HookSetup.leftovers(sleeping: sleep).isEmpty)
        #expect(run.stderr.contains("on_timer_started: exited but left processes running; killed them at the 1.0 s timeout"),
                "\(run.stderr)")
        let start = try #require(HookSetup.times(in: spawned).first), end = try #require(HookSetup.times(in: died).first)
        #expect((0.8...2.5).contains(end - start), "SIGTERM came \(end - start) s after the spawn")
    }

    @Test("a hook that exists but is not executable is reported as such, not as not found")
    func notExecutable() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let script = dir.appendingPathComponent("hook.sh").path
        try "#!/bin/sh\ntrue\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o644)
        let config = try HookSetup.config(in: dir, hooks: ["on_timer_started": [script]], timeoutSeconds: 5)
        var trace = Trace()
        trace.key("Return")
        let run = try ReplayRun.run(trace.text, extra: ["--config", config])
        #expect(run.stderr.contains("on_timer_started: \(script) is not executable (chmod +x?)"), "\(run.stderr)")
        #expect(!run.stderr.contains("not found"))
    }
}
