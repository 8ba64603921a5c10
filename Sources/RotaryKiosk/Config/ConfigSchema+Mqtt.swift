import Foundation
import TOMLKit

/// `[mqtt]` as the file gives it, before it becomes ``MqttSettings`` (which needs a broker).
struct MqttDraft: ConfigTarget {
    var broker: String?
    var id: String?
    var baseTopic: String?
    var discoveryPrefix: String?
    var username: String?
    var passwordFile: String?
    var caFile: String?
    var certFile: String?
    var keyFile: String?
    var control = RemoteControl.none
    var armMinutes = 10.0
    var updates = FleetUpdates.none

    static var defaults: MqttDraft { MqttDraft() }
}

extension ConfigSchema {
    static var mqtt: ConfigSection<MqttDraft> { ConfigSection<MqttDraft>(
        header: "[mqtt]", doc: "The link to an MQTT broker: events, state, Home Assistant, remote commands and fleet updates.",
        keys: [
            .custom("broker", takes: MqttSettings.brokerRule, default: "required", doc: "Where the broker is.") { r, key, draft in
                draft.broker = r.string(key)
                if key.value == nil { r.error(key, "is missing: \(MqttSettings.brokerRule)") }
            },
            .custom("id", takes: "a name without /, + or #", default: "the host's name",
                    doc: "The kiosk's name on the broker: its client id and its topics' last level.") { r, key, draft in
                guard let id = r.string(key) else { return }
                guard MqttSettings.isTopic(id), !id.contains("/") else { return r.error(key, "must be a name without /, + or #, not \"\(id)\"") }
                draft.id = id
            },
            .topic("base_topic", \.baseTopic, default: "\"rotary/<id>\"", doc: "Where the kiosk's topics live."),
            .topic("discovery_prefix", \.discoveryPrefix, default: "\"homeassistant\"", doc: "Home Assistant's discovery prefix."),
            .custom("username", takes: "text", doc: "The user name on the broker.") { r, key, draft in
                draft.username = r.string(key)
            },
            .path("password_file", \.passwordFile, doc: "A file holding the password (its first line), read as the kiosk's user."),
            .path("ca_file", \.caFile, doc: "The CA certificate that signs the broker's (TLS; none: the system's)."),
            .path("cert_file", \.certFile, doc: "The kiosk's own certificate, for a broker that asks for one (TLS)."),
            .path("key_file", \.keyFile, doc: "That certificate's key."),
            .choice("control", \.control, doc: "What commands from the broker may do: nothing, what a person armed at the kiosk, or all."),
            .number("arm_minutes", \.armMinutes, .armMinutes, doc: "How long remote start stays armed after a person arms it."),
            .choice("updates", \.updates, doc: "Whether the fleet may update the kiosk image (<base>/set/update)."),
        ],
        check: { r, _, _, draft in
            if draft.passwordFile != nil, draft.username == nil {
                r.error("mqtt.password_file", "needs mqtt.username: MQTT 3.1.1 sends no password without a user name")
            }
            if (draft.certFile == nil) != (draft.keyFile == nil) {
                r.error(draft.certFile == nil ? "mqtt.cert_file" : "mqtt.key_file", "is missing: a client certificate needs both cert_file and key_file")
            }
            let tls = draft.broker?.hasPrefix("mqtts://") ?? false
            if draft.caFile != nil || draft.certFile != nil, !tls {
                r.error(draft.caFile != nil ? "mqtt.ca_file" : "mqtt.cert_file", "needs a TLS broker (mqtts://)")
            }
        }) }
}

extension ConfigKey where Target == MqttDraft {
    /// A topic without wildcards or empty levels into `field`.
    static func topic(_ name: String, _ field: WritableKeyPath<MqttDraft, String?>, default defaultText: String, doc: String) -> ConfigKey {
        .custom(name, takes: "a topic without wildcards (+, #) or empty levels", default: defaultText, doc: doc) { r, key, draft in
            guard let value = r.string(key) else { return }
            if MqttSettings.isTopic(value) { draft[keyPath: field] = value } else {
                r.error(key, "must be a topic without wildcards (+, #) or empty levels, not \"\(value)\"")
            }
        }
    }

    /// A file's path into `field`, made absolute from the config's folder: it is checked when
    /// the kiosk connects, as the user it runs as (a password file is often readable by that
    /// user alone).
    static func path(_ name: String, _ field: WritableKeyPath<MqttDraft, String?>, doc: String) -> ConfigKey {
        .custom(name, takes: "a file", doc: doc) { r, key, draft in
            draft[keyPath: field] = r.string(key).map(r.absolute)
        }
    }
}

extension ConfigLoader {
    /// `[mqtt]`: `broker` is required; the rest have defaults (see ``MqttSettings``).
    static func readMqtt(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) {
        guard let table = r.table(root, "mqtt") else { return }
        var draft = MqttDraft.defaults
        ConfigSchema.mqtt.read(table, at: "mqtt", &r, into: &draft)
        guard let broker = draft.broker else { return }
        guard var settings = MqttSettings(broker: broker, id: draft.id ?? MqttSettings.hostID()) else {
            return r.error("mqtt.broker", "must be \(MqttSettings.brokerRule), not \"\(broker)\"")
        }
        settings.baseTopic = draft.baseTopic ?? settings.baseTopic
        settings.discoveryPrefix = draft.discoveryPrefix ?? settings.discoveryPrefix
        settings.username = draft.username
        settings.passwordFile = draft.passwordFile
        (settings.caFile, settings.certFile, settings.keyFile) = (draft.caFile, draft.certFile, draft.keyFile)
        (settings.control, settings.armMinutes, settings.updates) = (draft.control, draft.armMinutes, draft.updates)
        config.mqtt = settings
    }
}
