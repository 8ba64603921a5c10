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
    /// A zone's own levels, under `zone/<slug>/`: its `state` and its commands `set/<what>`.
    static let zone = "zone"
    /// The panel's picture as a PNG, when `set/screenshot` asked for it (not retained).
    static let screenshot = "screenshot"
}

extension MqttSettings {
    /// `<base>/availability`.
    var availabilityTopic: String { "\(baseTopic)/\(MqttTopicLevel.availability)" }
    /// `<base>/state`.
    var stateTopic: String { "\(baseTopic)/\(MqttTopicLevel.state)" }
    /// `<base>/event`.
    var eventTopic: String { "\(baseTopic)/\(MqttTopicLevel.event)" }
    /// `<base>/screenshot`.
    var screenshotTopic: String { "\(baseTopic)/\(MqttTopicLevel.screenshot)" }
    /// `<base>/set/<what>`: where command `what` comes in.
    func commandTopic(_ what: String) -> String { "\(baseTopic)/\(MqttTopicLevel.commands)/\(what)" }
    /// `<base>/zone/<slug>`: where the zone `slug`'s levels are.
    func zoneTopic(_ slug: String) -> String { "\(baseTopic)/\(MqttTopicLevel.zone)/\(slug)" }
    /// `<base>/zone/<slug>/state`.
    func zoneStateTopic(_ slug: String) -> String { "\(zoneTopic(slug))/\(MqttTopicLevel.state)" }
    /// `<base>/zone/<slug>/set/<what>`: where command `what` for zone `slug` comes in.
    func zoneCommandTopic(_ slug: String, _ what: String) -> String { "\(zoneTopic(slug))/\(MqttTopicLevel.commands)/\(what)" }

    /// The command `topic` brings: its `what` and its zone's slug (nil: the kiosk's own
    /// `set/<what>`); nil when it is no command topic of this kiosk's.
    func command(inTopic topic: String) -> (what: String, zone: String?)? {
        let own = commandTopic("")
        if topic.hasPrefix(own) { return (String(topic.dropFirst(own.count)), nil) }
        let zones = "\(baseTopic)/\(MqttTopicLevel.zone)/"
        guard topic.hasPrefix(zones) else { return nil }
        let levels = topic.dropFirst(zones.count).split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard levels.count == 3, levels[1] == MqttTopicLevel.commands else { return nil }
        return (String(levels[2]), String(levels[0]))
    }
}
