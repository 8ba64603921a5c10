import Foundation
import RotaryKit
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// A heater's limits through the executable: the on-time cap against the dial, a remote start
/// and `extend`; the door against starts from afar; the state record and Home Assistant.
@Suite("Heater safety: the on-time cap and the cabin's door")
struct SafetyReplayTests {
    /// Sauna (60 minutes, under `[safety]`'s cap of 360) and Quick (15 minutes, its own cap
    /// of 30) on a dial of 15, 30, 60, 360 and 480 minutes, under `[mqtt] control = "full"`
    /// on `broker` (a closed port by default).
    static func config(in dir: URL, broker: String = "mqtt://127.0.0.1:9", doorSensor: Bool = false) throws -> String {
        try ConfigText.write("""
            [[program]]
            name = "Sauna"
            icon = "flame"
            minutes = 60
            [[program]]
            name = "Quick"
            icon = "steam"
            minutes = 15
            max_on_minutes = 30
            [dial]
            values = [15, 30, 60, 360, 480]
            [safety]
            max_on_minutes = 360
            door_sensor = \(doorSensor)
            [mqtt]
            broker = "\(broker)"
            id = "cabin-1"
            control = "full"
            """ + "\n", as: "kiosk.toml", in: dir)
    }

    static func run(_ trace: Trace, doorSensor: Bool = false) throws -> ReplayRun {
        let dir = try KioskProcess.temporaryDirectory()
        let run = try ReplayRun.run(trace.text, size: "800x480", extra: ["--config", try config(in: dir, doorSensor: doorSensor)])
        #expect(run.status == 0, "\(run.stderr)")
        return run
    }

    static func remote(_ t: inout Trace, _ what: String, _ payload: String = "") {
        t.remote(what, payload)
        t.wait(400)
    }

    @Test("the dial turned past the cap turns back to it; a remote start, minutes or extend past it is refused; within it they work")
    func capHolds() throws {
        let layout = ScreenLayout(width: 800, height: 480)
        let onDial = Point(x: layout.center.x, y: layout.center.y - (layout.dialInnerRadius + layout.dialOuterRadius) / 2)
        var t = Trace()
        t.wait(300)
        t.wheel(dy: -2, at: onDial)  // from Sauna's 60 two notches on: 480
        t.wait(1500)
        Self.remote(&t, "minutes", "480")
        Self.remote(&t, "start", "{\"minutes\": 480}")
        Self.remote(&t, "start", "{\"program\": \"Quick\", \"minutes\": 60}")
        Self.remote(&t, "start")                       // Sauna on the dial's 360, the cap
        Self.remote(&t, "extend", "30")
        Self.remote(&t, "cancel")
        Self.remote(&t, "start", "{\"minutes\": 30}")
        Self.remote(&t, "extend", "120")
        Self.remote(&t, "extend", "300")
        t.stamp()
        let run = try Self.run(t)
        let dial = run.named("selected").filter { $0["id"] as? String == "dial" }.compactMap { $0["label"] as? String }
        #expect(dial.prefix(2) == ["480", "360"], "the dial came to rest on 480 and turned back to the cap: \(dial)")
        let answers = RemoteControlReplayTests.answers(run)
        #expect(answers.map(\.0) == ["minutes", "start", "start", "start", "extend", "cancel", "start", "extend", "extend"])
        #expect(answers[0].1 == "480 minutes is over Sauna's limit of 360 minutes on ([safety] max_on_minutes)")
        #expect(answers[1].1 == "480 minutes is over Sauna's limit of 360 minutes on ([safety] max_on_minutes)")
        #expect(answers[2].1 == "60 minutes is over Quick's limit of 30 minutes on ([safety] max_on_minutes)")
        #expect(answers[3].1 == nil && answers[5].1 == nil && answers[6].1 == nil && answers[7].1 == nil)
        #expect(answers[4].1 == "30 minutes more would make 390 minutes on, over Sauna's limit of 360 ([safety] max_on_minutes)")
        #expect(answers[8].1 == "300 minutes more would make 450 minutes on, over Sauna's limit of 360 ([safety] max_on_minutes)")
        let timer = run.named("timer").map { "\($0["state"] as? String ?? "?") \((($0["seconds_total"] as? NSNumber)?.intValue ?? -1) / 60)" }
        #expect(timer == ["running 360", "cancelled 360", "running 30", "running 150"], "\(timer)")
    }

    @Test("with a door sensor, a remote start waits for closed and stops at open; a person at the panel still starts; the door wakes nothing")
    func door() throws {
        var t = Trace()
        t.wait(300)
        Self.remote(&t, "start")
        t.add(["type": "remote", "command": "door", "payload": "closed", "retained": true])  // a sensor's retained state
        t.wait(400)
        Self.remote(&t, "start")
        Self.remote(&t, "cancel")
        t.wait(1500)
        Self.remote(&t, "door", "\"open\"")
        Self.remote(&t, "start")
        Self.remote(&t, "resume")
        Self.remote(&t, "door", "ajar")
        t.tap(ScreenLayout(width: 800, height: 480).center)
        t.wait(500)
        t.stamp()
        let run = try Self.run(t, doorSensor: true)
        let answers = RemoteControlReplayTests.answers(run)
        #expect(answers.map(\.0) == ["start", "door", "start", "cancel", "door", "start", "resume", "door"])
        #expect(answers.map(\.1) == ["the door sensor has not said the cabin's door is closed", nil, nil, nil, nil,
                                     "the cabin's door is open", "the cabin's door is open", "door takes \"open\" or \"closed\""])
        let timer = run.named("timer").compactMap { $0["state"] as? String }
        #expect(timer == ["running", "cancelled", "running"], "the tap on the button started Sauna with the door open: \(timer)")
    }

    @Test("a retained door word never beats one heard live, and after a reconnect a retained one is old news")
    func retainedDoorAfterReconnect() throws {
        let answers = try Self.answers([.door("closed", .retained), .door("open", .live), .door("closed", .retainedAgain), .start,
                                        .door("closed", .live), .start])
        #expect(answers.map(\.0) == ["door", "door", "door", "start", "door", "start"])
        #expect(answers[3].1 == "the cabin's door is open", "the broker's old retained closed beat the live open: \(answers)")
        #expect(answers[5].1 == nil)

        // Never heard live: the retained word counts at the first connect, not after a reconnect.
        let retainedOnly = try Self.answers([.door("closed", .retained), .door("closed", .retainedAgain), .start])
        #expect(retainedOnly.last?.1 == "the door sensor has not said the cabin's door is closed", "\(retainedOnly)")

        // Live closed, then the door opened while the link was down: the broker's retained open
        // after the reconnect counts (an open door only ever keeps heating off).
        let openedMeanwhile = try Self.answers([.door("closed", .live), .door("open", .retainedAgain), .start])
        #expect(openedMeanwhile.last?.1 == "the cabin's door is open", "\(openedMeanwhile)")
    }

    /// What a replay with a door sensor hears, 400 ms apart: a door word as it came, or a start.
    enum DoorStep {
        case door(String, DoorNews)
        case start
    }

    /// The command answers (command, refusal or nil) of a replay that hears `steps`.
    static func answers(_ steps: [DoorStep]) throws -> [(String, String?)] {
        var t = Trace()
        t.wait(300)
        for step in steps {
            switch step {
            case .door(let word, .live):
                remote(&t, "door", word)
            case .door(let word, let news):
                t.add(["type": "remote", "command": "door", "payload": word, "retained": true, "reconnected": news == .retainedAgain])
                t.wait(400)
            case .start:
                remote(&t, "start")
            }
        }
        t.stamp()
        return RemoteControlReplayTests.answers(try run(t, doorSensor: true))
    }

    @Test("the state record and Home Assistant say whether remote start is ready, the door and the cap")
    func stateRecord() throws {
        let broker = try MqttBroker()
        let dir = try KioskProcess.temporaryDirectory()
        let listener = try broker.listen("rotary/cabin-1")
        var t = Trace()
        t.wait(500)
        Self.remote(&t, "door", "closed")
        t.wait(500)
        t.stamp()
        let config = try Self.config(in: dir, broker: "mqtt://127.0.0.1:\(broker.port)", doorSensor: true)
        let run = try ReplayRun.run(t.text, size: "800x480", extra: ["--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        let states = try listener.lines().filter { $0.hasPrefix("rotary/cabin-1/state ") }.compactMap(MqttTests.payload)
        let ready = states.map { "\($0["door"] as? String ?? "null") \($0["ready_for_remote_start"] as? Bool ?? false)" }
        #expect(ready.first == "null false" && ready.last == "closed true", "\(ready)")
        #expect((states.last?["max_on_minutes"] as? NSNumber)?.intValue == 360 && states.last?["armed"] as? Bool == false)
        let discovery = try #require(try broker.retained("homeassistant/device/cabin-1/config").flatMap { MqttTests.payload("t " + $0) })
        let components = discovery["cmps"] as? [String: [String: Any]] ?? [:]
        #expect(components["cabin-1_ready"]?["p"] as? String == "binary_sensor")
        #expect(components["cabin-1_ready"]?["value_template"] as? String == "{{ 'ON' if value_json.ready_for_remote_start else 'OFF' }}")
        #expect(components["cabin-1_armed"]?["state_topic"] as? String == "rotary/cabin-1/state")
    }

    @Test("a program whose minutes pass its cap is a config error at its line")
    func configCheck() throws {
        let (_, check) = try CheckConfigTests.check("""
            [[program]]
            name = "Sauna"
            minutes = 60
            max_on_minutes = 45
            [dial]
            values = [15, 30, 60]
            """ + "\n")
        #expect(check.status != 0)
        #expect(check.stdout.contains("program[0].minutes") && check.stdout.contains("60 is over its own max_on_minutes (45)"), "\(check.stdout)")
        // Within the cap as written, past it as the dial shows it.
        let (_, snapped) = try CheckConfigTests.check("[[program]]\nname = \"Sauna\"\nminutes = 53\n[dial]\nvalues = [50, 55]\n"
                                                      + "[safety]\nmax_on_minutes = 54\n")
        #expect(snapped.status != 0 && snapped.stdout.contains("53 (the dial shows it as 55) is over [safety] max_on_minutes (54)"),
                "\(snapped.stdout)")
    }
}
