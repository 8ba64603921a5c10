import Foundation
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// Commands, Home Assistant discovery, `mqtt-forget` and `fleet` against a real Mosquitto,
/// with the kiosk running live (`--headless`).
@Suite("MQTT commands, discovery and the fleet view against a real Mosquitto broker")
struct MqttCommandTests {
    static func kiosk(_ broker: MqttBroker, control: String) throws -> HeadlessKiosk {
        let dir = try KioskProcess.temporaryDirectory()
        return try HeadlessKiosk(config: try MqttTests.config(broker, in: dir, extra: "control = \"\(control)\"\n"))
    }

    /// The `command` answers among `lines` (`topic payload`), as (command, reason or nil).
    static func answers(_ lines: [String]) -> [(String, String?)] {
        lines.filter { $0.hasPrefix("rotary/cabin-1/event ") }.compactMap(MqttTests.payload).filter { $0["event"] as? String == "command" }
            .map { ($0["command"] as? String ?? "?", $0["result"] as? String == "accepted" ? nil : $0["reason"] as? String) }
    }

    /// Waits until `count` answers came to `kiosk`.
    static func waitForAnswers(_ kiosk: HeadlessKiosk, _ count: Int) {
        _ = kiosk.waitUntil { events in events.filter { $0["event"] as? String == "command" }.count >= count }
    }

    @Test("full: a start over the wire runs; a retained start, bytes that are not UTF-8 and 10 kB are refused; the kiosk runs on")
    func commandsOverTheWire() throws {
        let broker = try MqttBroker()
        try broker.publish("rotary/cabin-1/set/start", "{}", retain: true)  // left behind on the broker
        let listener = try broker.listen("rotary/cabin-1")
        let kiosk = try Self.kiosk(broker, control: "full")
        Self.waitForAnswers(kiosk, 1)
        let binary = broker.directory.appendingPathComponent("binary")
        try Data([0x7B, 0xFF, 0xFE, 0x00, 0x7D]).write(to: binary)
        try broker.publish(["-t", "rotary/cabin-1/set/start", "-f", binary.path])
        try broker.publish("rotary/cabin-1/set/start", String(repeating: "9", count: 10_000))
        try broker.publish("rotary/cabin-1/set/start", "{\"program\":\"Sauna\",\"minutes\":2}")
        Self.waitForAnswers(kiosk, 4)
        #expect(kiosk.wait { $0["event"] as? String == "timer" } != nil)
        #expect(kiosk.process.isRunning)
        #expect(kiosk.stop() == 0)
        let lines = try listener.lines()
        #expect(Self.answers(lines).map(\.1) == [
            "retained commands are ignored (they would act again on every reconnect); publish it without retain",
            "the payload is not UTF-8 text", "the payload is over 4096 bytes", nil,
        ], "answered on <base>/event, in order")
        let running = lines.filter { $0.hasPrefix("rotary/cabin-1/state ") }.compactMap(MqttTests.payload).first { $0["state"] as? String == "running" }
        #expect(running?["seconds_total"] as? Double == 120)
    }

    @Test("none: a start is refused with its reason and nothing runs")
    func noneOverTheWire() throws {
        let broker = try MqttBroker()
        let kiosk = try Self.kiosk(broker, control: "none")
        _ = try broker.waitForRetained("rotary/cabin-1/availability") { $0 == "online" }
        try broker.publish("rotary/cabin-1/set/start", "")
        Self.waitForAnswers(kiosk, 1)
        #expect(kiosk.events.first { $0["event"] as? String == "command" }?["reason"] as? String
                == "remote control is off ([mqtt] control = \"none\")")
        #expect(!kiosk.events.contains { $0["event"] as? String == "timer" })
        #expect(kiosk.stop() == 0)
    }

    @Test("discovery: one retained device message, sent again when Home Assistant says online; fleet lists the kiosk; mqtt-forget clears it all")
    func discoveryFleetForget() throws {
        let broker = try MqttBroker()
        let dir = try KioskProcess.temporaryDirectory()
        let config = try MqttTests.config(broker, in: dir, extra: "control = \"full\"\n")
        let kiosk = try HeadlessKiosk(config: config)
        let topic = "homeassistant/device/cabin-1/config"
        let found = try broker.waitForRetained(topic) { $0 != nil }
        let message = try #require(found.flatMap { MqttTests.payload("t " + $0) })
        #expect((message["dev"] as? [String: Any])?["ids"] as? [String] == ["rotary_cabin-1"])
        #expect(message["availability_topic"] as? String == "rotary/cabin-1/availability")
        let components = try #require(message["cmps"] as? [String: [String: Any]])
        #expect(Set(components.values.compactMap { $0["p"] as? String }) == ["select", "number", "button", "sensor", "binary_sensor", "camera"])
        #expect(components["cabin-1_program"]?["options"] as? [String] == ["Sauna"])
        #expect(components["cabin-1_program"]?["command_topic"] as? String == "rotary/cabin-1/set/program")
        #expect(components["cabin-1_minutes"]?["min"] as? Int == 1 && components["cabin-1_minutes"]?["max"] as? Int == 5)
        #expect(["start", "pause", "cancel"].allSatisfy { components["cabin-1_\($0)"]?["p"] as? String == "button" })
        #expect(components["cabin-1_ends_at"]?["device_class"] as? String == "timestamp")
        #expect(components["cabin-1_time_left"]?["state_topic"] as? String == "rotary/cabin-1/state")

        try broker.publish(topic, "", retain: true)  // as if Home Assistant's broker lost it
        try broker.publish("homeassistant/status", "online")
        let again = try broker.waitForRetained(topic, seconds: 10) { $0 != nil }
        #expect(again == found, "sent again on homeassistant/status online")

        try broker.publish("rotary/cabin-1/set/start", "{\"minutes\":5}")
        _ = kiosk.wait { $0["event"] as? String == "timer" }
        let fleet = try KioskProcess.runHeadless(["fleet", "--broker", broker.url, "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(fleet.stdout.utf8)) as? [[String: Any]], "\(fleet.stderr)")
        #expect(rows.count == 1 && rows.first?["id"] as? String == "cabin-1" && rows.first?["online"] as? Bool == true)
        #expect(rows.first?["state"] as? String == "running")
        #expect(((rows.first?["seconds_left"] as? Int) ?? 0) > 290)

        #expect(kiosk.stop() == 0)
        let forget = try KioskProcess.runHeadless(["mqtt-forget", config])
        #expect(forget.status == 0, "\(forget.stderr)")
        for cleared in [topic, "rotary/cabin-1/state", "rotary/cabin-1/availability"] {
            #expect(try broker.retained(cleared) == nil, "\(cleared)")
        }
        let empty = try KioskProcess.runHeadless(["fleet", "--broker", broker.url, "--json"])
        #expect(empty.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }
}
