/// One `[[zone]]` table: a timer of its own on the panel (a sauna cabin, a washing machine, a
/// tanning bed), with its own selection, minutes, set point and countdown.
public struct ZoneSettings: Equatable, Sendable {
    /// Its name on its tile and in event lines, hooks (`ROTARY_ZONE`) and MQTT.
    public var name: String
    /// What names it where a name must not move: its MQTT topics (`<base>/zone/<id>/…`), its
    /// saved countdown (`timer-<id>.json`). The config's `id`, else its name's slug
    /// (``slug(of:)``): never its place in the config, so reordering the zones or adding one
    /// moves no countdown to another zone. The config refuses two zones with one id.
    public var id: String
    /// The programs it offers, by name, in the config's order (nil: all of them).
    public var programs: [String]?
    /// Its own hook commands by event kind, used instead of the config's `[hooks]` for its events.
    public var hooks: [HookKind: [String]]

    /// How many zones a panel shows at most.
    public static let maxCount = 8

    /// A zone named `name`, whose ``id`` is `id` or else its name's slug.
    public init(name: String, id: String? = nil, programs: [String]? = nil, hooks: [HookKind: [String]] = [:]) {
        self.name = name
        self.id = id ?? Self.slug(of: name)
        self.programs = programs
        self.hooks = hooks
    }

    /// `name` made of `a`–`z`, `0`–`9` and `-` (MQTT topics and file names): lower-cased,
    /// every other run of characters one `-`. A name with no such character at all ("サウナ")
    /// is `zone-` and eight hex digits of its FNV-1a hash: its own, wherever it stands.
    public static func slug(of name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        guard slug.isEmpty else { return slug }
        let hash = name.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        let hex = String(hash, radix: 16)
        return "zone-" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Whether `id` is a zone id a config may set: 1 to 32 of `a`–`z`, `0`–`9` and `-`, not
    /// starting or ending with `-`.
    public static func isValidID(_ id: String) -> Bool {
        (1...32).contains(id.count) && !id.hasPrefix("-") && !id.hasSuffix("-")
            && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
