/// One `[[zone]]` table: a timer of its own on the panel (a sauna cabin, a washing machine, a
/// tanning bed), with its own selection, minutes, set point and countdown.
public struct ZoneSettings: Equatable, Sendable {
    /// Its name on its tile and in event lines, hooks (`ROTARY_ZONE`) and MQTT.
    public var name: String
    /// The programs it offers, by name, in the config's order (nil: all of them).
    public var programs: [String]?
    /// Its own hook commands by event kind (as `[hooks]` names them), used instead of the
    /// config's `[hooks]` for its events.
    public var hooks: [String: [String]]

    /// How many zones a panel shows at most.
    public static let maxCount = 8

    public init(name: String, programs: [String]? = nil, hooks: [String: [String]] = [:]) {
        self.name = name
        self.programs = programs
        self.hooks = hooks
    }

    /// A name for each of `names` made of `a`–`z`, `0`–`9` and `-` (MQTT topics and file
    /// names): lower-cased, every other run of characters one `-`; `zone<N>` (N counting from
    /// 1) when nothing is left; a name that another took first gets `-2`, `-3`….
    public static func slugs(_ names: [String]) -> [String] {
        var taken: Set<String> = []
        return names.enumerated().map { i, name in
            var slug = ""
            for scalar in name.lowercased().unicodeScalars {
                if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                    slug.unicodeScalars.append(scalar)
                } else if !slug.isEmpty, !slug.hasSuffix("-") {
                    slug += "-"
                }
            }
            while slug.hasSuffix("-") { slug.removeLast() }
            if slug.isEmpty { slug = "zone\(i + 1)" }
            var unique = slug, n = 2
            while taken.contains(unique) {
                unique = "\(slug)-\(n)"
                n += 1
            }
            taken.insert(unique)
            return unique
        }
    }
}
