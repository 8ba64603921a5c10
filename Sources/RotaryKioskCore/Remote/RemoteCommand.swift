import Foundation

/// A command from outside the kiosk, read and checked for its form (whether the kiosk may
/// and can do it is the session's to say). Payloads are JSON:
/// - `program`: the program's name, a JSON string (`"Steam bath"`);
/// - `minutes`: a whole number of minutes (`12`);
/// - `setting`: the set point in its unit (`80`);
/// - `start`: empty, `{}`, or an object with any of `program`, `minutes` and `setting`,
///   which are set first;
/// - `pause`, `resume`, `cancel`: empty or `{}`;
/// - `extend`: the whole minutes to add to the running or paused countdown (`15`);
/// - `door`: what the cabin's door sensor says, `open` or `closed` (with or without JSON's
///   quotes; `true`/`ON` are open, `false`/`OFF` closed, as sensors publish them);
/// - `screenshot`: empty or `{}`;
/// - `update`: the URL of a RAUC bundle (http or https), as a JSON string or `{"url": …}`.
public enum RemoteCommand: Equatable, Sendable {
    /// A command for one zone's controls or countdown.
    case zone(ZoneCommand)
    /// A fleet update of the whole kiosk from the RAUC bundle at `url`.
    case update(url: String)
    /// The panel's picture, published on `<base>/screenshot`.
    case screenshot

    /// What a `start` sets before it starts (nil: as the screen shows it).
    public struct Choice: Equatable, Sendable {
        public var program: String?
        public var minutes: Int?
        public var setting: Double?

        public init(program: String? = nil, minutes: Int? = nil, setting: Double? = nil) {
            self.program = program
            self.minutes = minutes
            self.setting = setting
        }
    }

    /// The command names, as the last level of their topics.
    public static let names = ["program", "minutes", "setting", "start", "pause", "resume", "cancel", "extend", "door", "screenshot", "update"]
    /// The longest bundle URL taken, in bytes.
    public static let maxURLBytes = 2048
    /// The largest payload read, in bytes.
    public static let maxPayloadBytes = 4096

    /// Reads `message`; the reason it cannot be read otherwise.
    public static func read(_ message: RemoteMessage) -> Result<RemoteCommand, RemoteRefusal> {
        guard message.payload.count <= maxPayloadBytes else {
            return .failure(RemoteRefusal("the payload is over \(maxPayloadBytes) bytes"))
        }
        // A door sensor's state is a fact, and sensors keep theirs retained: taken either way,
        // the zone weighing a retained word below a live one.
        if message.what == "door" {
            let news: DoorNews = !message.retained ? .live : message.afterReconnect ? .retainedAgain : .retained
            return door(message.payload).map { .zone(.door($0, news)) }
        }
        guard !message.retained else {
            return .failure(RemoteRefusal("retained commands are ignored (they would act again on every reconnect); publish it without retain"))
        }
        guard names.contains(message.what) else {
            return .failure(RemoteRefusal("unknown command; the commands are \(names.joined(separator: ", "))"))
        }
        do {
            return .success(try command(message.what, value: try json(message.payload)))
        } catch let refusal as RemoteRefusal {
            return .failure(refusal)
        } catch {
            return .failure(RemoteRefusal("\(error)"))
        }
    }

    /// A door sensor's word: `open`/`closed`, quoted or not, or a switch's `true`/`ON`
    /// (open) and `false`/`OFF` (closed).
    private static func door(_ payload: [UInt8]) -> Result<DoorState, RemoteRefusal> {
        let word = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            .trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
        switch word {
        case "open", "true", "on": return .success(.open)
        case "closed", "false", "off": return .success(.closed)
        default: return .failure(RemoteRefusal("door takes \"open\" or \"closed\""))
        }
    }

    /// The payload as JSON (nil: empty).
    private static func json(_ payload: [UInt8]) throws -> Any? {
        guard !payload.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return nil }
        guard String(validating: payload, as: UTF8.self) != nil else { throw RemoteRefusal("the payload is not UTF-8 text") }
        guard let value = try? JSONSerialization.jsonObject(with: Data(payload), options: [.fragmentsAllowed]) else {
            throw RemoteRefusal("the payload is not JSON (a program's name is a JSON string: \"Steam bath\" in quotes)")
        }
        return value
    }

    private static func command(_ what: String, value: Any?) throws -> RemoteCommand {
        if what == "update" { return .update(url: try bundleURL((value as? [String: Any])?["url"] ?? value)) }
        if what == "screenshot" {
            if let value, !((value as? [String: Any])?.isEmpty ?? false) { throw RemoteRefusal("screenshot takes nothing or {}") }
            return .screenshot
        }
        return .zone(try zoneCommand(what, value: value))
    }

    private static func zoneCommand(_ what: String, value: Any?) throws -> ZoneCommand {
        switch what {
        case "program": return .program(try name(value, "program"))
        case "minutes": return .minutes(try minutes(value, "minutes"))
        case "setting": return .setting(try number(value, "setting"))
        case "extend": return .extend(try minutes(value, "extend"))
        case "start":
            guard let value else { return .start(RemoteCommand.Choice()) }
            guard let object = value as? [String: Any] else { throw RemoteRefusal("start takes nothing, {} or an object with program, minutes, setting") }
            if let unknown = object.keys.sorted().first(where: { !["program", "minutes", "setting"].contains($0) }) {
                throw RemoteRefusal("start has no field \"\(String(unknown.prefix(40)))\" (program, minutes, setting)")
            }
            return .start(RemoteCommand.Choice(program: try object["program"].map { try name($0, "program") },
                                 minutes: try object["minutes"].map { try minutes($0, "minutes") },
                                 setting: try object["setting"].map { try number($0, "setting") }))
        default:
            if let value, !((value as? [String: Any])?.isEmpty ?? false) { throw RemoteRefusal("\(what) takes nothing or {}") }
            return what == "pause" ? .pause : what == "resume" ? .resume : .cancel
        }
    }

    private static func name(_ value: Any?, _ field: String) throws -> String {
        guard let text = value as? String, !text.isEmpty else { throw RemoteRefusal("\(field) must be a program's name as a JSON string") }
        return text
    }

    /// An http or https URL of printable ASCII, no longer than ``maxURLBytes``, without
    /// `[]{}` (curl reads them as ranges and lists: one URL could ask a billion; a URL that
    /// needs them has them percent-encoded).
    private static func bundleURL(_ value: Any?) throws -> String {
        guard let url = value as? String else { throw RemoteRefusal("update takes a bundle's URL as a JSON string or {\"url\": …}") }
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), url.utf8.count <= maxURLBytes,
              url.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw RemoteRefusal("update's URL must be http:// or https://, printable and at most \(maxURLBytes) bytes")
        }
        guard !url.contains(where: { "[]{}".contains($0) }) else {
            throw RemoteRefusal("update's URL may not hold [ ] { } (percent-encode them: %5B %5D %7B %7D)")
        }
        return url
    }

    private static func number(_ value: Any?, _ field: String) throws -> Double {
        guard let number = JSONValue.finiteNumber(value) else { throw RemoteRefusal("\(field) must be a number") }
        return number
    }

    private static func minutes(_ value: Any?, _ field: String) throws -> Int {
        let number = try number(value, field)
        guard number == number.rounded(), abs(number) < 1e9 else { throw RemoteRefusal("\(field) must be a whole number of minutes") }
        return Int(number)
    }
}

/// A command for one zone: its program, minutes or set point, or its countdown.
public enum ZoneCommand: Equatable, Sendable {
    case program(String)
    case minutes(Int)
    case setting(Double)
    case start(RemoteCommand.Choice)
    case pause
    case resume
    case cancel
    /// Whole minutes more for the running or paused countdown.
    case extend(Int)
    /// What the cabin's door sensor says, and how it came.
    case door(DoorState, DoorNews)

    /// Whether ``RemoteControl/armed`` wants the zone armed for it: all but `pause` and
    /// `cancel`, which only ever stop something, and the door sensor's fact.
    var needsArming: Bool {
        switch self {
        case .pause, .cancel, .door: false
        case .program, .minutes, .setting, .start, .resume, .extend: true
        }
    }

    /// Whether it only tells a fact (the door), which wakes nothing.
    var isFact: Bool {
        if case .door = self { return true }
        return false
    }

    /// Whether it starts or prolongs heating, which an open door forbids from afar.
    var heats: Bool {
        switch self {
        case .start, .resume, .extend: true
        case .program, .minutes, .setting, .pause, .cancel, .door: false
        }
    }
}

/// Why a command was not carried out, as its answer says.
public struct RemoteRefusal: Error, Equatable, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}
