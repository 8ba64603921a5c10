import Foundation
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

@Suite("MQTT against a real Mosquitto broker: availability, the will, retained state, events")
struct MqttTests {
    /// One program of one minute on a dial of 1, 2 and 5, on `broker` (through `scheme`) as
    /// `cabin-1`, with `extra` lines in `[mqtt]`.
    static func config(_ broker: MqttBroker, in dir: URL, scheme: String = "mqtt", extra: String = "") throws -> String {
        try ConfigText.write(ConfigText.programs(["Sauna"], minutes: 1, extra: """
            [dial]
            values = [1, 2, 5]
            [mqtt]
            broker = "\(scheme)://127.0.0.1:\(broker.port)"
            id = "cabin-1"
            """ + "\n" + extra), as: "kiosk.toml", in: dir)
    }

    /// The JSON object in a `topic payload` line.
    static func payload(_ line: String) -> [String: Any]? {
        guard let space = line.firstIndex(of: " ") else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(line[line.index(after: space)...].utf8)) as? [String: Any]
    }

    @Test("a replayed start reaches the broker: online, the state as it changes, each event; the end says offline, the state stays")
    func replayToBroker() throws {
        let broker = try MqttBroker()
        let dir = try KioskProcess.temporaryDirectory()
        let listener = try broker.listen("rotary/cabin-1")
        var t = Trace()
        t.wait(500)
        t.key("Return")
        t.wait(2500)
        t.stamp()
        let run = try ReplayRun.run(t.text, size: "800x480", extra: ["--config", try Self.config(broker, in: dir)])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try listener.lines()
        #expect(lines.first == "rotary/cabin-1/availability online")
        #expect(lines.last == "rotary/cabin-1/availability offline")
        let events = lines.filter { $0.hasPrefix("rotary/cabin-1/event ") }.compactMap(Self.payload)
        #expect(events.map { $0["event"] as? String } == run.events.filter { $0["event"] as? String != "ready" && $0["event"] as? String != "exit" }
            .map { $0["event"] as? String }, "every event line, in order")
        let states = lines.filter { $0.hasPrefix("rotary/cabin-1/state ") }.compactMap(Self.payload)
        #expect(states.first?["state"] as? String == "idle")
        #expect(states.compactMap { ($0["seconds_left"] as? NSNumber)?.intValue }.suffix(3) == [60, 59, 58], "once a second")
        let retained = try #require(try broker.retained("rotary/cabin-1/state").flatMap { Self.payload("t " + $0) })
        #expect(retained["state"] as? String == "running" && retained["program"] as? String == "Sauna")
        #expect((retained["ends_at"] as? String)?.hasSuffix("Z") == true)
        let version = try KioskProcess.runHeadless(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!version.isEmpty && retained["version"] as? String == version, "the fleet sees which build each kiosk runs")
        #expect(try broker.retained("rotary/cabin-1/availability") == "offline")
    }

    @Test("the state record is there from the start: a replay with no input at all still leaves it, retained")
    func stateAtStart() throws {
        let broker = try MqttBroker()
        let dir = try KioskProcess.temporaryDirectory()
        let run = try ReplayRun.run("", size: "800x480", extra: ["--config", try Self.config(broker, in: dir)])
        #expect(run.status == 0, "\(run.stderr)")
        let retained = try #require(try broker.retained("rotary/cabin-1/state").flatMap { Self.payload("t " + $0) })
        #expect(retained["state"] as? String == "idle" && retained["program"] as? String == "Sauna")
    }

    @Test("a headless kiosk says online (retained); killed with -9 it is offline by its will")
    func willOnKill() throws {
        let broker = try MqttBroker()
        let dir = try KioskProcess.temporaryDirectory()
        let kiosk = try HeadlessKiosk(config: try Self.config(broker, in: dir))
        let online = try broker.waitForRetained("rotary/cabin-1/availability") { $0 == "online" }
        #expect(online == "online")
        kill(kiosk.process.processIdentifier, SIGKILL)
        kiosk.process.waitUntilExit()
        let offline = try broker.waitForRetained("rotary/cabin-1/availability", seconds: 10) { $0 == "offline" }
        #expect(offline == "offline", "the broker published the will")
    }

    @Test("with no broker there the replay runs through, says why once, and ends within the goodbye's wait")
    func noBroker() throws {
        let broker = try MqttBroker()
        broker.stop()  // its port, now with nobody listening
        let dir = try KioskProcess.temporaryDirectory()
        var t = Trace()
        t.wait(500)
        t.key("Return")
        t.wait(1000)
        t.stamp()
        let started = Date()
        let run = try ReplayRun.run(t.text, size: "800x480", extra: ["--config", try Self.config(broker, in: dir)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.named("timer").first?["state"] as? String == "running")
        let errors = run.named("error").compactMap { $0["message"] as? String }.filter { $0.hasPrefix("MQTT: cannot reach") }
        #expect(errors.count == 1, "\(run.named("error"))")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("a port that takes the connection and never answers it is an error line, not silent retries")
    func silentBroker() throws {
        let listener = try SilentListener()
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(ConfigText.programs(["Sauna"], extra: """
            [mqtt]
            broker = "mqtt://127.0.0.1:\(listener.port)"
            id = "cabin-1"
            """ + "\n"), as: "kiosk.toml", in: dir)
        let kiosk = try HeadlessKiosk(config: config)
        let error = kiosk.wait(seconds: 30) { ($0["message"] as? String)?.contains("no MQTT CONNACK") == true }
        #expect(error != nil, "\(kiosk.events.filter { $0["event"] as? String == "error" })\n\(kiosk.log)")
        #expect(kiosk.stop() == 0)
    }

    @Test("each bad [mqtt] value is an error naming its key", arguments: [
        ("[mqtt]\nid = \"x\"\n", "mqtt.broker"),
        ("[mqtt]\nbroker = \"http://example.com\"\n", "mqtt.broker"),
        ("[mqtt]\nbroker = \"mqtt://host:99999\"\n", "mqtt.broker"),
        ("[mqtt]\nbroker = \"mqtt://host\"\nid = \"a/b\"\n", "mqtt.id"),
        ("[mqtt]\nbroker = \"mqtt://host\"\nbase_topic = \"kiosks/#\"\n", "mqtt.base_topic"),
        ("[mqtt]\nbroker = \"mqtt://host\"\ncontrol = \"yes\"\n", "mqtt.control"),
        ("[mqtt]\nbroker = \"mqtt://host\"\npassword_file = \"/etc/rotary/pw\"\n", "mqtt.password_file"),
    ] as [(String, String)])
    func configErrors(toml: String, key: String) {
        let outcome = ConfigLoader.load(text: ConfigTests.oneProgram + toml, file: "k.toml")
        #expect(outcome.config == nil)
        #expect(outcome.errors.contains { $0.key == key }, "\(outcome.problems)")
    }

    @Test("MQTT's files are taken from the config's folder, as art files are")
    func relativeFiles() throws {
        let outcome = ConfigLoader.load(text: ConfigTests.oneProgram + """
            [mqtt]
            broker = "mqtts://host"
            username = "kiosk"
            password_file = "secret/password"
            ca_file = "/etc/ssl/ca.pem"
            """, file: "/etc/rotary/kiosk.toml")
        let mqtt = try #require(outcome.config?.mqtt, "\(outcome.problems)")
        #expect(mqtt.passwordFile == "/etc/rotary/secret/password")
        #expect(mqtt.caFile == "/etc/ssl/ca.pem")
    }

    @Test("the broker URL's forms: scheme, default ports, IPv6")
    func brokerURLs() throws {
        let plain = try #require(MqttSettings(broker: "mqtt://kiosk-broker.local", id: "a"))
        #expect(plain.host == "kiosk-broker.local" && plain.port == 1883 && !plain.tls && plain.baseTopic == "rotary/a")
        let tls = try #require(MqttSettings(broker: "mqtts://10.0.0.2:8884", id: "a"))
        #expect(tls.host == "10.0.0.2" && tls.port == 8884 && tls.tls)
        let six = try #require(MqttSettings(broker: "mqtt://[::1]:1884", id: "a"))
        #expect(six.host == "::1" && six.port == 1884)
        #expect(MqttSettings(broker: "mqtt://", id: "a") == nil)
        #expect(MqttSettings(broker: "mqtt://host:", id: "a") == nil)
    }
}
