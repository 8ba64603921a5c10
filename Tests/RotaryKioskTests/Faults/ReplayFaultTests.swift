import Foundation
import Testing

/// Replays cost time in proportion to what happens in them, stop on a signal, and refuse
/// what they cannot play.
@Suite("Faults: replays")
struct ReplayFaultTests {
    @Test("a wait of 10¹² ms replays in moments, and a countdown across a long wait finishes on its second")
    func hugeWait() throws {
        var trace = Trace()
        trace.key("Return")  // Finnish sauna, 15 minutes
        trace.wait(1e12)
        trace.add(["type": "wait"])
        // Stepped frame by frame, 10¹² ms would take centuries: the run would be ended at its
        // timeout instead of exiting 0.
        let run = try ReplayRun.run(trace.text)
        #expect(run.status == 0, "\(run.stderr)")
        let timers = run.named("timer")
        try #require(timers.compactMap { $0["state"] as? String } == ["running", "finished", "idle"])
        let finishedAt = (timers[1]["t"] as? NSNumber)?.doubleValue ?? 0
        #expect(abs(finishedAt - 900_000) < 20, "finished at \(finishedAt) ms")
        // "Done" shows for done_seconds (600 by default), then the kiosk is idle again.
        let idleAt = (timers[2]["t"] as? NSNumber)?.doubleValue ?? 0
        #expect(abs(idleAt - 1_500_000) < 20, "idle at \(idleAt) ms")
        // Meanwhile its alarm sounded again every alarm_repeat_seconds (30): 19 times after the first.
        let alarms = run.named("feedback").filter { $0["kind"] as? String == "alarm" }.compactMap { ($0["t"] as? NSNumber)?.doubleValue }
        #expect(alarms.count == 20 && alarms.enumerated().allSatisfy { abs($1 - 900_000 - Double($0) * 30_000) < 20 }, "\(alarms)")
        #expect((run.named("exit").first?["t"] as? NSNumber)?.doubleValue == 1e12)
    }

    @Test("a paused countdown is cancelled after pause_timeout_seconds (300 by default)")
    func pauseTimesOut() throws {
        var trace = Trace()
        trace.key("Return")
        trace.wait(2_000)
        trace.key("Return")
        trace.wait(400_000)
        trace.add(["type": "wait"])
        let run = try ReplayRun.run(trace.text)
        let timers = run.named("timer")
        try #require(timers.compactMap { $0["state"] as? String } == ["running", "paused", "cancelled"])
        let pausedAt = (timers[1]["t"] as? NSNumber)?.doubleValue ?? 0
        let cancelledAt = (timers[2]["t"] as? NSNumber)?.doubleValue ?? 0
        #expect(abs(cancelledAt - pausedAt - 300_000) < 20)
        #expect(run.exitControl("button")?["label"] as? String == "Start")
    }

    @Test("an unknown key name is an error naming the line", arguments: ["NoSuchKey", "right arrow"])
    func unknownKey(name: String) throws {
        let run = try ReplayRun.run("{\"t\": 0, \"type\": \"key\", \"key\": \"Right\"}\n{\"t\": 5, \"type\": \"key\", \"key\": \"\(name)\"}\n")
        #expect(run.status == 1)
        #expect(run.stderr.contains("trace.jsonl:2: \"\(name)\" is no SDL key name"), "\(run.stderr)")
        #expect(run.events.isEmpty)
    }

    @Test("a finger left down ends the replay with an error; an \"end\" line stops it there as it stands; a line after it is refused")
    func fingerLeftDown() throws {
        let down = "{\"t\": 0, \"type\": \"down\", \"x\": 335, \"y\": 340}\n{\"t\": 100, \"type\": \"move\", \"x\": 387, \"y\": 347}\n"
        let forgotten = try ReplayRun.run(down)
        #expect(forgotten.status == 1 && forgotten.stderr.contains("never came to rest"), "\(forgotten.stderr)")
        let ended = try ReplayRun.run(down + "{\"t\": 400, \"type\": \"end\"}\n")
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect((ended.named("exit").first?["t"] as? NSNumber)?.doubleValue == 400)
        let after = try ReplayRun.run(down + "{\"t\": 400, \"type\": \"end\"}\n{\"t\": 500, \"type\": \"up\", \"x\": 387, \"y\": 347}\n")
        #expect(after.status == 1 && after.stderr.contains("trace.jsonl:4: a line after \"end\""), "\(after.stderr)")
        #expect(after.events.isEmpty)
    }

    @Test("SIGTERM and SIGINT end a replay promptly with 143 and 130, even while it waits for a hook",
          arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func signalEndsReplay(signal: Int32, status: Int32) throws {
        let dir = try KioskProcess.temporaryDirectory()
        let started = dir.appendingPathComponent("hook-started").path
        let config = try ConfigText.write(ConfigText.programs(["A", "B"], extra: """
            [hooks]
            on_selected = ["/bin/sh", "-c", "touch '\(started)'; exec sleep 20"]
            timeout_seconds = 30

            """), as: "k.toml", in: dir)
        var trace = Trace()
        trace.key("Right")
        let tracePath = try ConfigText.write(trace.text, as: "trace.jsonl", in: dir)
        let process = Process()
        process.executableURL = KioskProcess.executable
        process.arguments = ["--video-driver", "offscreen", "--replay", tracePath, "--config", config,
                             "--events-out", dir.appendingPathComponent("events.jsonl").path]
        process.standardError = FileHandle.nullDevice
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" && $0.key != "SDL_VIDEODRIVER" }
        try process.run()
        // The replay itself is over once its hook runs; the kiosk now waits for the hook.
        #expect(Polling.until(seconds: 10) { FileManager.default.fileExists(atPath: started) }, "the hook never started")
        kill(process.processIdentifier, signal)
        // Well before the hook's 20 s are up.
        let ended = Polling.until(seconds: 10) { !process.isRunning }
        if !ended { process.terminate() }
        process.waitUntilExit()
        #expect(ended, "still waiting for the hook")
        #expect(process.terminationReason == .exit && process.terminationStatus == status,
                "\(process.terminationReason) \(process.terminationStatus)")
    }
}
