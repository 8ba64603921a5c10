/// Home Assistant's MQTT device discovery for one kiosk: a single retained message on
/// `<discovery_prefix>/device/<id>/config` that makes the kiosk a device with a select for the
/// program, numbers for the minutes and each kind of set point, buttons for start, pause, resume and
/// cancel, sensors for the state, the time left and the end time, and binary sensors for
/// whether remote start is armed and ready (the door and the on-time cap allowing), all read from
/// `<base>/state` (with zones: that set per zone, from `<base>/zone/<slug>/state`) and
/// unavailable while `<base>/availability` says `offline`; and, once for the panel, a camera
/// showing `<base>/screenshot` with a button that asks for a new picture.
enum HomeAssistantDiscovery {
    /// Where the kiosk's discovery message lives.
    static func topic(_ settings: MqttSettings) -> String { "\(settings.discoveryPrefix)/device/\(settings.id)/config" }

    /// Where Home Assistant says `online` when it (re)starts: the kiosk sends its message again.
    static func statusTopic(_ settings: MqttSettings) -> String { "\(settings.discoveryPrefix)/status" }

    /// The discovery message for a kiosk with `settings` and `config`'s programs, dial and
    /// zones: one device, with the entities once (no zones) or once per zone, each named after
    /// its zone and reading and commanding that zone's topics.
    static func payload(_ settings: MqttSettings, config: KioskConfig, version: String) -> String {
        let id = settings.id
        var components: [(String, JSONValue)] = []
        if config.zones.isEmpty {
            components = entities(Zone(key: "", name: "", programs: config.programs, stateTopic: settings.stateTopic,
                                       commandTopic: settings.commandTopic), id: id, dial: config.dialMinutes)
        } else {
            for (zone, slug) in zip(config.zones, config.zoneSlugs) {
                let programs = zone.programs.map { names in config.programs.filter { names.contains($0.name) } } ?? config.programs
                components += entities(Zone(key: "_" + slug.replacingOccurrences(of: "-", with: "_"), name: zone.name + " ",
                                            programs: programs, stateTopic: settings.zoneStateTopic(slug),
                                            commandTopic: { settings.zoneCommandTopic(slug, $0) }),
                                       id: id, dial: config.dialMinutes)
            }
        }
        components += [
            ("\(id)_screenshot", .object([("p", .string("camera")), ("name", .string("Screen")), ("unique_id", .string("rotary_\(id)_screenshot")),
                                         ("topic", .string(settings.screenshotTopic))])),
            ("\(id)_take_screenshot", .object([("p", .string("button")), ("name", .string("Take screenshot")),
                                              ("unique_id", .string("rotary_\(id)_take_screenshot")),
                                              ("command_topic", .string(settings.commandTopic("screenshot"))),
                                              ("payload_press", .string("{}"))])),
        ]
        return JSONValue.object([
            ("dev", .object([("ids", .array([.string("rotary_\(id)")])), ("name", .string("Rotary \(id)")),
                             ("mf", .string("Rotary")), ("mdl", .string("Kiosk timer selector")), ("sw", .string(version))])),
            ("o", .object([("name", .string("rotary-kiosk")), ("sw", .string(version))])),
            ("cmps", .object(components)),
            ("availability_topic", .string(settings.availabilityTopic)),
            ("payload_available", .string("online")), ("payload_not_available", .string("offline")),
            ("qos", .int(1)),
        ]).text
    }

    /// What one zone's entities are made of: `key` ends their keys (empty: the kiosk has no
    /// zones), `name` starts their names.
    private struct Zone {
        var key: String
        var name: String
        var programs: [Program]
        var stateTopic: String
        var commandTopic: (String) -> String
    }

    /// One zone's entities: a select for the program, numbers for the minutes (on `dial`) and
    /// for each kind of set point, buttons for start, pause, resume and cancel, sensors for
    /// the state, the time left and the end time.
    private static func entities(_ zone: Zone, id: String, dial: [Int]) -> [(String, JSONValue)] {
        func component(_ key: String, _ platform: String, _ name: String, _ fields: [(String, JSONValue)]) -> (String, JSONValue) {
            ("\(id)_\(key)\(zone.key)", .object([("p", .string(platform)), ("name", .string(zone.name + name)),
                                               ("unique_id", .string("rotary_\(id)_\(key)\(zone.key)"))] + fields))
        }
        func reading(_ template: String) -> [(String, JSONValue)] {
            [("state_topic", .string(zone.stateTopic)), ("value_template", .string(template))]
        }
        func command(_ what: String) -> (String, JSONValue) { ("command_topic", .string(zone.commandTopic(what))) }
        func button(_ what: String, _ name: String) -> (String, JSONValue) {
            component(what, "button", name, [command(what), ("payload_press", .string("{}"))])
        }
        let dial = dial.filter { $0 > 0 }
        var components: [(String, JSONValue)] = [
            component("program", "select", "Program", [command("program"), ("command_template", .string("{{ value | tojson }}")),
                                                       ("options", .array(zone.programs.map { .string($0.name) }))]
                      + reading("{{ value_json.program }}")),
            component("minutes", "number", "Minutes", [command("minutes"), ("min", .int(dial.min() ?? 1)), ("max", .int(dial.max() ?? 1)),
                                                       ("step", .int(step(of: dial))), ("unit_of_measurement", .string("min")),
                                                       ("mode", .string("box"))]
                      + reading("{{ (value_json.seconds_total / 60) | round(0) | int }}")),
        ]
        // One number per kind of set point (a temperature, a spin speed), each showing the
        // value while the program has that kind; the kiosk refuses a value outside the
        // selected program's own range, and says so on <base>/event.
        let kinds = Dictionary(grouping: zone.programs.compactMap(\.setting)) { "\($0.name)\u{0}\($0.unit)" }
        for (index, kind) in kinds.values.sorted(by: { ($0[0].name, $0[0].unit) < ($1[0].name, $1[0].unit) }).enumerated() {
            let first = kind[0]
            components.append(component(index == 0 ? "setting" : "setting_\(index + 1)", "number", first.name, [
                command("setting"), ("min", .number(kind.map(\.min).min() ?? first.min)), ("max", .number(kind.map(\.max).max() ?? first.max)),
                ("step", .number(kind.map(\.step).min() ?? first.step)), ("unit_of_measurement", .string(first.unit)), ("mode", .string("box")),
            ] + reading("{{ value_json.setting.value if value_json.setting and value_json.setting.name == \(JSONValue.string(first.name).text) else None }}")))
        }
        return components + [
            button("start", "Start"), button("pause", "Pause"), button("resume", "Resume"), button("cancel", "Cancel"),
            component("state", "sensor", "State", [("device_class", .string("enum")),
                                                   ("options", .array(["idle", "running", "paused", "finished"].map(JSONValue.string)))]
                      + reading("{{ value_json.state }}")),
            component("time_left", "sensor", "Time left", [("device_class", .string("duration")), ("unit_of_measurement", .string("s"))]
                      + reading("{{ value_json.seconds_left }}")),
            component("ends_at", "sensor", "Ends at", [("device_class", .string("timestamp"))]
                      + reading("{{ value_json.ends_at if value_json.ends_at else None }}")),
            component("armed", "binary_sensor", "Remote start armed", reading("{{ 'ON' if value_json.armed else 'OFF' }}")),
            component("ready", "binary_sensor", "Ready for remote start",
                      reading("{{ 'ON' if value_json.ready_for_remote_start else 'OFF' }}")),
        ]
    }

    /// The largest step that lands on every dial value from the first (their differences'
    /// greatest common divisor; 1 for a single value).
    private static func step(of values: [Int]) -> Int {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        let sorted = values.sorted()
        return max(1, zip(sorted, sorted.dropFirst()).map { $1 - $0 }.reduce(0, gcd))
    }
}
