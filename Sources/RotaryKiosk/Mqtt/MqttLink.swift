import CMosquitto
import Foundation

/// The kiosk's connection to an MQTT broker through libmosquitto, whose own network thread
/// (`mosquitto_loop_start`) connects, reconnects with exponential back-off (1 s up to 60 s)
/// and writes; the render loop only hands messages over and never waits on the network.
///
/// On every connect it publishes `<base>/availability` = `online` (retained; the will says
/// `offline` if the kiosk vanishes), the latest state (retained) and the events kept while
/// it was offline, in order. At most ``queueLimit`` events are kept; the oldest go first and
/// their number is reported.
final class MqttLink: @unchecked Sendable {
    /// Events kept while offline.
    static let queueLimit = 1000

    let settings: MqttSettings
    private let handle: OpaquePointer
    private let lock = NSLock()
    private var connected = false
    private var everConnected = false
    private var pending: [String] = []
    private var dropped = 0
    private var state: String?
    private var lastProblem: String?
    /// The message id of the goodbye, and whether the broker has it.
    private var goodbye: Int32?
    private var goodbyeAcknowledged = false
    private let report: @Sendable (String) -> Void
    private let note: @Sendable (String) -> Void

    private static let library: Void = { mosquitto_lib_init() }()

    var availabilityTopic: String { settings.baseTopic + "/availability" }
    var stateTopic: String { settings.baseTopic + "/state" }
    var eventTopic: String { settings.baseTopic + "/event" }

    /// A link for `settings` with `password`; `report` gets problems worth an `error` event
    /// (each once until it changes), `note` what only the log needs. Throws when
    /// libmosquitto refuses the settings.
    init(settings: MqttSettings, password: String?, report: @escaping @Sendable (String) -> Void,
         note: @escaping @Sendable (String) -> Void) throws {
        _ = Self.library
        guard let handle = mosquitto_new(settings.id, true, nil) else {
            throw KioskError.mqtt("libmosquitto could not make a client (out of memory?)")
        }
        self.settings = settings
        self.handle = handle
        self.report = report
        self.note = note
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        try check(mosquitto_will_set(handle, availabilityTopic, 7, "offline", 1, true), "setting the will")
        if settings.username != nil || password != nil {
            try check(mosquitto_username_pw_set(handle, settings.username, password), "setting the user name and password")
        }
        if settings.tls {
            try check(mosquitto_tls_set(handle, settings.caFile, settings.caFile == nil ? "/etc/ssl/certs" : nil, nil, nil, nil),
                      "setting up TLS with \(settings.caFile ?? "the system's CA certificates")")
        }
        mosquitto_reconnect_delay_set(handle, 1, 60, true)
        mosquitto_connect_callback_set(handle) { _, user, code in MqttLink.from(user)?.connected(code) }
        mosquitto_disconnect_callback_set(handle) { _, user, code in MqttLink.from(user)?.disconnected(code) }
        mosquitto_publish_callback_set(handle) { _, user, mid in MqttLink.from(user)?.acknowledged(mid) }
    }

    deinit { mosquitto_destroy(handle) }

    private static func from(_ user: UnsafeMutableRawPointer?) -> MqttLink? {
        user.map { Unmanaged<MqttLink>.fromOpaque($0).takeUnretainedValue() }
    }

    private func check(_ code: Int32, _ doing: String) throws {
        guard code == MOSQ_ERR_SUCCESS.rawValue else { throw KioskError.mqtt("\(doing): \(String(cString: mosquitto_strerror(code)))") }
    }

    /// Starts connecting in the background; the first connect may come later (a broker that
    /// is down is retried with back-off).
    func start() {
        let code = mosquitto_connect_async(handle, settings.host, Int32(settings.port), 30)
        if code != MOSQ_ERR_SUCCESS.rawValue { problem("cannot reach \(brokerName): \(reason(code))") }
        mosquitto_loop_start(handle)
    }

    private var brokerName: String { "the MQTT broker \(settings.tls ? "mqtts" : "mqtt")://\(settings.host):\(settings.port)" }

    private func reason(_ code: Int32) -> String {
        code == MOSQ_ERR_ERRNO.rawValue ? String(cString: strerror(errno)) : String(cString: mosquitto_strerror(code))
    }

    /// Publishes an event line on `<base>/event` (kept while offline).
    func publishEvent(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        if connected, send(eventTopic, line, retain: false) { return }
        pending.append(line)
        if pending.count > Self.queueLimit {
            pending.removeFirst(pending.count - Self.queueLimit)
            dropped += 1
        }
    }

    /// Publishes `record` as the retained state (and keeps it for the next connect).
    func publishState(_ record: String) {
        lock.lock()
        defer { lock.unlock() }
        state = record
        if connected { _ = send(stateTopic, record, retain: true) }
    }

    /// Says `offline` (retained) and waits until the broker has it (so it has everything
    /// before it too), then disconnects and stops the network thread. Waits at most `seconds`
    /// in all, also for a first connection if there was none yet (a short replay).
    func stop(waitingUpTo seconds: Double = 2) {
        let deadline = Date().addingTimeInterval(seconds)
        while !isConnected, !everConnectedOrFailed, Date() < deadline { usleep(20_000) }
        lock.lock()
        if connected {
            var mid: Int32 = 0
            let bytes = Array("offline".utf8)
            if mosquitto_publish(handle, &mid, availabilityTopic, Int32(bytes.count), bytes, 1, true) == MOSQ_ERR_SUCCESS.rawValue {
                goodbye = mid
            }
        }
        lock.unlock()
        while goodbye != nil, !isAcknowledged, Date() < deadline { usleep(10_000) }
        lock.lock()
        connected = false
        lock.unlock()
        mosquitto_disconnect(handle)
        mosquitto_loop_stop(handle, false)
    }

    private var isAcknowledged: Bool {
        lock.lock()
        defer { lock.unlock() }
        return goodbyeAcknowledged
    }

    /// The network thread: the broker acknowledged message `mid`.
    private func acknowledged(_ mid: Int32) {
        lock.lock()
        if mid == goodbye { goodbyeAcknowledged = true }
        lock.unlock()
    }

    private var isConnected: Bool {
        lock.lock()
        defer { lock.unlock() }
        return connected
    }

    private var everConnectedOrFailed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return everConnected || lastProblem != nil
    }

    /// Hands one message to libmosquitto (QoS 1); false when it cannot take it now.
    private func send(_ topic: String, _ payload: String, retain: Bool) -> Bool {
        let bytes = Array(payload.utf8)
        return mosquitto_publish(handle, nil, topic, Int32(bytes.count), bytes, 1, retain) == MOSQ_ERR_SUCCESS.rawValue
    }

    /// The network thread: the broker answered the connect.
    private func connected(_ code: Int32) {
        guard code == 0 else {
            problem("\(brokerName) refused the connection: \(String(cString: mosquitto_connack_string(code)))")
            return
        }
        lock.lock()
        connected = true
        let first = !everConnected
        everConnected = true
        lastProblem = nil
        _ = send(availabilityTopic, "online", retain: true)
        if let state { _ = send(stateTopic, state, retain: true) }
        let kept = pending, lost = dropped
        pending = []
        dropped = 0
        for line in kept { _ = send(eventTopic, line, retain: false) }
        lock.unlock()
        note("MQTT: \(first ? "connected to" : "connected again to") \(brokerName) as \(settings.id)"
             + (kept.isEmpty ? "" : "; sent \(kept.count) events kept while offline")
             + (lost == 0 ? "" : ", \(lost) older ones dropped (at most \(Self.queueLimit) are kept)"))
    }

    /// The network thread: the connection ended (`code` 0: we asked for it).
    private func disconnected(_ code: Int32) {
        lock.lock()
        let was = connected
        connected = false
        lock.unlock()
        if code != 0, was { note("MQTT: lost \(brokerName) (\(reason(code))); reconnecting with back-off") }
    }

    /// Reports `message` unless it is the one reported last.
    private func problem(_ message: String) {
        lock.lock()
        let new = message != lastProblem
        lastProblem = message
        lock.unlock()
        if new { report("MQTT: \(message); the kiosk runs on and keeps trying") }
    }
}
