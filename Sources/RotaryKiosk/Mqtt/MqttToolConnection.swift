import CMosquitto
import Foundation

/// A connection to the broker for the command-line tools (`fleet`, `mqtt-forget`): it
/// connects and waits for the broker's answer, runs libmosquitto's own network thread (which
/// reconnects after a lost connection, and then subscribes again), hands every message on
/// its subscriptions to `received`, and publishes waiting for the broker's acknowledgement.
/// Not the kiosk's link: no will, no offline queue.
final class MqttToolConnection: @unchecked Sendable {
    /// A message as it arrived: its topic and its payload.
    typealias Received = @Sendable (_ topic: String, _ payload: [UInt8]) -> Void

    private let handle: OpaquePointer
    private let settings: MqttSettings
    private let received: Received
    private let condition = NSCondition()
    private let subscriptions: [String]
    private var answer: Int32?
    private var acknowledged: Set<Int32> = []
    /// Written on libmosquitto's thread, under `condition`.
    private var connectedNow = false

    /// Whether the connection is up now.
    var isConnected: Bool {
        condition.lock()
        defer { condition.unlock() }
        return connectedNow
    }

    /// Connects to `settings`' broker, subscribes to `subscriptions` (wildcards allowed, QoS 1)
    /// on this and every later connect, and waits at most `seconds` for the broker's answer;
    /// throws what went wrong (unreachable, a refused password, TLS).
    init(_ settings: MqttSettings, subscribing subscriptions: [String] = [], waitingUpTo seconds: Double = 10,
         received: @escaping Received) throws {
        self.settings = settings
        self.received = received
        self.subscriptions = subscriptions
        handle = try MqttClient.make(settings, id: nil, password: try MqttClient.password(settings))
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_connect_callback_set(handle) { _, user, code in (MqttClient.owner(user) as MqttToolConnection?)?.connected(code) }
        mosquitto_disconnect_callback_set(handle) { _, user, _ in (MqttClient.owner(user) as MqttToolConnection?)?.note { $0.connectedNow = false } }
        mosquitto_publish_callback_set(handle) { _, user, mid in
            (MqttClient.owner(user) as MqttToolConnection?)?.note { $0.acknowledged.insert(mid) }
        }
        mosquitto_message_callback_set(handle) { _, user, message in
            guard let message, let connection = MqttClient.owner(user) as MqttToolConnection?, let topic = message.pointee.topic else { return }
            connection.received(String(cString: topic), MqttClient.payload(of: message.pointee))
        }
        let name = MqttClient.name(settings)
        try MqttClient.check(mosquitto_connect(handle, settings.host, Int32(settings.port), 30), "cannot reach \(name)")
        try MqttClient.check(mosquitto_loop_start(handle), "starting libmosquitto's network thread")
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        while answer == nil, condition.wait(until: deadline) {}
        let code = answer
        condition.unlock()
        guard let code else { throw KioskError.mqtt("\(name) did not answer within \(Int(seconds)) s") }
        guard code == 0 else { throw KioskError.mqtt("\(name) refused the connection: \(String(cString: mosquitto_connack_string(code)))") }
    }

    deinit {
        mosquitto_disconnect(handle)
        mosquitto_loop_stop(handle, false)
        mosquitto_destroy(handle)
    }

    /// The broker answered a connect: on success, subscribe (again).
    private func connected(_ code: Int32) {
        if code == 0 { for topic in subscriptions { mosquitto_subscribe(handle, nil, topic, 1) } }
        note {
            $0.answer = code
            $0.connectedNow = code == 0
        }
    }

    private func note(_ change: (MqttToolConnection) -> Void) {
        condition.lock()
        change(self)
        condition.broadcast()
        condition.unlock()
    }

    /// Publishes `payload` on `topic` at QoS 1 and waits at most `seconds` for the broker's
    /// acknowledgement.
    func publish(_ topic: String, _ payload: String, retain: Bool, waitingUpTo seconds: Double = 5) throws {
        var mid: Int32 = 0
        try MqttClient.check(MqttClient.publish(handle, topic, payload, retain: retain, mid: &mid), "publishing to \(topic)")
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !acknowledged.contains(mid), condition.wait(until: deadline) {}
        guard acknowledged.contains(mid) else { throw KioskError.mqtt("\(MqttClient.name(settings)) did not acknowledge \(topic)") }
    }
}
