import Foundation
import RotaryKit
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// Remote commands under each `[mqtt] control` mode, through the executable: a replay's
/// `remote` lines take the path MQTT commands take, on the replay's clock. (The broker is a
/// closed port: these tests are about the gate, MqttCommandTests about the wire.)
@Suite("Remote commands: the control gate, arming on the screen, validation")
struct RemoteControlReplayTests {
    /// Sauna (with a temperature, 60…100 °C in steps of 5) and Steam, on a dial of 1, 2, 5
    /// and 10 minutes, under `control`.
    static func config(control: String, in dir: URL) throws -> String {
        try ConfigText.write("""
            [[program]]
            name = "Sauna"
            icon = "flame"
            minutes = 5
            [program.setting]
            name = "Temperature"
            unit = "°C"
            min = 60
            max = 100
            step = 5
            default = 80
            [[program]]
            name = "Steam"
            icon = "steam"
            minutes = 2
            [dial]
            values = [1, 2, 5, 10]
            [mqtt]
            broker = "mqtt://127.0.0.1:9"
            id = "gate"
            control = "\(control)"
            arm_minutes = 2
            """, as: "kiosk.toml", in: dir)
    }

    static func run(_ trace: Trace, control: String) throws -> ReplayRun {
        let dir = try KioskProcess.temporaryDirectory()
        let run = try ReplayRun.run(trace.text, size: "800x480", extra: ["--config", try config(control: control, in: dir)])
        #expect(run.status == 0, "\(run.stderr)")
        return run
    }

    /// Each command's answer: its name and its reason (nil: accepted).
    static func answers(_ run: ReplayRun) -> [(String, String?)] {
        run.named("command").map { ($0["command"] as? String ?? "?", $0["result"] as? String == "accepted" ? nil : $0["reason"] as? String) }
    }

    @Test("full: each command does what a touch would; each impossible one is refused with its reason")
    func full() throws {
        var t = Trace()
        t.wait(300)
        for (what, payload) in [("program", "\"Steam\""), ("minutes", "10"), ("program", "\"Sauna\""), ("setting", "95"),
                                ("setting", "120"), ("minutes", "7"), ("program", "\"Nowhere\""), ("pause", ""),
                                ("start", ""), ("program", "\"Steam\""), ("start", "{}"), ("pause", "{}"), ("resume", ""),
                                ("cancel", ""), ("start", "{\"program\":\"Steam\",\"minutes\":1}"), ("cancel", "")] {
            t.wait(200)
            t.remote(what, payload)
        }
        t.wait(500)
        t.stamp()
        let run = try Self.run(t, control: "full")
        let answers = Self.answers(run)
        #expect(answers.map(\.0) == ["program", "minutes", "program", "setting", "setting", "minutes", "program", "pause", "start",
                                     "program", "start", "pause", "resume", "cancel", "start", "cancel"])
        #expect(answers.map { $0.1 == nil } == [true, true, true, true, false, false, false, false, true,
                                                false, false, true, true, true, true, true], "\(answers)")
        #expect(answers[4].1 == "120 is outside Sauna's temperature range, 60 to 100 °C")
        #expect(answers[5].1 == "7 minutes is not on the dial (1 to 10, in its steps)")
        #expect(answers[6].1 == "there is no program named \"Nowhere\"")
        #expect(answers[7].1 == "no countdown is running")
        #expect(answers[9].1 == "the controls are locked while a countdown runs")
        #expect(answers[10].1 == "a countdown is already running")
        let timers = run.named("timer")
        #expect(timers.map { $0["state"] as? String } == ["running", "paused", "running", "cancelled", "running", "cancelled"])
        let first = try #require(timers.first)
        #expect(first["program"] as? String == "Sauna" && first["seconds_total"] as? Double == 300, "the program brought its 5 minutes")
        #expect((first["setting"] as? [String: Any])?["value"] as? Double == 95)
        #expect(timers[4]["program"] as? String == "Steam" && timers[4]["seconds_total"] as? Double == 60)
        let wheel = run.named("selected").filter { $0["id"] as? String == "wheel" }.map { $0["label"] as? String }
        #expect(wheel.prefix(2) == ["Steam", "Sauna"], "a remote program is announced as a touch's would be")
    }

    @Test("none: every command is refused, and the screen shows no arming control")
    func none() throws {
        var t = Trace()
        t.wait(300)
        for what in RemoteCommand.names {
            t.wait(100)
            t.remote(what, what == "program" ? "\"Steam\"" : what == "minutes" || what == "extend" ? "2" : what == "setting" ? "70"
                : what == "update" ? "\"http://10.0.2.2/v2.raucb\"" : what == "door" ? "closed" : "")
        }
        t.stamp()
        let run = try Self.run(t, control: "none")
        #expect(Self.answers(run).map(\.0) == RemoteCommand.names)
        #expect(Self.answers(run).allSatisfy {
            $0.1 == ($0.0 == "update" ? "fleet updates are off ([mqtt] updates = \"none\")"
                : $0.0 == "door" ? nil : "remote control is off ([mqtt] control = \"none\")")
        }, "updates have a gate of their own; the door sensor's fact is taken under every control")
        #expect(run.named("timer").isEmpty)
        #expect(run.named("ready").first?["remote_arm"] == nil)
    }

    /// Where the arming control is, from the `ready` line.
    static func armControl(control: String = "armed") throws -> Point {
        var probe = Trace()
        probe.stamp()
        let ready = try #require(try Self.run(probe, control: control).named("ready").first)
        let arm = try #require(ready["remote_arm"] as? [String: Any])
        #expect(arm["armed"] as? Bool == false)
        return Point(x: try #require(arm["cx"] as? Double), y: try #require(arm["cy"] as? Double))
    }

    @Test("armed: start is refused until a person arms it on the screen; an accepted start uses the arming up; pause and cancel need none")
    func armedStart() throws {
        let arm = try Self.armControl()
        var t = Trace()
        t.wait(300)
        t.remote("start", "")  // not armed
        t.wait(200)
        t.tap(arm)
        t.wait(1000)
        t.remote("start", "{\"program\":\"Steam\"}")
        t.wait(1000)
        t.remote("pause", "")
        t.wait(500)
        t.remote("resume", "")  // starts heat again: needs arming, which the start used up
        t.wait(500)
        t.remote("cancel", "")
        t.wait(500)
        t.remote("start", "")
        t.stamp()
        let run = try Self.run(t, control: "armed")
        let answers = Self.answers(run)
        #expect(answers.map(\.0) == ["start", "start", "pause", "resume", "cancel", "start"])
        #expect(answers.map { $0.1 == nil } == [false, true, true, false, true, false], "\(answers)")
        #expect(answers[0].1 == "remote start is not armed: a person must arm it on the kiosk's screen first")
        #expect(run.named("remote").map { $0["state"] as? String } == ["armed", "disarmed"])
        #expect(run.named("remote").first?["seconds"] as? Double == 120)
        #expect(run.named("remote").last?["why"] as? String == "used")
        #expect(run.named("timer").map { $0["state"] as? String } == ["running", "paused", "cancelled"])
    }

    @Test("armed: a touch on the controls makes the screen in use for 30 s; the arming runs out after arm_minutes; a second tap disarms")
    func armedInUseAndExpiry() throws {
        let arm = try Self.armControl()
        var t = Trace()
        t.wait(300)
        t.tap(arm)
        t.wait(500)
        t.key("Right")  // someone turns the wheel
        t.wait(5000)
        t.remote("program", "\"Steam\"")
        t.wait(26_000)  // 31 s after the key
        t.remote("program", "\"Steam\"")
        t.wait(100_000)  // past the 2 minutes
        t.remote("start", "")
        for _ in 0..<3 {  // the screen dimmed meanwhile: the first tap only wakes it
            t.wait(500)
            t.tap(arm)
        }
        t.stamp()
        let run = try Self.run(t, control: "armed")
        let answers = Self.answers(run)
        #expect(answers.map { $0.1 } == ["someone is using the kiosk's screen", nil,
                                         "remote start is not armed: a person must arm it on the kiosk's screen first"])
        #expect(run.named("remote").map { "\($0["state"] ?? "")/\($0["why"] ?? "-")" } == ["armed/-", "disarmed/expired", "armed/-", "disarmed/tapped"])
        let expired = try #require(run.named("remote").dropFirst().first?["t"] as? Double)
        // The arming tap counts once its finger has lain still 35 ms (TouchFilter), on a 60 Hz frame.
        #expect(abs(expired - 300 - 35 - 120_000) < 20, "two minutes after the tap: \(expired)")
        #expect(run.named("timer").isEmpty)
    }

    @Test("armed, portrait: while a countdown holds the screen the arming control steps back for the running view; a tap on the time where it was arms nothing")
    func armingStepsBack() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try Self.config(control: "armed", in: dir)
        let ready = try #require(try ReplayRun.run("", size: "480x800", extra: ["--config", config]).named("ready").first)
        let arm = try #require(ready["remote_arm"] as? [String: Any])
        let at = Point(x: try #require(arm["cx"] as? Double), y: try #require(arm["cy"] as? Double))
        var t = Trace()
        t.wait(300)
        t.key("Return")
        t.wait(1000)
        t.tap(at)
        t.wait(500)
        t.stamp()
        let frame = dir.appendingPathComponent("frame.json").path
        let run = try ReplayRun.run(t.text, size: "480x800", extra: ["--config", config, "--draw-list-out", frame])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.named("remote").isEmpty, "\(run.named("remote"))")
        #expect(run.named("timer").map { $0["state"] as? String } == ["running"])
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: frame))) as? [String: Any])
        let targets = (record["targets"] as? [[String: Any]] ?? []).compactMap { $0["control"] as? String }
        #expect(!targets.contains("remote_arm"), "\(targets)")
    }

    @Test("armed: a start at the kiosk disarms; pause and cancel go through with a finger down; a tap that only wakes the screen counts as use")
    func armedLocal() throws {
        let arm = try Self.armControl()
        let corner = Point(x: 790, y: 10)  // on no control
        var t = Trace()
        t.wait(300)
        t.tap(arm)
        t.wait(31_000)
        t.key("Return")  // a person starts a countdown at the kiosk
        t.wait(1000)
        t.point("down", corner)
        t.remote("pause", "")
        t.remote("start", "")
        t.wait(100)
        t.point("up", corner)
        t.remote("cancel", "")
        t.wait(400_000)  // long enough to dim
        t.tap(corner)  // wakes the screen, nothing else
        t.wait(500)
        t.tap(arm)
        t.wait(5000)
        t.remote("program", "\"Steam\"")
        t.stamp()
        let run = try Self.run(t, control: "armed")
        #expect(run.named("remote").map { "\($0["state"] ?? "")/\($0["why"] ?? "-")" } == ["armed/-", "disarmed/local", "armed/-"])
        #expect(Self.answers(run).map(\.1) == [nil, "remote start is not armed: a person must arm it on the kiosk's screen first", nil,
                                               "someone is using the kiosk's screen"])
        #expect(run.named("timer").map { $0["state"] as? String } == ["running", "paused", "cancelled"])
    }

    @Test("hostile payloads are refused with a reason and change nothing", arguments: [
        ("start", "not json", "the payload is not JSON (a program's name is a JSON string: \"Steam bath\" in quotes)"),
        ("minutes", "\"ten\"", "minutes must be a number"),
        ("minutes", "2.5", "minutes must be a whole number of minutes"),
        ("minutes", "1e300", "minutes must be a whole number of minutes"),
        ("program", "42", "program must be a program's name as a JSON string"),
        ("program", "{\"name\":\"Sauna\"}", "program must be a program's name as a JSON string"),
        ("setting", "true", "setting must be a number"),
        ("start", "[1,2,3]", "start takes nothing, {} or an object with program, minutes, setting"),
        ("start", "{\"program\":\"Sauna\",\"heat\":\"max\"}", "start has no field \"heat\" (program, minutes, setting)"),
        ("start", "{\"minutes\":null}", "minutes must be a number"),
        ("cancel", "\"now\"", "cancel takes nothing or {}"),
        ("reboot", "", "unknown command; the commands are program, minutes, setting, start, pause, resume, cancel, extend, door, screenshot, update"),
        ("start", String(repeating: "x", count: 5000), "the payload is over 4096 bytes"),
        ("start", "{" + String(repeating: "[", count: 3000), "the payload is not JSON (a program's name is a JSON string: \"Steam bath\" in quotes)"),
    ] as [(String, String, String)])
    func hostile(what: String, payload: String, reason: String) throws {
        var t = Trace()
        t.wait(300)
        t.remote(what, payload)
        t.stamp()
        let run = try Self.run(t, control: "full")
        #expect(Self.answers(run).map(\.1) == [reason])
        #expect(run.named("timer").isEmpty && run.named("selected").isEmpty)
    }

    @Test("a retained command is refused: it would act again on every reconnect")
    func retained() throws {
        var t = Trace()
        t.wait(300)
        t.add(["type": "remote", "command": "start", "payload": "", "retained": true])
        t.stamp()
        let run = try Self.run(t, control: "full")
        #expect(Self.answers(run).map(\.1) == ["retained commands are ignored (they would act again on every reconnect); publish it without retain"])
        #expect(run.named("timer").isEmpty)
    }
}
