import Foundation
import RotaryKit
import RotarySDL
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// The panel seen from afar: `set/screenshot` over a real Mosquitto broker, fetched with
/// `rotary-kiosk fleet --screenshot` from a headless kiosk, and opened.
@Suite("Remote screenshots over MQTT")
struct ScreenshotTests {
    /// One program on `broker` as `cabin-1` under `control`.
    static func config(_ broker: MqttBroker, control: String, in dir: URL) throws -> String {
        try MqttTests.config(broker, in: dir, extra: "control = \"\(control)\"\n")
    }

    @Test("a 1280×800 panel comes back as a 1080×675 PNG of what it shows: the green Start button at its centre, the name beside it")
    func fetched() throws {
        let broker = try MqttBroker()
        let dir = try KioskProcess.temporaryDirectory()
        let kiosk = try HeadlessKiosk(config: try Self.config(broker, control: "full", in: dir), size: "1280x800")
        _ = try broker.waitForRetained("rotary/cabin-1/availability") { $0 == "online" }
        let file = dir.appendingPathComponent("cabin-1.png").path
        let fetch = try KioskProcess.runHeadless(["fleet", "--broker", broker.url, "--screenshot", "cabin-1", file])
        #expect(fetch.status == 0, "\(fetch.stderr)\n\(kiosk.log)")
        #expect(fetch.stdout.contains("cabin-1.png: 1080x675 PNG"), "\(fetch.stdout)")
        let picture = try RotarySDLSurface.load(file)
        #expect(picture.width == 1080 && picture.height == 675)
        // Where the layout puts the button, scaled as the picture was.
        let layout = ScreenLayout(width: 1280, height: 800)
        let scale = 1080.0 / 1280
        // Halfway down the button, below its word.
        let button = picture.pixel(x: Int(layout.center.x * scale), y: Int((layout.center.y + layout.buttonRadius / 2) * scale))
        #expect(button.g > button.r + 30 && button.g > button.b + 20, "the Start button's green: \(button)")
        #expect(kiosk.events.contains { $0["event"] as? String == "screenshot" }, "the panel says it was looked at")
        #expect(kiosk.stop() == 0)
    }

    @Test("under control = \"none\" the kiosk refuses, and fleet says why and fails; the broker gets no picture")
    func refused() throws {
        let broker = try MqttBroker()
        let dir = try KioskProcess.temporaryDirectory()
        let kiosk = try HeadlessKiosk(config: try Self.config(broker, control: "none", in: dir))
        _ = try broker.waitForRetained("rotary/cabin-1/availability") { $0 == "online" }
        let file = dir.appendingPathComponent("none.png").path
        let fetch = try KioskProcess.runHeadless(["fleet", "--broker", broker.url, "--screenshot", "cabin-1", file])
        #expect(fetch.status != 0)
        #expect(fetch.stderr.contains("rotary/cabin-1 refused: remote control is off"), "\(fetch.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(kiosk.stop() == 0)
    }

    @Test("no picture while the service screen shows (its PIN pad) or a finger presses something; at rest one is taken")
    func refusedWhileOperatorOrFinger() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(ConfigText.programs(["Sauna"], minutes: 1, extra: """
            [dial]
            values = [1, 2, 5]
            [mqtt]
            broker = "mqtt://127.0.0.1:9"
            id = "cabin-1"
            control = "full"
            """ + "\n"), as: "kiosk.toml", in: dir)
        var service = ServiceTrace()
        service.trace.wait(300)
        service.cornerHold()
        service.trace.wait(500)
        service.trace.remote("screenshot", "")
        service.trace.wait(400)
        service.trace.stamp()
        let onService = try ReplayRun.run(service.trace.text, size: "800x480", extra: ["--config", config])
        #expect(onService.named("service").contains { $0["action"] as? String == "opened" }, "\(onService.named("service"))")
        #expect(RemoteControlReplayTests.answers(onService).map(\.1) == ["the service screen is open: its picture is the operator's"])
        #expect(onService.named("screenshot").isEmpty)

        let layout = ScreenLayout(width: 800, height: 480)
        var held = Trace()
        held.wait(300)
        held.point("down", layout.center)
        held.wait(200)
        held.remote("screenshot", "")
        held.wait(200)
        held.point("up", layout.center)
        held.wait(400)
        held.remote("screenshot", "")
        held.wait(400)
        held.stamp()
        let finger = try ReplayRun.run(held.text, size: "800x480", extra: ["--config", config])
        #expect(RemoteControlReplayTests.answers(finger).map(\.1)
                == ["a finger is on the kiosk's screen: its picture would show what it presses", nil])
        #expect(finger.named("screenshot").count == 1)
    }

    @Test("a flood of requests gets one picture: the next waits for the broker's acknowledgement and 5 s; each other is refused")
    func flood() throws {
        let broker = try MqttBroker()
        let dir = try KioskProcess.temporaryDirectory()
        let kiosk = try HeadlessKiosk(config: try Self.config(broker, control: "full", in: dir))
        _ = try broker.waitForRetained("rotary/cabin-1/availability") { $0 == "online" }
        let listener = try broker.listen("rotary/cabin-1")
        for _ in 0..<12 { try broker.publish("rotary/cabin-1/set/screenshot", "") }
        let refusals = { (events: [[String: Any]]) in
            events.filter { ($0["event"] as? String == "error") && (($0["message"] as? String)?.hasPrefix("screenshot: ") ?? false) }
        }
        #expect(kiosk.waitUntil { refusals($0).count >= 11 }, "\(refusals(kiosk.events))")
        #expect(kiosk.waitUntil { $0.filter { $0["event"] as? String == "screenshot" }.count == 12 })
        let pictures = try listener.lines().filter { $0.hasPrefix("rotary/cabin-1/screenshot ") }
        #expect(pictures.count == 1)
        #expect(refusals(kiosk.events).allSatisfy { ($0["message"] as? String ?? "").contains("this one is dropped") })
        #expect(kiosk.stop() == 0)
    }

    @Test("fleet --screenshot takes only a picture that answers its request, never one the broker kept")
    func retainedPictureIgnored() throws {
        let broker = try MqttBroker()
        let dir = try KioskProcess.temporaryDirectory()
        let kiosk = try HeadlessKiosk(config: try Self.config(broker, control: "none", in: dir))
        _ = try broker.waitForRetained("rotary/cabin-1/availability") { $0 == "online" }
        // A forged 64×64 picture left retained on the kiosk's screenshot topic.
        let forged = dir.appendingPathComponent("forged.png").path
        let draw = try KioskProcess.runHeadless(["--size", "64x64", "--screenshot", forged])
        #expect(draw.status == 0, "\(draw.stderr)")
        try broker.publish(["-t", "rotary/cabin-1/screenshot", "-r", "-f", forged])
        let file = dir.appendingPathComponent("got.png").path
        let fetch = try KioskProcess.runHeadless(["fleet", "--broker", broker.url, "--screenshot", "cabin-1", file])
        #expect(fetch.status != 0, "\(fetch.stdout)")
        #expect(fetch.stderr.contains("refused: remote control is off"), "\(fetch.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(kiosk.stop() == 0)
    }

    @Test("Home Assistant gets a camera on <base>/screenshot and a button that asks for one")
    func discovery() throws {
        let settings = try #require(MqttSettings(broker: "mqtt://h", id: "cabin-1"))
        let payload = HomeAssistantDiscovery.payload(settings, config: KioskConfig(), version: "v")
        let message = try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])
        let components = try #require(message["cmps"] as? [String: [String: Any]])
        #expect(components["cabin-1_screenshot"]?["p"] as? String == "camera")
        #expect(components["cabin-1_screenshot"]?["topic"] as? String == "rotary/cabin-1/screenshot")
        #expect(components["cabin-1_take_screenshot"]?["command_topic"] as? String == "rotary/cabin-1/set/screenshot")
    }

    @Test("a picture too big for its byte limit is halved until it fits; a PNG's size is read from its header")
    func limits() throws {
        var buffer = PixelBuffer(width: 1080, height: 1080)
        for i in buffer.pixels.indices { buffer.pixels[i] = UInt32.random(in: 0...UInt32.max) | 0xFF00_0000 }
        let picture = try Surface(buffer)
        let bytes = try ScreenshotSender.png(of: picture)
        #expect(bytes.count <= ScreenshotSender.maxBytes)
        let size = try #require(FleetScreenshot.pngSize(bytes))
        #expect(size.width == 540 && size.height == 540, "noise at 1080² takes 3.5 MB; at 540² it fits: \(size), \(bytes.count) bytes")
        #expect(FleetScreenshot.pngSize(Array("not a picture at all, longer than 24 bytes".utf8)) == nil)
    }
}
