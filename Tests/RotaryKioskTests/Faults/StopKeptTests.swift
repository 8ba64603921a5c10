import Foundation
import Testing

/// A heater behind the kiosk: a person's stop is never undone by a restart (a full or
/// read-only state folder, the save tried again until it lands, the change kept in the runtime
/// folder meanwhile), and a restart never gives back more time than the countdown had or than
/// its on-time cap allows, whichever way the wall clock jumped.
@Suite("A stop is kept and a resume stays within the cap, through the executable")
struct StopKeptTests {
    /// Sauna (30 minutes) under `[safety] max_on_minutes = 30`, remote control on `broker`.
    static func config(in dir: URL, broker: String = "mqtt://127.0.0.1:9") throws -> String {
        try ConfigText.write(ConfigText.programs(["Sauna"], minutes: 30, extra: """
            [dial]
            values = [15, 30]
            [safety]
            max_on_minutes = 30
            [mqtt]
            broker = "\(broker)"
            id = "cabin-1"
            control = "full"
            """ + "\n"), as: "kiosk.toml", in: dir)
    }

    /// A running Sauna as `timer.json` keeps it in this boot (or `boot`, a field): `total` and
    /// the checkpoint's `left` seconds, ending `endsIn` seconds from now.
    static func running(total: Double, left: Double, endsIn: Double, boot: String = ConfigText.thisBoot) -> String {
        let now = Date().timeIntervalSince1970
        return "{\"version\":1,\"state\":\"running\",\"saved_at\":\(now),\"program_index\":0,\"program\":\"Sauna\","
            + "\"seconds_total\":\(total),\"seconds_left\":\(left),\"ends_at\":\(now + endsIn),\(boot)}\n"
    }

    static func errors(_ run: ReplayRun) -> [String] { run.named("error").compactMap { $0["message"] as? String } }

    /// The replay of `trace` (nothing: just the start) with `state` as its state folder.
    static func replay(state: URL, _ trace: String = "", runtime: URL? = nil, wrapper: [String] = []) throws -> ReplayRun {
        let dir = try KioskProcess.temporaryDirectory()
        let environment = runtime.map { ["RUNTIME_DIRECTORY": $0.path] } ?? [:]
        let run = try ReplayRun.run(trace, size: "800x480", extra: ["--config", try config(in: dir), "--state-dir", state.path],
                                    environment: environment, wrapper: wrapper)
        #expect(run.status == 0, "\(run.stderr)")
        return run
    }

    /// The start of a kiosk whose state folder holds `saved` as `timer.json`, and the countdown
    /// it put back (its `timer` line), which must be running.
    static func resume(_ saved: String) throws -> (run: ReplayRun, timer: [String: Any]) {
        let run = try replay(state: try copy(saved))
        let timer = try #require(run.named("timer").first, "\(run.stderr)")
        #expect(timer["state"] as? String == "running")
        return (run, timer)
    }

    @Test("a saved countdown longer than the cap is cut to it, the time it ran counting, and says so")
    func resumeWithinCap() throws {
        let (run, timer) = try Self.resume(Self.running(total: 86_400, left: 86_000, endsIn: 86_000))
        #expect((timer["seconds_total"] as? NSNumber)?.doubleValue == 1800)
        // 400 s of heat ran before the restart: 1400 s are left of the 30-minute cap.
        let left = (timer["seconds_left"] as? NSNumber)?.doubleValue ?? 0
        #expect(left > 1399 && left <= 1400, "\(left) s left")
        #expect(Self.errors(run).contains { $0.contains("over its limit of 30 minutes on") && $0.contains("cut to 23:20 left") },
                "\(Self.errors(run))")
    }

    @Test("a clock that is behind after a power cut gives back no more than the last checkpoint had")
    func clockBehind() throws {
        // 25 of 30 minutes ran, then the board came back with its clock 25 minutes behind.
        let (_, timer) = try Self.resume(Self.running(total: 1800, left: 300, endsIn: 1800))
        #expect((timer["seconds_left"] as? NSNumber)?.doubleValue == 300)
    }

    @Test("a running countdown is kept every 15 s, so a restart never gives back more than 15 s it already ran")
    func checkpoints() throws {
        let state = try KioskProcess.temporaryDirectory()
        var trace = Trace()
        trace.wait(300)
        trace.key("Return")
        trace.wait(40_000)
        trace.stamp()
        let run = try Self.replay(state: state, trace.text)
        #expect(run.named("timer").compactMap { $0["state"] as? String } == ["running"])
        let saved = try String(contentsOfFile: state.appendingPathComponent("timer.json").path, encoding: .utf8)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any])
        let left = (record["seconds_left"] as? NSNumber)?.doubleValue ?? 0
        #expect(record["state"] as? String == "running")
        #expect(left <= 1800 - 30 && left > 1800 - 41, "the last checkpoint had \(left) s left: \(saved)")
    }

    @Test("a running countdown kept before a power cut or reboot comes back paused and says why; one of this boot runs on",
          arguments: [("\"boot\":\"0b5e6c1a-0000-4000-8000-000000000000\"", "paused"), ("\"note\":\"no boot, as an older version kept it\"", "paused"),
                      (ConfigText.thisBoot, "running")])
    func otherBoot(boot: String, state: String) throws {
        let run = try Self.replay(state: try Self.copy(Self.running(total: 1800, left: 1500, endsIn: 1500, boot: boot)))
        let timer = try #require(run.named("timer").first, "\(run.stderr)")
        #expect(timer["state"] as? String == state)
        let left = (timer["seconds_left"] as? NSNumber)?.doubleValue ?? 0
        #expect(left > 1490 && left <= 1500)
        let said = Self.errors(run).contains { $0.contains("comes back paused, not running: the panel has restarted since it was saved") }
        #expect(said == (state == "paused"), "\(Self.errors(run))")
    }

    @Test("a running countdown in a full state folder comes back paused and says why: a stop could not be kept")
    func fullFolderComesBackPaused() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let saved = try ConfigText.write(Self.running(total: 1800, left: 1500, endsIn: 1500), as: "timer.json", in: dir)
        let state = dir.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let run = try Self.replay(state: state, wrapper: PrivateMounts.full(state.path, holding: saved))
        let timer = try #require(run.named("timer").first, "\(run.stderr)")
        #expect(timer["state"] as? String == "paused")
        let left = (timer["seconds_left"] as? NSNumber)?.doubleValue ?? 0
        #expect(left > 1490 && left <= 1500)
        #expect(Self.errors(run).contains { $0.contains("comes back paused, not running") && $0.contains("No space left on device") },
                "\(Self.errors(run))")
    }

    @Test("a stop that waits in the runtime folder beats the running countdown the state folder still holds, and is written there")
    func runtimeCopyWins() throws {
        let state = try KioskProcess.temporaryDirectory()
        let runtime = try KioskProcess.temporaryDirectory()
        try ConfigText.write(Self.running(total: 1800, left: 1500, endsIn: 1500), as: "timer.json", in: state)
        let cancelled = "{\"version\":1,\"state\":\"cancelled\",\"saved_at\":\(Date().timeIntervalSince1970)}\n"
        try ConfigText.write(cancelled, as: "timer.json", in: runtime)
        let run = try Self.replay(state: state, runtime: runtime)
        #expect(run.named("timer").isEmpty, "a cancelled countdown came back: \(run.named("timer"))")
        let kept = try String(contentsOfFile: state.appendingPathComponent("timer.json").path, encoding: .utf8)
        #expect(kept == cancelled)
        #expect(!FileManager.default.fileExists(atPath: runtime.appendingPathComponent("timer.json").path))
    }

    @Test("a cancel on a full disk is kept in the runtime folder, tried again until the space is back, and a restart resumes nothing")
    func cancelOnFullDisk() throws {
        let broker = try MqttBroker()
        let dir = try KioskProcess.temporaryDirectory()
        let state = dir.appendingPathComponent("state")
        let runtime = dir.appendingPathComponent("run")
        for folder in [state, runtime] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let kiosk = try HeadlessKiosk(config: try Self.config(in: dir, broker: broker.url), environment: ["RUNTIME_DIRECTORY": runtime.path],
                                      wrapper: PrivateMounts.small(state.path, kilobytes: 256), state: state)
        // The kiosk's own view of its state folder: the tmpfs in its mount namespace.
        let inside = "/proc/\(kiosk.process.processIdentifier)/root\(state.path)"
        let saved = inside + "/timer.json"
        #expect(kiosk.waitUntil { $0.contains { $0["event"] as? String == "ready" } }, "\(kiosk.log)")
        try broker.publish("rotary/cabin-1/set/start", "")
        #expect(Polling.until(seconds: 15, every: 0.05) { (try? String(contentsOfFile: saved, encoding: .utf8))?.contains("running") == true })
        let stale = try String(contentsOfFile: saved, encoding: .utf8)
        // The SD card fills up while the heater runs.
        let filler = inside + "/filler"
        FileManager.default.createFile(atPath: filler, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: filler))
        let block = Data(repeating: 0, count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        try handle.close()

        try broker.publish("rotary/cabin-1/set/cancel", "")
        #expect(kiosk.waitUntil { $0.contains { ($0["message"] as? String)?.contains("cannot save the countdown") == true } }, "\(kiosk.log)")
        let waiting = try String(contentsOfFile: runtime.appendingPathComponent("timer.json").path, encoding: .utf8)
        #expect(waiting.contains("\"cancelled\""), "\(waiting)")
        #expect(try String(contentsOfFile: saved, encoding: .utf8) == stale)

        // A restart now (the disk still full) takes the stop from the runtime folder: another
        // kiosk's start, with the stale state and a copy of that folder, as the unit's next start
        // would find them.
        let restarted = try Self.replay(state: try Self.copy(stale), runtime: try Self.copy(waiting))
        #expect(restarted.named("timer").isEmpty, "the cancelled countdown came back: \(restarted.named("timer"))")

        // The space comes back: the save lands by itself, and the runtime copy goes.
        try FileManager.default.removeItem(atPath: filler)
        #expect(Polling.until(seconds: 15, every: 0.1) { (try? String(contentsOfFile: saved, encoding: .utf8))?.contains("\"cancelled\"") == true },
                "\(kiosk.log)")
        #expect(Polling.until(seconds: 5, every: 0.05) { !FileManager.default.fileExists(atPath: runtime.appendingPathComponent("timer.json").path) })
        #expect(kiosk.stop() == 0)
    }

    /// A new state folder holding `timer` as `timer.json`.
    static func copy(_ timer: String) throws -> URL {
        let folder = try KioskProcess.temporaryDirectory()
        try ConfigText.write(timer, as: "timer.json", in: folder)
        return folder
    }
}
