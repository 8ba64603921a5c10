import CMosquitto
import Foundation

/// A short connection to the broker for the command-line tools (`fleet`, `mqtt-forget`):
/// it connects and waits for the broker's answer, runs libmosquitto's own network thread,
/// hands every message on its subscriptions to `received`, and publishes waiting for the
/// broker's acknowledgement. Not the kiosk's link: no will, no reconnecting.
final class MqttToolConnection: @unchecked Sendable {
    /// A message as it arrived: its topic, its payload and whether the broker kept it.
    typealias Received = @Sendable (_ topic: String, _ payload: [UInt8], _ retained: Bool) -> Void

    private let handle: OpaquePointer
    private let settings: MqttSettings
    private let received: Received
    private let condition = NSCondition()
    private var answer: Int32?
    private var acknowledged: Set<Int32> = []
    private var lost = false

    /// Connects to `settings`' broker, waiting at most `seconds` for its answer; throws what
    /// went wrong (unreachable, a refused password, TLS).
    init(_ settings: MqttSettings, waitingUpTo seconds: Double = 10, received: @escaping Received) throws {
        self.settings = settings
        self.received = received
        handle = try MqttClient.make(settings, id: nil, password: try MqttClient.password(settings))
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_connect_callback_set(handle) { _, user, code in MqttToolConnection.from(user)?.note { $0.answer = code } }
        mosquitto_disconnect_callback_set(handle) { _, user, _ in MqttToolConnection.from(user)?.note { $0.lost = true } }
        mosquitto_publish_callback_set(handle) { _, user, mid in MqttToolConnection.from(user)?.note { $0.acknowledged.insert(mid) } }
        mosquitto_message_callback_set(handle) { _, user, message in
            guard let message, let connection = MqttToolConnection.from(user), let topic = message.pointee.topic else { return }
            let bytes = message.pointee.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(max(0, message.pointee.payloadlen)))) } ?? []
            connection.received(String(cString: topic), bytes, message.pointee.retain)
        }
        let name = MqttClient.name(settings)
        try MqttClient.check(mosquitto_connect(handle, settings.host, Int32(settings.port), 30), "cannot reach \(name)")
        try MqttClient.check(mosquitto_loop_start(handle), "starting libmosquitto's network thread")
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        while answer == nil, !lost, condition.wait(until: deadline) {}
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

    private static func from(_ user: UnsafeMutableRawPointer?) -> MqttToolConnection? {
        user.map { Unmanaged<MqttToolConnection>.fromOpaque($0).takeUnretainedValue() }
    }

    private func note(_ change: (MqttToolConnection) -> Void) {
        condition.lock()
        change(self)
        condition.broadcast()
        condition.unlock()
    }

    /// Subscribes to `topic` (wildcards allowed) at QoS 1.
    func subscribe(_ topic: String) throws {
        try MqttClient.check(mosquitto_subscribe(handle, nil, topic, 1), "subscribing to \(topic)")
    }

    /// Publishes `payload` on `topic` at QoS 1 and waits at most `seconds` for the broker's
    /// acknowledgement.
    func publish(_ topic: String, _ payload: String, retain: Bool, waitingUpTo seconds: Double = 5) throws {
        var mid: Int32 = 0
        let bytes = Array(payload.utf8)
        try MqttClient.check(mosquitto_publish(handle, &mid, topic, Int32(bytes.count), bytes, 1, retain), "publishing to \(topic)")
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !acknowledged.contains(mid), !lost, condition.wait(until: deadline) {}
        guard acknowledged.contains(mid) else { throw KioskError.mqtt("\(MqttClient.name(settings)) did not acknowledge \(topic)") }
    }
}
