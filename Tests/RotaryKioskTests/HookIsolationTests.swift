import Foundation
import Testing

/// How hooks are started, and what is reported when they cannot be.
@Suite("Hook isolation through rotary-kiosk")
struct HookIsolationTests {
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
