
/// The `[mqtt]` section: where the broker is, who the kiosk is on it, and how much a remote
/// command may do. Without the section the kiosk has no MQTT link at all.
public struct MqttSettings: Equatable, Sendable {
    /// The broker's host name or address.
    public var host: String
    /// The broker's TCP port (1883 for `mqtt://`, 8883 for `mqtts://` unless the URL says).
    public var port: Int
    /// Whether the link is TLS (`mqtts://`).
    public var tls: Bool
    /// The kiosk's name on the broker: its client id and the last level of its base topic.
    public var id: String
    /// Where its topics live: `<base>/availability`, `<base>/state`, `<base>/event`.
    public var baseTopic: String
    /// Home Assistant's discovery prefix.
    public var discoveryPrefix = "homeassistant"
    public var username: String?
    /// A file holding the password (its first line), never the password itself.
    public var passwordFile: String?
    /// The CA certificate file that signs the broker's certificate (TLS; nil: the system's).
    public var caFile: String?
    /// The kiosk's own certificate and its key, for a broker that asks for one (TLS).
    public var certFile: String?
    public var keyFile: String?
    /// What commands from the broker may do.
    public var control = RemoteControl.none
    /// How long remote start stays armed after a person arms it at the kiosk, in minutes.
    public var armMinutes = 10.0
    /// Whether the fleet may update the kiosk (`<base>/set/update`).
    public var updates = FleetUpdates.none

    /// The settings for `broker` (`mqtt://host[:port]` or `mqtts://host[:port]`) with the
    /// kiosk named `id`; nil when the URL is not one of those.
    public init?(broker: String, id: String) {
        guard let url = Self.parse(broker) else { return nil }
        (host, port, tls) = url
        self.id = id
        baseTopic = "rotary/" + id
    }

    /// What a broker URL must be, for a message.
    package static let brokerRule = "mqtt://HOST[:PORT] or mqtts://HOST[:PORT] (TLS), such as mqtt://192.168.1.10 or mqtts://broker.example.com:8883"

    private static func parse(_ url: String) -> (String, Int, Bool)? {
        let tls: Bool
        let rest: Substring
        if url.hasPrefix("mqtts://") { (tls, rest) = (true, url.dropFirst(8)) } else if url.hasPrefix("mqtt://") {
            (tls, rest) = (false, url.dropFirst(7))
        } else { return nil }
        var host = rest, port = tls ? 8883 : 1883
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {  // [IPv6]:port
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let p = Int(after.dropFirst()) else { return nil }
                port = p
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            guard let p = Int(rest[rest.index(after: colon)...]) else { return nil }
            port = p
        }
        guard !host.isEmpty, (1...65535).contains(port),
              host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-_:".contains($0)) }) else { return nil }
        return (String(host), port, tls)
    }

    /// Whether `topic` can be published to: not empty, no wildcards (`+`, `#`), no empty
    /// level, no NUL, at most 200 bytes.
    package static func isTopic(_ topic: String) -> Bool {
        !topic.isEmpty && topic.utf8.count <= 200 && !topic.contains(where: { "+#\0".contains($0) })
            && !topic.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty }
    }
}
