import TOMLKit

extension ConfigLoader {
    /// `[mqtt]`: `broker` is required; the rest have defaults (see ``MqttSettings``).
    static func readMqtt(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) {
        guard let table = r.table(root, "mqtt") else { return }
        r.warnUnknown(table, at: "mqtt", known: ["broker", "id", "base_topic", "discovery_prefix", "username", "password_file",
                                                 "ca_file", "cert_file", "key_file", "control", "arm_minutes", "updates"])
        guard let broker = r.string(table, "broker", at: "mqtt") else {
            if table["broker"] == nil { r.error("mqtt.broker", "is missing: \(MqttSettings.brokerRule)") }
            return
        }
        let id = r.string(table, "id", at: "mqtt") ?? MqttSettings.hostID()
        guard var settings = MqttSettings(broker: broker, id: id) else {
            r.error("mqtt.broker", "must be \(MqttSettings.brokerRule), not \"\(broker)\"")
            return
        }
        guard MqttSettings.isTopic(id), !id.contains("/") else {
            r.error("mqtt.id", "must be a name without /, + or #, not \"\(id)\"")
            return
        }
        for (key, apply) in [("base_topic", { (s: inout MqttSettings, v: String) in s.baseTopic = v }),
                             ("discovery_prefix", { (s: inout MqttSettings, v: String) in s.discoveryPrefix = v })] {
            guard let value = r.string(table, key, at: "mqtt") else { continue }
            if MqttSettings.isTopic(value) { apply(&settings, value) } else {
                r.error("mqtt.\(key)", "must be a topic without wildcards (+, #) or empty levels, not \"\(value)\"")
            }
        }
        settings.username = r.string(table, "username", at: "mqtt")
        // Files are checked when the kiosk connects, as the user it runs as (a password
        // file is often readable by that user alone); here they are only made absolute.
        settings.passwordFile = r.string(table, "password_file", at: "mqtt").map(r.absolute)
        if settings.passwordFile != nil, settings.username == nil {
            r.error("mqtt.password_file", "needs mqtt.username: MQTT 3.1.1 sends no password without a user name")
        }
        settings.caFile = r.string(table, "ca_file", at: "mqtt").map(r.absolute)
        settings.certFile = r.string(table, "cert_file", at: "mqtt").map(r.absolute)
        settings.keyFile = r.string(table, "key_file", at: "mqtt").map(r.absolute)
        if (settings.certFile == nil) != (settings.keyFile == nil) {
            r.error(settings.certFile == nil ? "mqtt.cert_file" : "mqtt.key_file",
                    "is missing: a client certificate needs both cert_file and key_file")
        }
        if (settings.caFile != nil || settings.certFile != nil), !settings.tls {
            r.error(settings.caFile != nil ? "mqtt.ca_file" : "mqtt.cert_file", "needs a TLS broker (mqtts://)")
        }
        if let control = r.string(table, "control", at: "mqtt") {
            if let value = RemoteControl(rawValue: control) { settings.control = value } else {
                r.error("mqtt.control", "must be \(RemoteControl.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), not \"\(control)\"")
            }
        }
        if let minutes = r.number(table, "arm_minutes", at: "mqtt", in: .armMinutes) { settings.armMinutes = minutes }
        if let updates = r.string(table, "updates", at: "mqtt") {
            if let value = FleetUpdates(rawValue: updates) { settings.updates = value } else {
                r.error("mqtt.updates", "must be \(FleetUpdates.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), not \"\(updates)\"")
            }
        }
        config.mqtt = settings
    }
}
