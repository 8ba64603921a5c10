import Foundation

/// `rotary-kiosk fleet --screenshot ID FILE`: asks one kiosk for its panel's picture
/// (`<base>/set/screenshot`) and writes the PNG it publishes on `<base>/screenshot` to a file,
/// or says why none came (the kiosk's refusal on `<base>/event`, or nothing in time).
enum FleetScreenshot {
    /// How long to wait for the picture, in seconds.
    static let seconds = 20.0

    /// Fetches the picture of the kiosk at topic `base` over `settings`' broker into `file`
    /// (written whole or not at all); what was written, for a person. Only a picture that
    /// answers this request counts: one the broker kept (retained, which a kiosk never
    /// sends: anyone may have put it there) or one that came before the request is passed over.
    static func fetch(_ settings: MqttSettings, base: String, into file: String) throws -> String {
        let inbox = Mailbox<(String, [UInt8])>()
        let pictureTopic = "\(base)/\(MqttTopicLevel.screenshot)", eventTopic = "\(base)/\(MqttTopicLevel.event)"
        let connection = try MqttToolConnection(settings, subscribing: [pictureTopic, eventTopic]) { topic, payload, retained in
            if !retained { inbox.post((topic, payload)) }
        }
        _ = inbox.drain()  // what came before the request answers somebody else's
        try connection.publish("\(base)/\(MqttTopicLevel.commands)/screenshot", "{}", retain: false)
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            _ = inbox.wait(upTo: end.timeIntervalSinceNow)
            for (topic, payload) in inbox.drain() {
                if topic == pictureTopic { return try write(payload, to: file) }
                if topic == eventTopic, let refusal = refusal(in: payload) { throw KioskError.mqtt("\(base) refused: \(refusal)") }
            }
        }
        throw KioskError.mqtt("no picture from \(base) within \(Int(seconds)) s: is it online (`fleet` shows it), "
                              + "and does its [mqtt] control take commands?")
    }

    /// Why no picture comes, from an event: a rejected `screenshot` command's reason, or an
    /// `error` of the screenshot's (busy, the link down); nil for any other event.
    static func refusal(in payload: [UInt8]) -> String? {
        guard let event = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any] else { return nil }
        if event["event"] as? String == "command", event["command"] as? String == "screenshot", event["result"] as? String == "rejected" {
            return event["reason"] as? String ?? "no reason given"
        }
        guard event["event"] as? String == "error", let message = event["message"] as? String, message.hasPrefix("screenshot: ") else { return nil }
        return String(message.dropFirst("screenshot: ".count))
    }

    /// Writes a PNG's `bytes` to `file` through a temporary file beside it; its size, for a person.
    private static func write(_ bytes: [UInt8], to file: String) throws -> String {
        guard let size = pngSize(bytes) else { throw KioskError.mqtt("the kiosk's picture is no PNG (\(bytes.count) bytes)") }
        do { try Data(bytes).write(to: URL(fileURLWithPath: file), options: .atomic) } catch {
            throw KioskError.cannotWrite(path: file)
        }
        return "\(file): \(size.width)x\(size.height) PNG, \(bytes.count) bytes"
    }

    /// A PNG's width and height from its header (nil: not a PNG).
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }
}
