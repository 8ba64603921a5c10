import CMosquitto
import CMosquittoLoader
import Foundation
import RotarySDL

/// A libmosquitto client handle made for `[mqtt]` settings: client id, user name and password,
/// TLS with the CA file (else the system's CA certificates) and the kiosk's own certificate.
/// The kiosk's ``MqttLink`` and the command-line tools (`fleet`, `mqtt-forget`) share it.
enum MqttClient {
    /// libmosquitto, opened and started once, when the first client is made (a kiosk without
    /// `[mqtt]` never maps it); why it could not be, if it could not.
    private static let library: String? = {
        guard rotary_mosquitto_load() == 0 else { return String(cString: rotary_mosquitto_load_error()) }
        _ = rotary_mosquitto_lib_init()
        return nil
    }()

    /// A new handle for `settings` as client `id` (nil: the broker names it), with `password`.
    static func make(_ settings: MqttSettings, id: String?, password: String?) throws -> OpaquePointer {
        if let failure = library { throw KioskError.mqtt(failure) }
        guard let handle = rotary_mosquitto_new(id, true, nil) else {
            throw KioskError.mqtt("libmosquitto could not make a client (out of memory?)")
        }
        do {
            if settings.username != nil || password != nil {
                try check(rotary_mosquitto_username_pw_set(handle, settings.username, password), "setting the user name and password")
            }
            if settings.tls { try setUpTLS(handle, settings) }
        } catch {
            rotary_mosquitto_destroy(handle)
            throw error
        }
        return handle
    }

    /// The password in `settings`' password file (its first line; nil: no file named).
    static func password(_ settings: MqttSettings) throws -> String? {
        guard let file = settings.passwordFile else { return nil }
        do {
            let text = String(decoding: try BoundedFile.read(file, limit: 4096), as: UTF8.self)
            return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        } catch {
            throw KioskError.mqtt("cannot read the password file \(file): \(error)")
        }
    }

    /// Throws a ``KioskError/mqtt(_:)`` saying what failed `doing` when `code` is not success.
    static func check(_ code: Int32, _ doing: String) throws {
        guard code == MOSQ_ERR_SUCCESS.rawValue else { throw KioskError.mqtt("\(doing): \(reason(code))") }
    }

    /// libmosquitto's words for `code` (the system's for an errno).
    static func reason(_ code: Int32) -> String {
        code == MOSQ_ERR_ERRNO.rawValue ? String(cString: strerror(errno)) : String(cString: rotary_mosquitto_strerror(code))
    }

    /// The object a callback's user data points at (set with `mosquitto_user_data_set`).
    static func owner<Owner: AnyObject>(_ user: UnsafeMutableRawPointer?) -> Owner? {
        user.map { Unmanaged<Owner>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The first `limit` bytes of `message`'s payload.
    static func payload(of message: mosquitto_message, limit: Int = .max) -> [UInt8] {
        let count = min(Int(max(0, message.payloadlen)), limit)
        return message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    }

    /// Hands `payload` for `topic` to libmosquitto at QoS 1; its result code (`mid` gets the
    /// message id).
    @discardableResult
    static func publish(_ handle: OpaquePointer, _ topic: String, _ payload: String, retain: Bool, mid: UnsafeMutablePointer<Int32>? = nil) -> Int32 {
        publish(handle, topic, bytes: Array(payload.utf8), retain: retain, mid: mid)
    }

    /// Publishes `bytes` on `topic` at QoS 1: libmosquitto's result code.
    static func publish(_ handle: OpaquePointer, _ topic: String, bytes: [UInt8], retain: Bool,
                        mid: UnsafeMutablePointer<Int32>? = nil) -> Int32 {
        rotary_mosquitto_publish(handle, mid, topic, Int32(clamping: bytes.count), bytes, 1, retain)
    }

    /// The broker's URL, port included.
    static func url(_ settings: MqttSettings) -> String { "\(settings.tls ? "mqtts" : "mqtt")://\(settings.host):\(settings.port)" }

    /// How to name the broker in a message.
    static func name(_ settings: MqttSettings) -> String { "the MQTT broker \(url(settings))" }

    private static func setUpTLS(_ handle: OpaquePointer, _ settings: MqttSettings) throws {
        for (file, what) in [(settings.caFile, "CA file"), (settings.certFile, "certificate file"), (settings.keyFile, "key file")] {
            guard let file, access(file, R_OK) != 0 else { continue }
            throw KioskError.mqtt("cannot read the \(what) \(file): \(String(cString: strerror(errno)))")
        }
        if settings.caFile == nil {
            try check(rotary_mosquitto_int_option(handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1), "setting up TLS with the system's CA certificates")
        }
        if settings.caFile != nil || settings.certFile != nil {
            // libmosquitto 2.0 wants a CA file or folder with a client certificate, even with
            // the system's certificates in use: then it is the system's folder.
            let folder = settings.caFile == nil ? "/etc/ssl/certs" : nil
            try check(rotary_mosquitto_tls_set(handle, settings.caFile, folder, settings.certFile, settings.keyFile, nil),
                      "setting up TLS with \([settings.caFile, settings.certFile].compactMap { $0 }.joined(separator: " and "))")
        }
    }
}
