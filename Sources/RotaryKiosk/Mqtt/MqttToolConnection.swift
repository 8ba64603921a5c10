import CMosquitto
import CMosquittoLoader
import Foundation

/// A connection to the broker for the command-line tools (`fleet`, `mqtt-forget`): it
/// connects and waits for the broker's answer, runs libmosquitto's own network thread (which
/// reconnects after a lost connection, and then subscribes again), hands every message on
/// its subscriptions to `received`, and publishes waiting for the broker's acknowledgement.
/// Not the kiosk's link: no will, no offline queue.
final class MqttToolConnection: @unchecked Sendable {
    /// A message as it arrived: its topic and its payload.
    typealias Received = @Sendable (_ topic: String, _ payload: [UInt8], _ retained: Bool) -> Void

    private let handle: OpaquePointer
    private let settings: MqttSettings
    /// All that libmosquitto's callbacks touch. They reach this, never the connection: a
    /// callback holds what it reaches while it runs, so one holding the connection when its
    /// owner lets go would run `deinit` on libmosquitto's thread, inside `mosquitto_loop`, where
    /// `mosquitto_loop_stop` cannot join its own thread and `mosquitto_destroy` frees the
    /// client under the running loop. Released after `mosquitto_destroy`, when no callback runs.
    private let shared: Shared

    /// Whether the connection is up now.
    var isConnected: Bool { shared.locked { $0.connectedNow } }

    /// Connects to `settings`' broker, subscribes to `subscriptions` (wildcards allowed, QoS 1)
    /// on this and every later connect, and waits at most `seconds` for the broker's answer;
    /// throws what went wrong (unreachable, a refused password, TLS).
    init(_ settings: MqttSettings, subscribing subscriptions: [String] = [], waitingUpTo seconds: Double = 10,
         received: @escaping Received) throws {
        self.settings = settings
        shared = Shared(subscriptions: subscriptions, received: received)
        handle = try MqttClient.make(settings, id: nil, password: try MqttClient.password(settings))
        rotary_mosquitto_user_data_set(handle, Unmanaged.passUnretained(shared).toOpaque())
        rotary_mosquitto_connect_callback_set(handle) { mosq, user, code in (MqttClient.owner(user) as Shared?)?.connected(mosq, code) }
        rotary_mosquitto_disconnect_callback_set(handle) { _, user, _ in (MqttClient.owner(user) as Shared?)?.note { $0.connectedNow = false } }
        rotary_mosquitto_publish_callback_set(handle) { _, user, mid in (MqttClient.owner(user) as Shared?)?.note { $0.acknowledged.insert(mid) } }
        rotary_mosquitto_message_callback_set(handle) { _, user, message in
            guard let message, let shared = MqttClient.owner(user) as Shared?, let topic = message.pointee.topic else { return }
            shared.received(String(cString: topic), MqttClient.payload(of: message.pointee), message.pointee.retain)
        }
        let name = MqttClient.name(settings)
        try MqttClient.check(rotary_mosquitto_connect(handle, settings.host, Int32(settings.port), 30), "cannot reach \(name)")
        try MqttClient.check(rotary_mosquitto_loop_start(handle), "starting libmosquitto's network thread")
        let code = shared.wait(upTo: Date().addingTimeInterval(seconds)) { $0.answer }
        guard let code else { throw KioskError.mqtt("\(name) did not answer within \(Int(seconds)) s") }
        guard code == 0 else { throw KioskError.mqtt("\(name) refused the connection: \(String(cString: rotary_mosquitto_connack_string(code)))") }
    }

    deinit {
        rotary_mosquitto_disconnect(handle)
        rotary_mosquitto_loop_stop(handle, false)
        rotary_mosquitto_destroy(handle)
    }

    /// Publishes `payload` on `topic` at QoS 1 and waits at most `seconds` for the broker's
    /// acknowledgement.
    func publish(_ topic: String, _ payload: String, retain: Bool, waitingUpTo seconds: Double = 5) throws {
        var mid: Int32 = 0
        try MqttClient.check(MqttClient.publish(handle, topic, payload, retain: retain, mid: &mid), "publishing to \(topic)")
        let acknowledged = shared.wait(upTo: Date().addingTimeInterval(seconds)) { $0.acknowledged.contains(mid) ? true : nil }
        guard acknowledged != nil else { throw KioskError.mqtt("\(MqttClient.name(settings)) did not acknowledge \(topic)") }
    }

    /// The connection's state that libmosquitto's thread writes, under `condition`.
    private final class Shared: @unchecked Sendable {
        let condition = NSCondition()
        let subscriptions: [String]
        let received: Received
        var answer: Int32?
        var acknowledged: Set<Int32> = []
        var connectedNow = false

        init(subscriptions: [String], received: @escaping Received) {
            self.subscriptions = subscriptions
            self.received = received
        }

        /// The broker answered a connect of `mosq`: on success, subscribe (again).
        func connected(_ mosq: OpaquePointer?, _ code: Int32) {
            if code == 0 { for topic in subscriptions { rotary_mosquitto_subscribe(mosq, nil, topic, 1) } }
            note {
                $0.answer = code
                $0.connectedNow = code == 0
            }
        }

        func note(_ change: (Shared) -> Void) {
            condition.lock()
            change(self)
            condition.broadcast()
            condition.unlock()
        }

        func locked<T>(_ body: (Shared) -> T) -> T {
            condition.lock()
            defer { condition.unlock() }
            return body(self)
        }

        /// What `found` finds once it finds something, or nil at `deadline`.
        func wait<T>(upTo deadline: Date, for found: (Shared) -> T?) -> T? {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let value = found(self) { return value }
                if !condition.wait(until: deadline) { return found(self) }
            }
        }
    }
}
