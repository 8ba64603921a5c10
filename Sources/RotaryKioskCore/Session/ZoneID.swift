/// Which zone of the panel something belongs to: its place in tile order, its name and its
/// slug, fixed when the session is made. A config without `[[zone]]` tables has one zone,
/// ``whole``, which event lines, topics and file names do not name; every event, saved
/// countdown and state record carries one, so none can forget its zone.
public struct ZoneID: Hashable, Sendable {
    /// Its place among the session's zones (``KioskSession/zones``).
    public let index: Int
    /// Its name on its tile and in event lines, hooks (`ROTARY_ZONE`) and MQTT ("" for
    /// ``whole``).
    public let name: String
    /// Its name in MQTT topics and file names (``ZoneSettings/id``; "" for ``whole``).
    public let slug: String

    /// The one zone of a config without `[[zone]]` tables: the whole panel.
    public static let whole = ZoneID(index: 0, name: "", slug: "")

    /// Zone `index` of the config, `settings`.
    public init(index: Int, _ settings: ZoneSettings) {
        self.init(index: index, name: settings.name, slug: settings.id)
    }

    private init(index: Int, name: String, slug: String) {
        self.index = index
        self.name = name
        self.slug = slug
    }

    /// Whether it is ``whole``: the panel has no zones, and nothing names this one.
    public var isWhole: Bool { self == .whole }

    /// The zones of a config whose `[[zone]]` tables are `zones`, in order: ``whole`` alone
    /// when there are none.
    public static func all(_ zones: [ZoneSettings]) -> [ZoneID] {
        zones.isEmpty ? [.whole] : zones.enumerated().map { ZoneID(index: $0.offset, $0.element) }
    }
}
