import CMosquitto
import CMosquittoLoader
import Foundation

/// The kiosk's connection to an MQTT broker through libmosquitto, on a thread of its own:
/// it resolves and connects (so a slow DNS never holds up the render loop), runs
/// `mosquitto_loop_forever` (which reconnects after a lost connection with back-off from 1 s
/// up to 60 s), and when that gives up (a refused connection, a TLS or name error) reports
/// why once, waits with the same back-off and tries again, until ``stop(waitingUpTo:)``.
/// The render loop only hands messages over.
///
/// On every connect it publishes `<base>/availability` = `online` (retained; the will says
/// `offline` if the kiosk vanishes), the latest states (retained: the kiosk's, and each
/// zone's) and the events kept while it was offline, in order. At most ``queueLimit`` events are kept; the oldest go first and
/// their number is logged. What was handed to libmosquitto while connected is libmosquitto's
/// to deliver: it resends it after a reconnect.
final class MqttLink: @unchecked Sendable {
    /// Events kept while offline.
    static let queueLimit = 1000
    /// How long a broker that took the TCP connection may take to answer MQTT's connect
    /// (CONNACK) before the kiosk says it did not, in seconds.
    static let answerSeconds = 10.0

    let settings: MqttSettings
    private let handle: OpaquePointer
    /// Guards everything below, and is signalled when it changes.
    private let condition = NSCondition()
    private var connected = false
    private var everConnected = false
    /// Whether the broker answered a connect after the first: its retained messages are then
    /// old copies sent again.
    private var reconnected = false
    /// Whether the broker ever answered a connect, accepting or refusing it.
    private var everAnswered = false
    private var stopping = false
    private var running = false
    /// The link's thread, from ``start()``.
    private var thread: JoinableThread?
    private var pending: [String] = []
    private var dropped = 0
    /// The latest retained state per topic (`<base>/state`, `<base>/zone/<slug>/state`).
    private var states: [String: String] = [:]
    private var lastProblem: String?
    /// The message id of the goodbye, and whether the broker has it.
    private var goodbye: Int32?
    private var goodbyeAcknowledged = false
    /// What to do when the broker acknowledges a message, by its id.
    private var awaiting: [Int32: @Sendable () -> Void] = [:]
    private let report: @Sendable (String) -> Void
    private let note: @Sendable (String) -> Void
    /// Gets each command from `<base>/set/<what>` (and `<base>/zone/<slug>/set/<what>` when
    /// ``zoneCommands``) on the link's thread (nil: not subscribed).
    private let commands: (@Sendable (RemoteMessage) -> Void)?
    /// Whether the kiosk has zones, whose commands come in on their own topics.
    private let zoneCommands: Bool
    /// Home Assistant's discovery message, sent retained on every connect and whenever Home
    /// Assistant says it is `online`.
    private let discovery: String

    /// A link for `settings` with `password`; `report` gets problems worth an `error` event
    /// (each once until it changes), `note` what only the log needs, and `commands` every
    /// message on `<base>/set/<what>` and, with `zoneCommands`, `<base>/zone/<slug>/set/<what>`
    /// (nil: the link does not subscribe), on the link's thread; `discovery` is Home
    /// Assistant's discovery message. Throws when libmosquitto refuses the settings.
    init(settings: MqttSettings, password: String?, discovery: String, report: @escaping @Sendable (String) -> Void,
         note: @escaping @Sendable (String) -> Void, commands: (@Sendable (RemoteMessage) -> Void)?, zoneCommands: Bool = false) throws {
        let handle = try MqttClient.make(settings, id: settings.id, password: password)
        self.settings = settings
        self.handle = handle
        self.report = report
        self.note = note
        self.commands = commands
        self.zoneCommands = zoneCommands
        self.discovery = discovery
        rotary_mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        rotary_mosquitto_threaded_set(handle, true)
        try MqttClient.check(rotary_mosquitto_will_set(handle, settings.availabilityTopic, 7, "offline", 1, true), "setting the will")
        rotary_mosquitto_reconnect_delay_set(handle, 1, 60, true)
        rotary_mosquitto_connect_callback_set(handle) { _, user, code in MqttLink.from(user)?.connected(code) }
        rotary_mosquitto_disconnect_callback_set(handle) { _, user, code in MqttLink.from(user)?.disconnected(code) }
        rotary_mosquitto_publish_callback_set(handle) { _, user, mid in MqttLink.from(user)?.acknowledged(mid) }
        rotary_mosquitto_message_callback_set(handle) { _, user, message in
            guard let message else { return }
            MqttLink.from(user)?.received(message.pointee)
        }
    }

    deinit { rotary_mosquitto_destroy(handle) }

    private static func from(_ user: UnsafeMutableRawPointer?) -> MqttLink? { MqttClient.owner(user) }

    private var brokerName: String { MqttClient.name(settings) }

    private func reason(_ code: Int32) -> String { MqttClient.reason(code) }

    /// `body` with the lock held.
    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    // MARK: - The render loop's side

    /// Starts the link's thread (it keeps the link alive until it ends). Throws when the
    /// system has no thread to give.
    func start() throws {
        locked { running = true }
        do {
            let started = try JoinableThread(name: "rotary-mqtt") { [self] in run() }
            locked { thread = started }
        } catch {
            locked { running = false }
            throw error
        }
    }

    /// Publishes an event line on `<base>/event` (kept while offline).
    func publishEvent(_ line: String) {
        locked {
            if connected {
                send(settings.eventTopic, line, retain: false)
                return
            }
            pending.append(line)
            if pending.count > Self.queueLimit {
                pending.removeFirst(pending.count - Self.queueLimit)
                dropped += 1
            }
        }
    }

    /// Publishes `record` as the retained state on `topic` (default `<base>/state`) and keeps
    /// it for the next connect.
    func publishState(_ record: String, on topic: String? = nil) {
        let topic = topic ?? settings.stateTopic
        locked {
            states[topic] = record
            if connected { send(topic, record, retain: true) }
        }
    }

    /// Whether the link is up now.
    var isConnected: Bool { locked { connected } }

    /// Publishes `bytes` on `topic`, not retained, if the link is up now (nothing is kept for
    /// later): whether it was handed over. `acknowledged` runs on the link's thread once the
    /// broker has it (never, if it never does).
    func publish(bytes: [UInt8], on topic: String, acknowledged: @escaping @Sendable () -> Void = {}) -> Bool {
        locked {
            guard connected else { return false }
            var mid: Int32 = 0
            guard MqttClient.publish(handle, topic, bytes: bytes, retain: false, mid: &mid) == MOSQ_ERR_SUCCESS.rawValue else { return false }
            awaiting[mid] = acknowledged
            return true
        }
    }

    /// Whether the link is up, for a person: "connected to … as …; remote control: …", or
    /// why not.
    var status: String {
        let (up, problem) = locked { (connected, lastProblem) }
        let control = "remote control: \(settings.control.rawValue)"
        if up { return "connected to \(MqttClient.url(settings)) as \(settings.id); \(control)" }
        return (problem.map { "not connected: \($0)" } ?? "connecting to \(MqttClient.url(settings))") + "; \(control)"
    }

    /// Says `offline` (retained) and waits until the broker has it (so it has everything
    /// before it too), then disconnects and waits for the thread to end (joined, so its
    /// exit handlers have run). Waits at most
    /// `seconds` in all, also for a first connection if there was none yet (a short replay).
    /// A second call does nothing.
    func stop(waitingUpTo seconds: Double = 2) {
        let deadline = Date().addingTimeInterval(seconds)
        signalStop(by: deadline)
        // Joined only once its loop has left (then only its exit remains); a thread still
        // stuck in libmosquitto at the deadline is left to the process's end.
        let (thread, left) = locked { (self.thread, !running) }
        if left { thread?.join() } else { thread?.detach() }
    }

    /// Says goodbye, disconnects and waits until the thread's loop has left, by `deadline`.
    private func signalStop(by deadline: Date) {
        condition.lock()
        defer { condition.unlock() }
        guard running, !stopping else { return }
        while !connected, !everConnected, lastProblem == nil, condition.wait(until: deadline) {}
        stopping = true
        condition.broadcast()  // out of a back-off wait
        if connected {
            var mid: Int32 = 0
            if MqttClient.publish(handle, settings.availabilityTopic, "offline", retain: true, mid: &mid) == MOSQ_ERR_SUCCESS.rawValue {
                goodbye = mid
                while !goodbyeAcknowledged, condition.wait(until: deadline) {}
            }
        }
        connected = false
        rotary_mosquitto_disconnect(handle)
        while running, condition.wait(until: deadline) {}
    }

    /// Hands one message to libmosquitto (QoS 1), which delivers it, after a reconnect if
    /// need be. Called with the lock held.
    private func send(_ topic: String, _ payload: String, retain: Bool) {
        MqttClient.publish(handle, topic, payload, retain: retain)
    }

    // MARK: - The link's thread

    private func run() {
        var delay = 1.0
        var code = rotary_mosquitto_connect(handle, settings.host, Int32(settings.port), 30)
        while !locked({ stopping }) {
            if code == MOSQ_ERR_SUCCESS.rawValue {
                awaitAnswer()
                delay = 1
                code = rotary_mosquitto_loop_forever(handle, -1, 1)  // until a fatal error or the goodbye
                if locked({ stopping }) { break }
            }
            if code != MOSQ_ERR_SUCCESS.rawValue { problem("cannot reach \(brokerName): \(reason(code))") }
            condition.lock()
            _ = condition.wait(until: Date().addingTimeInterval(delay))
            let leave = stopping
            condition.unlock()
            if leave { break }
            delay = min(delay * 2, 60)
            code = rotary_mosquitto_reconnect(handle)
        }
        locked {
            running = false
            condition.broadcast()
        }
    }

    /// Says so when the broker has taken the TCP connection but not answered MQTT's connect
    /// within ``answerSeconds`` and never answered one before: a port that speaks no MQTT (or a broker
    /// that hangs) would otherwise be retried forever without a word.
    private func awaitAnswer() {
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.answerSeconds) { [weak self] in
            guard let self, self.locked({ !self.everAnswered && !self.stopping }) else { return }
            self.problem("\(self.brokerName) took the connection but has not answered it in \(Int(Self.answerSeconds)) s "
                         + "(no MQTT CONNACK): is it an MQTT broker, and is it well?")
        }
    }

    /// The broker answered the connect.
    private func connected(_ code: Int32) {
        locked { everAnswered = true }
        guard code == 0 else {
            problem("\(brokerName) refused the connection: \(String(cString: rotary_mosquitto_connack_string(code)))")
            return
        }
        let (first, kept, lost) = locked { () -> (Bool, Int, Int) in
            let first = !everConnected
            reconnected = !first
            connected = true
            everConnected = true
            lastProblem = nil
            if commands != nil {
                rotary_mosquitto_subscribe(handle, nil, settings.commandTopic("+"), 1)
                if zoneCommands { rotary_mosquitto_subscribe(handle, nil, settings.zoneCommandTopic("+", "+"), 1) }
            }
            rotary_mosquitto_subscribe(handle, nil, HomeAssistantDiscovery.statusTopic(settings), 1)
            send(HomeAssistantDiscovery.topic(settings), discovery, retain: true)
            send(settings.availabilityTopic, "online", retain: true)
            for (topic, state) in states.sorted(by: { $0.key < $1.key }) { send(topic, state, retain: true) }
            for line in pending { send(settings.eventTopic, line, retain: false) }
            defer { (pending, dropped) = ([], 0) }
            condition.broadcast()
            return (first, pending.count, dropped)
        }
        note("MQTT: \(first ? "connected to" : "connected again to") \(brokerName) as \(settings.id)"
             + (kept == 0 ? "" : "; sent \(kept) events kept while offline")
             + (lost == 0 ? "" : ", \(lost) older ones dropped (at most \(Self.queueLimit) are kept)"))
    }

    /// A message on a subscribed topic: a command, handed on with at most one byte more than
    /// a command may have (so its answer can say it was too long without copying it all).
    /// Home Assistant's `online` sends the discovery message again.
    private func received(_ message: mosquitto_message) {
        guard let topic = message.topic else { return }
        let name = String(cString: topic)
        if name == HomeAssistantDiscovery.statusTopic(settings) {
            if MqttClient.payload(of: message, limit: 16) == Array("online".utf8) { locked { if connected { send(HomeAssistantDiscovery.topic(settings), discovery, retain: true) } } }
            return
        }
        guard let commands, let (what, zone) = settings.command(inTopic: name), zone == nil || zoneCommands else { return }
        commands(RemoteMessage(what: what, payload: MqttClient.payload(of: message, limit: RemoteCommand.maxPayloadBytes + 1),
                               retained: message.retain, afterReconnect: locked { reconnected }, zone: zone))
    }

    /// The connection ended (`code` 0: the kiosk asked for it).
    private func disconnected(_ code: Int32) {
        let was = locked { () -> Bool in
            defer { connected = false }
            return connected
        }
        if code != 0, was { note("MQTT: lost \(brokerName) (\(reason(code))); reconnecting with back-off") }
        if code != 0, !was, !locked({ everAnswered }) {
            problem("\(brokerName) ended the connection before answering it (\(reason(code)))")
        }
    }

    /// The broker acknowledged message `mid`.
    private func acknowledged(_ mid: Int32) {
        let then = locked { () -> (@Sendable () -> Void)? in
            if mid == goodbye {
                goodbyeAcknowledged = true
                condition.broadcast()
            }
            return awaiting.removeValue(forKey: mid)
        }
        then?()
    }

    /// Reports `message` unless it is the one reported last.
    private func problem(_ message: String) {
        let new = locked { () -> Bool in
            defer {
                lastProblem = message
                condition.broadcast()
            }
            return message != lastProblem
        }
        if new { report("MQTT: \(message); the kiosk runs on and keeps trying") }
    }
}
