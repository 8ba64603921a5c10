import Foundation
import RotaryKit
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// Remote commands with zones: each zone has its own arming and its own "in use", a command
/// names its zone, and over MQTT each zone has its own state, commands and Home Assistant
/// entities, summed up in the kiosk's state and the fleet view.
@Suite("Zones: remote commands, MQTT, Home Assistant and the fleet view")
struct ZoneRemoteTests {
    static let zones = "[[zone]]\nname = \"Cabin 1\"\n[[zone]]\nname = \"Cabin 2\"\n"

    @Test("armed per zone: arming Cabin 2 lets a start through to it while a person uses Cabin 1; Cabin 1, not armed, refuses")
    func armedPerZone() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(try String(contentsOfFile: try RemoteControlReplayTests.config(control: "armed", in: dir),
                                                     encoding: .utf8) + "\n" + Self.zones, as: "zones.toml", in: dir)
        let layout = ScreenLayout(width: 800, height: 480, hasSetting: true, zones: 2)
        var t = Trace()
        t.wait(500)
        t.tap(layout.zoneTiles[1].center)    // Cabin 2 shows
        t.wait(300)
        t.tap(layout.remoteArmCenter)        // and is armed
        t.wait(300)
        t.tap(layout.zoneTiles[0].center)    // a person goes on with Cabin 1
        t.wait(31_000)
        t.key("Right")                       // still at it: Cabin 1 in use
        t.wait(500)
        t.add(["type": "remote", "command": "start", "payload": "{}", "zone": "cabin-2"])
        t.add(["type": "remote", "command": "start", "payload": "{}", "zone": "Cabin 1"])
        t.add(["type": "remote", "command": "start", "payload": "{}"])
        t.add(["type": "remote", "command": "start", "payload": "{}", "zone": "sauna"])
        t.wait(1000)
        t.stamp()
        let run = try ReplayRun.run(t.text, size: "800x480", extra: ["--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        let answers = run.named("command").map { ($0["zone"] as? String, $0["reason"] as? String) }
        #expect(answers.count == 4)
        #expect(answers.first.map { $0.0 == "Cabin 2" && $0.1 == nil } == true, "\(answers)")
        #expect(answers.dropFirst().first?.1 == "remote start is not armed: a person must arm it on the kiosk's screen first")
        #expect(answers.dropFirst(2).first?.1?.hasPrefix("this kiosk has zones (Cabin 1, Cabin 2): send the command to "
                                                        + "<base>/zone/<zone>/set/start") == true, "\(answers)")
        #expect(answers.last?.1 == "there is no zone \"sauna\"; the zones are cabin-1, cabin-2")
        let armed = try #require(run.named("remote").first)
        #expect(armed["state"] as? String == "armed" && armed["zone"] as? String == "Cabin 2")
        #expect(run.named("remote").contains { $0["why"] as? String == "used" && $0["zone"] as? String == "Cabin 2" })
        let started = run.named("timer").filter { $0["state"] as? String == "running" }
        #expect(started.map { $0["zone"] as? String } == ["Cabin 2"])
        #expect(run.exitControl("zones").flatMap { $0["selected"] as? Int } == 0, "the screen stayed on the person's zone")
    }

    @Test("a replay ending on a command for a zone in the background runs until that zone's dial has turned back and rests")
    func backgroundMotionKeepsTheReplayGoing() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(try String(contentsOfFile: try RemoteControlReplayTests.config(control: "full", in: dir),
                                                     encoding: .utf8) + "\n" + Self.zones, as: "zones.toml", in: dir)
        var t = Trace()
        t.wait(100)
        t.add(["type": "remote", "command": "start", "payload": "{\"minutes\":10}", "zone": "cabin-2"])
        t.wait(300_000)
        t.add(["type": "remote", "command": "cancel", "payload": "", "zone": "cabin-2"])
        let run = try ReplayRun.run(t.text, size: "800x480", extra: ["--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.named("timer").last?["state"] as? String == "cancelled")
        let cancelledAt = (run.named("timer").last?["t"] as? NSNumber)?.doubleValue ?? 0
        let dial = run.named("selected").filter { $0["id"] as? String == "dial" && ($0["t"] as? NSNumber)?.doubleValue ?? 0 >= cancelledAt }
        #expect(dial.last?["label"] as? String == "10" && dial.last?["zone"] as? String == "Cabin 2",
                "Cabin 2's dial turned back from 5 to the 10 minutes set: \(dial)")
    }

    @Test("without zones a message on a zone's command topic is no command: it is not even answered")
    func noZonesIgnoresZoneTopics() throws {
        let broker = try MqttBroker()
        let kiosk = try MqttCommandTests.kiosk(broker, control: "full")
        _ = try broker.waitForRetained("rotary/cabin-1/availability") { $0 == "online" }
        try broker.publish("rotary/cabin-1/zone/cabin-1/set/start", "{}")
        try broker.publish("rotary/cabin-1/set/pause", "{}")
        MqttCommandTests.waitForAnswers(kiosk, 1)
        let answers = kiosk.events.filter { $0["event"] as? String == "command" }
        #expect(answers.map { $0["command"] as? String } == ["pause"], "\(answers)")
        #expect(!kiosk.events.contains { $0["event"] as? String == "timer" })
        #expect(kiosk.stop() == 0)
    }

    @Test("over MQTT: zone/<slug>/set/start starts that zone, each zone's state is retained on its topic, <base>/state lists the zones, discovery has entities per zone, the fleet view shows them")
    func overTheWire() throws {
        let broker = try MqttBroker()
        let dir = try KioskProcess.temporaryDirectory()
        let kiosk = try HeadlessKiosk(config: try MqttTests.config(broker, in: dir, extra: "control = \"full\"\n" + Self.zones))
        _ = try broker.waitForRetained("rotary/cabin-1/zone/cabin-2/state") { $0 != nil }
        try broker.publish("rotary/cabin-1/zone/cabin-2/set/start", "{\"minutes\":2}")
        let started = kiosk.wait { $0["event"] as? String == "timer" }
        #expect(started?["zone"] as? String == "Cabin 2" && started?["seconds_total"] as? Double == 120, "\(kiosk.log)")
        let zone = try broker.waitForRetained("rotary/cabin-1/zone/cabin-2/state") { $0?.contains("\"running\"") == true }
        let record = try #require(zone.flatMap { MqttTests.payload("t " + $0) })
        #expect(record["zone"] as? String == "Cabin 2" && record["program"] as? String == "Sauna")
        let summary = try broker.waitForRetained("rotary/cabin-1/state") { $0?.contains("\"running\"") == true }
        let kioskState = try #require(summary.flatMap { MqttTests.payload("t " + $0) })
        let listed = try #require(kioskState["zones"] as? [[String: Any]])
        #expect(listed.map { $0["slug"] as? String } == ["cabin-1", "cabin-2"])
        #expect(listed.map { $0["state"] as? String } == ["idle", "running"] && kioskState["state"] as? String == "running")

        let discovery = try #require(try broker.retained("homeassistant/device/cabin-1/config").flatMap { MqttTests.payload("t " + $0) })
        let components = try #require(discovery["cmps"] as? [String: [String: Any]])
        #expect(components["cabin-1_start_cabin_2"]?["command_topic"] as? String == "rotary/cabin-1/zone/cabin-2/set/start")
        #expect(components["cabin-1_state_cabin_1"]?["state_topic"] as? String == "rotary/cabin-1/zone/cabin-1/state")
        #expect(components["cabin-1_state_cabin_2"]?["name"] as? String == "Cabin 2 State")
        #expect(components["cabin-1_start"] == nil, "no entity for the kiosk as a whole: every one is a zone's")

        let fleet = try KioskProcess.runHeadless(["fleet", "--broker", "mqtt://127.0.0.1:\(broker.port)", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(fleet.stdout.utf8)) as? [[String: Any]], "\(fleet.stderr)")
        let zones = try #require(rows.first?["zones"] as? [[String: Any]])
        #expect(zones.map { $0["zone"] as? String } == ["Cabin 1", "Cabin 2"])
        #expect(zones.map { $0["state"] as? String } == ["idle", "running"])
        #expect(((zones[1]["seconds_left"] as? NSNumber)?.intValue ?? 0) > 100)
        #expect(kiosk.stop() == 0)
    }
}
