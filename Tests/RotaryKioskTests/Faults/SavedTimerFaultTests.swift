import Foundation
import Testing

/// Faults of the saved countdown and its folder, through the real executable: a hostile
/// `timer.json` never stops the kiosk, an unusable state folder only turns persistence off,
/// and a saved countdown is matched by its program's name.
@Suite("Faults: saved countdown and state folder")
struct SavedTimerFaultTests {
    func runWithSavedState(_ text: String, extra: [String] = []) throws -> ReplayRun {
        let dir = try KioskProcess.temporaryDirectory()
        try text.write(to: dir.appendingPathComponent("timer.json"), atomically: true, encoding: .utf8)
        return try ReplayRun.run("", extra: ["--state-dir", dir.path] + extra)
    }

    static let paused = #""version":1,"state":"paused","saved_at":1795263741,"program_index":1,"program":"Steam bath""#
    static let running = #""version":1,"state":"running","saved_at":1795263741,"program_index":1,"program":"Steam bath""#

    @Test("a number no Int can hold, a value out of range or an unknown version is an error event, never a crash", arguments: [
        "{\(paused),\"seconds_total\":600,\"seconds_left\":1e19}",
        "{\(paused),\"seconds_total\":1e19,\"seconds_left\":5}",
        "{\(running),\"seconds_total\":600,\"ends_at\":-1e19}",
        "{\(running),\"seconds_total\":600,\"ends_at\":1e300}",
        "{\(paused),\"seconds_total\":90000,\"seconds_left\":5}",
        "{\(paused),\"seconds_total\":600,\"seconds_left\":-5}",
        "{\(paused),\"seconds_total\":0,\"seconds_left\":0}",
        "{\"version\":2,\"state\":\"paused\",\"program_index\":1,\"program\":\"Steam bath\",\"seconds_total\":600,\"seconds_left\":5}",
        "{\"version\":1,\"state\":\"paused\",\"program_index\":1e19,\"program\":\"Steam bath\",\"seconds_total\":600,\"seconds_left\":5}",
        "{\"version\":1,\"state\":\"paused\",\"program_index\":-1,\"program\":\"Steam bath\",\"seconds_total\":600,\"seconds_left\":5}",
        "{\(paused),\"seconds_total\":true,\"seconds_left\":5}",
    ])
    func hostileNumbers(text: String) throws {
        let run = try runWithSavedState(text)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.named("timer").isEmpty)
        #expect(run.named("error").count == 1, "\(run.named("error"))")
        #expect(run.exitControl("button")?["label"] as? String == "Start")
    }

    @Test("programs reordered: the countdown resumes as the program it was, wherever that now stands")
    func matchedByName() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(ConfigText.programs(["Cold plunge", "Infrared", "Steam bath"]), as: "k.toml", in: dir)
        let run = try runWithSavedState("{\(Self.paused),\"seconds_total\":1200,\"seconds_left\":754}", extra: ["--config", config])
        let timer = try #require(run.named("timer").first)
        #expect(timer["program"] as? String == "Steam bath")
        #expect((timer["index"] as? NSNumber)?.intValue == 2)
        #expect((run.exitControl("wheel")?["selected"] as? NSNumber)?.intValue == 2)
        #expect(run.named("error").isEmpty)
    }

    @Test("a program gone from the config: the countdown finishes under its saved name, never another's")
    func programGone() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let marker = dir.appendingPathComponent("finished.txt").path
        let config = try ConfigText.write(ConfigText.programs(["Cold plunge", "Infrared"], extra: """
            [hooks]
            on_timer_finished = ["sh", "-c", "echo \\"$ROTARY_PROGRAM\\" > \(marker)"]
            """), as: "k.toml", in: dir)
        let state = try KioskProcess.temporaryDirectory()
        try "{\(Self.paused),\"seconds_total\":1200,\"seconds_left\":10}".write(to: state.appendingPathComponent("timer.json"), atomically: true, encoding: .utf8)
        // Paused: resume it with Return, then let it run out.
        var resume = Trace()
        resume.key("Return")
        resume.wait(15_000)
        resume.add(["type": "wait"])
        let run = try ReplayRun.run(resume.text, extra: ["--config", config, "--state-dir", state.path])
        #expect(run.named("timer").compactMap { $0["program"] as? String } == ["Steam bath", "Steam bath", "Steam bath"])
        #expect(run.named("timer").compactMap { $0["state"] as? String } == ["paused", "running", "finished"])
        #expect(run.named("error").contains { ($0["message"] as? String)?.contains("\"Steam bath\"") == true })
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "Steam bath\n")
    }

    @Test("an unusable state folder: the kiosk runs without persistence, says why and shows the badge", arguments: [
        "file", "file/below", "proc",
    ])
    func unusableStateFolder(kind: String) throws {
        let dir = try KioskProcess.temporaryDirectory()
        let file = try ConfigText.write("not a folder", as: "file", in: dir)
        let folder = kind == "proc" ? "/proc/rotary-no-such/state" : kind == "file" ? file : file + "/below"
        let shot = dir.appendingPathComponent("shot.png").path
        var trace = Trace()
        trace.key("Return")
        let run = try ReplayRun.run(trace.text, size: "800x480", extra: ["--state-dir", folder, "--screenshot", shot])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.named("timer").compactMap { $0["state"] as? String } == ["running"])
        #expect(run.named("error").contains { ($0["message"] as? String)?.contains("state folder") == true })
        #expect(try RotarySDLSurface.load(shot).badgeAmberPixels(x: 0, y: 0, side: 60) > 60)
    }

    @Test("no usable home: a live start with HOME unusable still shows the kiosk")
    func noHome() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let shot = dir.appendingPathComponent("shot.png").path
        let outcome = try KioskProcess.runHeadless(["--video-driver", "offscreen", "--screenshot", shot,
                                                    "--events-out", dir.appendingPathComponent("e.jsonl").path],
                                                   environment: ["HOME": "/proc/rotary-no-such-home", "XDG_STATE_HOME": "",
                                                                 "STATE_DIRECTORY": ""])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let events = try String(contentsOfFile: dir.appendingPathComponent("e.jsonl").path, encoding: .utf8)
        #expect(events.contains("state folder"))
        #expect(FileManager.default.fileExists(atPath: shot))
    }

    @Test("a save that fails is an error event and the badge, and leaves no temporary file behind")
    func failedSave() throws {
        let state = try KioskProcess.temporaryDirectory()
        // timer.json is a folder with something in it: the rename over it must fail.
        try FileManager.default.createDirectory(at: state.appendingPathComponent("timer.json/keep"),
                                                withIntermediateDirectories: true)
        var trace = Trace()
        trace.key("Return")
        trace.wait(500)
        trace.add(["type": "wait"])
        let run = try ReplayRun.run(trace.text, extra: ["--state-dir", state.path])
        #expect(run.status == 0)
        #expect(run.named("timer").compactMap { $0["state"] as? String } == ["running"])
        #expect(run.named("error").contains { ($0["message"] as? String)?.contains("cannot save the countdown") == true },
                "\(run.named("error"))")
        #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent("timer.json.tmp").path))
    }
}
