import Foundation
import RotaryKit

/// What the broker's retained messages say about every kiosk under a topic prefix: each
/// kiosk's availability and state record (see ``MqttState``; a kiosk with zones lists them in
/// it), as the fleet view shows them. Pure: messages go in, rows come out at a given
/// wall-clock time.
struct FleetTable {
    /// One kiosk.
    struct Row: Equatable {
        var id: String
        /// nil: no availability message (yet).
        var online: Bool?
        var state: String?
        var program: String?
        /// Seconds left, as of the time the rows were asked for (nil: no countdown).
        var secondsLeft: Double?
        /// The kiosk's version, as its state record says (nil: a record without one).
        var version: String? = nil
        /// The booted A/B slot (nil: not the kiosk image).
        var slot: String? = nil
        /// The last fleet update: its result and the bundle's version (nil: none).
        var update: String? = nil
        /// The kiosk's zones, in order (empty: it has none).
        var zones: [ZoneRow] = []
    }

    /// One zone of a kiosk.
    struct ZoneRow: Equatable {
        var zone: String
        var state: String?
        var program: String?
        /// Seconds left, as of the time the rows were asked for (nil: no countdown).
        var secondsLeft: Double?
    }

    /// The topic prefix the kiosks' base topics share (`rotary` for `rotary/<id>`).
    let prefix: String
    private var availability: [String: Bool] = [:]
    private var states: [String: [String: Any]] = [:]

    init(prefix: String) { self.prefix = prefix }

    /// The subscriptions that bring every kiosk's messages.
    var topics: [String] { [MqttTopicLevel.availability, MqttTopicLevel.state].map { "\(prefix)/+/\($0)" } }

    /// Records what a message says of a kiosk; false when it was none of a kiosk's availability or state. An
    /// empty payload (`mqtt-forget`) forgets that part.
    @discardableResult
    mutating func record(topic: String, payload: [UInt8]) -> Bool {
        guard topic.hasPrefix(prefix + "/") else { return false }
        let levels = topic.dropFirst(prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        guard levels.count == 2, !levels[0].isEmpty else { return false }
        let id = String(levels[0])
        switch levels[1] {
        case MqttTopicLevel.availability:
            let text = String(decoding: payload, as: UTF8.self)
            availability[id] = payload.isEmpty ? nil : text == "online"
        case MqttTopicLevel.state:
            states[id] = payload.isEmpty ? nil : (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any] ?? [:]
        default:
            return false
        }
        return true
    }

    /// Every kiosk, by id, as of wall-clock `now` (seconds since 1970): a running countdown's
    /// time left counts down from its `ends_at`.
    func rows(now: Double) -> [Row] {
        Set(availability.keys).union(states.keys).sorted().map { id in
            let state = states[id]
            let update = (state?["update"] as? [String: Any]).flatMap { record in
                (record["result"] as? String).map { result in [result, record["version"] as? String].compactMap { $0 }.joined(separator: " ") }
            }
            let zones = (state?["zones"] as? [[String: Any]] ?? []).map { zone in
                ZoneRow(zone: zone["zone"] as? String ?? "?", state: zone["state"] as? String, program: zone["program"] as? String,
                        secondsLeft: Self.secondsLeft(zone, now: now))
            }
            return Row(id: id, online: availability[id], state: state?["state"] as? String, program: state?["program"] as? String,
                       secondsLeft: zones.isEmpty ? state.flatMap { Self.secondsLeft($0, now: now) } : nil,
                       version: state?["version"] as? String, slot: state?["slot"] as? String, update: update, zones: zones)
        }
    }

    /// A record's time left as of `now`: a running countdown's counts down from its
    /// `ends_at`, a paused one's is its `seconds_left` (nil: none).
    private static func secondsLeft(_ record: [String: Any], now: Double) -> Double? {
        switch record["state"] as? String {
        case "running": (record["ends_at"] as? String).flatMap(MqttState.unix(fromISO8601:)).map { max(0, $0 - now) }
        case "paused": JSONValue.finiteNumber(record["seconds_left"])
        default: nil
        }
    }

    /// The rows as an aligned text table with a header and a count of those online.
    func text(now: Double) -> String {
        let rows = rows(now: now)
        func left(_ seconds: Double?) -> String { seconds.map { TimeText.format(seconds: $0) } ?? "-" }
        var cells = [["KIOSK", "ONLINE", "STATE", "PROGRAM", "TIME LEFT", "VERSION", "SLOT", "LAST UPDATE"]]
        for row in rows {
            // A kiosk with zones: its own line says how many, then a line per zone under it.
            let program = row.zones.isEmpty ? row.program ?? "-" : Plural.of(row.zones.count, "zone")
            let line: [String] = [row.id, row.online.map { $0 ? "yes" : "no" } ?? "?", row.state ?? "-", program,
                                  left(row.secondsLeft), row.version ?? "-", row.slot ?? "-", row.update ?? "-"]
            cells.append(line.map(Self.printable))
            for zone in row.zones {
                let zoneLine: [String] = ["  " + zone.zone, "", zone.state ?? "-", zone.program ?? "-", left(zone.secondsLeft), "", "", ""]
                cells.append(zoneLine.map(Self.printable))
            }
        }
        let widths = cells[0].indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
        let lines = cells.map { line in
            zip(line, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        let online = rows.filter { $0.online == true }.count
        return (lines + ["\(Plural.of(rows.count, "kiosk")), \(online) online"]).joined(separator: "\n")
    }

    /// The rows as one JSON array (`id`, `online`, `state`, `program`, `seconds_left`, `version`,
    /// `slot`, `update`, and for a kiosk with zones `zones`: `zone`, `state`, `program`,
    /// `seconds_left` each).
    func json(now: Double) -> String {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func left(_ seconds: Double?) -> JSONValue { seconds.map { .int(Int(saturating: $0.rounded(.up))) } ?? .null }
        return JSONValue.array(rows(now: now).map { row in
            .object([("id", .string(row.id)), ("online", row.online.map(JSONValue.bool) ?? .null),
                     ("state", text(row.state)), ("program", text(row.program)), ("seconds_left", left(row.secondsLeft)),
                     ("version", text(row.version)), ("slot", text(row.slot)), ("update", text(row.update))]
                    + (row.zones.isEmpty ? [] : [("zones", .array(row.zones.map { zone in
                        .object([("zone", .string(zone.zone)), ("state", text(zone.state)), ("program", text(zone.program)),
                                 ("seconds_left", left(zone.secondsLeft))])
                    }))]))
        }).text
    }

    /// `text` with control characters (a terminal's escape sequences, line breaks) and the
    /// other characters a one-line label must not hold (``ProgramName/isInvisible(_:)``) as
    /// `?`: anyone who may publish on the broker chooses these strings.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { ProgramName.isInvisible($0) ? "?" : $0 }))
    }

}
