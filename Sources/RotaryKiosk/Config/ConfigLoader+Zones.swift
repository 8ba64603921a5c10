import TOMLKit

extension ConfigLoader {
    /// Reads the `[[zone]]` tables into `config.zones` (after the programs, whose names they
    /// list); returns each name with its key, for the font check.
    static func readZones(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig) -> [(key: String, name: String)] {
        guard let value = root["zone"] else { return [] }
        guard let array = value.tomlValue.array else {
            r.error("zone", "must be a list of [[zone]] tables (two brackets round each zone's header), "
                + "each with a name, like [[zone]] name = \"Cabin 1\"")
            return []
        }
        guard (1...ZoneSettings.maxCount).contains(array.count) else {
            r.error("zone", "needs 1 to \(ZoneSettings.maxCount) zones, not \(array.count): each is a tile across the top "
                + "of the screen, and more would be too small to touch")
            return []
        }
        var names: [(key: String, name: String)] = []
        var seen: [String: Int] = [:]
        var ids: [String: (index: Int, name: String)] = [:]
        var zones: [ZoneSettings] = []
        for (i, item) in array.enumerated() {
            let path = "zone[\(i)]"
            guard let table = item.tomlValue.table else {
                r.error(path, "must be a table with a name, like [[zone]] name = \"Cabin 1\"")
                continue
            }
            var draft = ZoneDraft(offered: config.programs.map(\.name))
            ConfigSchema.zone.read(table, at: path, &r, into: &draft)
            guard let name = draft.name, draft.isWhole else { continue }
            if let first = seen[name.lowercased()] {
                r.error("\(path).name", "\"\(name)\" is already zone[\(first)] (names are compared ignoring case): "
                    + "give each zone a name of its own")
                continue
            }
            seen[name.lowercased()] = i
            names.append((key: "\(path).name", name: name))
            let zone = ZoneSettings(name: name, id: draft.id, programs: draft.programs, hooks: draft.hooks.commands)
            if let other = ids[zone.id] {
                r.error(draft.id == nil ? "\(path).name" : "\(path).id", "\"\(name)\" would be known as \"\(zone.id)\", as zone[\(other.index)] "
                    + "\"\(other.name)\" is: its saved countdown and MQTT topics go by that id; give one of them an id of its own, "
                    + "like id = \"\(zone.id)-b\"")
                continue
            }
            ids[zone.id] = (i, name)
            zones.append(zone)
        }
        config.zones = zones
        return names
    }
}
