import Foundation
import RotaryKit
import RotaryKiosk
import Testing

/// The whole timer flow, hooks and config handling, through the real executable.
@Suite("Timer flow, hooks and config through rotary-kiosk")
struct FlowReplayTests {
    static let centre = ScreenLayout(width: 1080, height: 1080).center

    func timers(_ run: ReplayRun) -> [[String: Any]] { run.named("timer") }
    func states(_ run: ReplayRun) -> [String] { timers(run).compactMap { $0["state"] as? String } }

    @Test("select, set, start, pause, resume, finish on the exact virtual second, acknowledge, start, stop")
    func wholeFlow() throws {
        var trace = Trace()
        trace.drag(center: Self.centre, radius: 160, from: -90, to: -90 + 135, milliseconds: 700)  // program 3: 5 min
        trace.wait(2000 - trace.ms)
        trace.key("Return")               // t = 2 s: start 5:00
        trace.wait(60_000)
        trace.key("Return")               // t = 62 s: pause with 4:00 left
        trace.wait(10_000)
        trace.key("Return")               // t = 72 s: resume; ends at 312 s
        trace.wait(243_000)
        trace.point("down", Point(x: Self.centre.x, y: 300))  // t = 315 s: acknowledge "done"
        trace.wait(100)
        trace.point("up", Point(x: Self.centre.x, y: 300))
        trace.wait(1000)
        trace.key("Return")               // start again
        trace.wait(1000)
        let stop = ScreenLayout(width: 1080, height: 1080).stopCenter
        trace.point("down", stop)  // hold Stop 2 s: cancel
        trace.wait(2000)
        trace.point("up", stop)
        let run = try ReplayRun.run(trace.text)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.selections("wheel") == [3])
        #expect(states(run) == ["running", "paused", "running", "finished", "idle", "running", "cancelled"])
        let all = timers(run)
        #expect((all[0]["seconds_total"] as? NSNumber)?.doubleValue == 300)
        #expect((all[0]["program"] as? String) == "Cold plunge")
        #expect(abs(((all[1]["seconds_left"] as? NSNumber)?.doubleValue ?? 0) - 240) < 0.02)
        let finishedAt = (all[3]["t"] as? NSNumber)?.doubleValue ?? 0
        #expect(abs(finishedAt - 312_000) <= 1000.0 / 60 + 0.5, "finished at \(finishedAt) ms")
        #expect(run.named("feedback").contains { $0["kind"] as? String == "alarm" })
        #expect(run.named("pressed").contains { $0["long"] as? Bool == true })
    }

    @Test("hooks get argv as configured and the values in environment variables, never in the command line")
    func hooksReceiveEnvironment() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let out = dir.appendingPathComponent("hook.env").path
        let canary = "/tmp/rk\(UInt32.random(in: 0...UInt32.max))"  // short: names are at most 60 characters
        let script = dir.appendingPathComponent("hook.sh").path
        try "#!/bin/sh\n{ echo \"ARGS=$*\"; env | grep '^ROTARY_' | sort; } > \"$1\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let config = dir.appendingPathComponent("k.toml").path
        try """
        [[program]]
        name = "Sauna $(touch \(canary))"
        minutes = 15
        [hooks]
        on_timer_started = ["\(script)", "\(out)", "fixed-arg"]
        """.write(toFile: config, atomically: true, encoding: .utf8)
        var trace = Trace()
        trace.key("Return")
        let run = try ReplayRun.run(trace.text, extra: ["--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        let env = try String(contentsOfFile: out, encoding: .utf8, orRecord: run.stderr)
        #expect(env.contains("ARGS=\(out) fixed-arg\n"))
        #expect(env.contains("ROTARY_EVENT=timer_started\n"))
        #expect(env.contains("ROTARY_PROGRAM=Sauna $(touch \(canary))\n"))
        #expect(env.contains("ROTARY_SECONDS=900\n"))
        #expect(env.contains("ROTARY_JSON={\"t\":"))
        #expect(!FileManager.default.fileExists(atPath: canary))
    }

    @Test("a hanging hook is killed at its timeout and the replay's events carry on; failing and flooding ones are logged")
    func hangingAndFailingHooks() throws {
        let config = try HookSetup.config(in: try KioskProcess.temporaryDirectory(), hooks: [
            "on_selected": ["/bin/sleep", "60"],
            "on_timer_started": ["/bin/false"],
            "on_pressed": ["/no/such/program"],
            "on_timer_paused": ["/usr/bin/yes", "flood"],
        ], timeoutSeconds: 1)
        var trace = Trace()
        trace.key("Right")
        trace.wait(2000)
        trace.key("Return")
        trace.wait(500)
        trace.key("Return")
        let started = Date()
        let run = try ReplayRun.run(trace.text, extra: ["--config", config])
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(run.status == 0)
        #expect(states(run) == ["running", "paused"])
        #expect(run.stderr.contains("on_selected: killed after 1.0 s timeout"))
        #expect(run.stderr.contains("on_timer_started: exited with status 1"))
        #expect(run.stderr.contains("on_pressed: /no/such/program not found"))
        #expect(run.stderr.contains("on_timer_paused: wrote more than 65536 bytes of output (drained)"))
    }

    @Test("a broken config is reported and the kiosk runs on the built-in one, with the service badge in a corner")
    func brokenConfig() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = dir.appendingPathComponent("broken.toml").path
        try "[[program]]\nname = \"\"\n[dial]\nvalues = [3]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shot = dir.appendingPathComponent("shot.png").path
        let run = try ReplayRun.run("", size: "800x480", extra: ["--config", config, "--screenshot", shot])
        #expect(run.status == 0)
        let errors = run.named("error").compactMap { $0["message"] as? String }
        #expect(errors.contains { $0.contains("broken.toml:2: error: program[0].name") })
        #expect(errors.contains { $0.contains("broken.toml:4: error: dial.values") })
        let wheel = try #require(run.exitControl("wheel"))
        #expect((wheel["items"] as? [Any])?.count == 8)
        let picture = try RotarySDLSurface.load(shot)
        #expect(picture.badgeAmberPixels(x: 0, y: 0, side: 60) > 60)  // the badge, in the rings' top-left corner
        #expect(picture.badgeAmberPixels(x: 800 - 60, y: 0, side: 60) == 0)
        #expect(picture.badgeAmberPixels(x: 40, y: 40, side: 400) == 0)  // nothing over the rings
    }

    @Test("with a state folder, a broken config falls back to the last good one")
    func lastGoodConfig() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let state = dir.appendingPathComponent("state").path
        let config = dir.appendingPathComponent("k.toml").path
        try "[[program]]\nname = \"Only one\"\nminutes = 5\n".write(toFile: config, atomically: true, encoding: .utf8)
        _ = try ReplayRun.run("", extra: ["--config", config, "--state-dir", state])
        try "[[program]]\nname = 42\n".write(toFile: config, atomically: true, encoding: .utf8)
        let run = try ReplayRun.run("", extra: ["--config", config, "--state-dir", state])
        let wheel = try #require(run.exitControl("wheel"))
        let labels = (wheel["items"] as? [[String: Any]])?.compactMap { $0["label"] as? String }
        #expect(labels == ["Only one"])
        #expect(run.named("error").contains { ($0["message"] as? String)?.contains("program[0].name") == true })
    }
}
