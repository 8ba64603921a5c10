/// The levels under a kiosk's base topic (`<prefix>/<id>`), named once for the kiosk's link,
/// Home Assistant's discovery, `mqtt-forget` and the fleet view.
enum MqttTopicLevel {
    /// `online` or `offline`, retained (the will says `offline`).
    static let availability = "availability"
    /// The retained state record (see ``MqttState``).
    static let state = "state"
    /// Every event line.
    static let event = "event"
    /// Commands, one level deeper: `set/<what>`.
    static let commands = "set"
}

extension MqttSettings {
    /// `<base>/availability`.
    var availabilityTopic: String { "\(baseTopic)/\(MqttTopicLevel.availability)" }
    /// `<base>/state`.
    var stateTopic: String { "\(baseTopic)/\(MqttTopicLevel.state)" }
    /// `<base>/event`.
    var eventTopic: String { "\(baseTopic)/\(MqttTopicLevel.event)" }
    /// `<base>/set/<what>`: where command `what` comes in.
    func commandTopic(_ what: String) -> String { "\(baseTopic)/\(MqttTopicLevel.commands)/\(what)" }
}
