import TOMLKit

/// One `[[zone]]` table as the file gives it, with the programs it may offer.
struct ZoneDraft: ConfigTarget {
    /// The `[[program]]` names, which its `programs` must be among.
    var offered: [String] = []
    var name: String?
    var id: String?
    var programs: [String]?
    var hooks = HooksDraft()
    /// Whether every key it has was read without a problem (a zone with one is left out).
    var isWhole = true

    static var defaults: ZoneDraft { ZoneDraft() }
}

/// A `[zone.hooks]` table's commands.
struct HooksDraft: ConfigTarget {
    var commands: [HookKind: [String]] = [:]
    static var defaults: HooksDraft { HooksDraft() }
}

extension ConfigSchema {
    static var zone: ConfigSection<ZoneDraft> { ConfigSection<ZoneDraft>(
        header: "[[zone]]", doc: "Timers of their own on one panel (cabins, machines), each a tile across the top: 1 to \(ZoneSettings.maxCount).",
        keys: [
            .label("name", \.name, limit: TextLimit.zoneName, shownOn: "a zone's tile",
                   missing: "each [[zone]] is a timer of its own with its name on its tile; add name = \"…\"",
                   doc: "Its name on its tile, in events (zone), hooks (ROTARY_ZONE) and MQTT."),
            .custom("id", takes: "1 to 32 of a–z, 0–9 and -", default: "its name's slug",
                    doc: "What names it in MQTT topics and its saved countdown's file: set it to rename a zone safely.") { r, key, draft in
                guard key.value != nil else { return }
                guard let given = r.string(key) else { return draft.isWhole = false }
                guard ZoneSettings.isValidID(given) else {
                    draft.isWhole = false
                    return r.error(key, "must be 1 to 32 of a–z, 0–9 and -, not starting or ending with -, like id = \"cabin-1\"")
                }
                draft.id = given
            },
            .custom("programs", takes: "a list of [[program]] names", default: "all of them", doc: "The programs its wheel offers.") { r, key, draft in
                guard key.value != nil else { return }
                draft.programs = readZonePrograms(key, offered: draft.offered, &r)
                if draft.programs == nil { draft.isWhole = false }
            },
            .custom("hooks", takes: "a [zone.hooks] table", default: "none",
                    doc: "Its own hook commands, used instead of [hooks]' for its events.") { r, key, draft in
                guard let hooks = key.value else { return }
                guard let hooks = hooks.tomlValue.table else {
                    draft.isWhole = false
                    return r.error(key, "must be a table of the zone's own hooks, like [zone.hooks] on_timer_finished = [\"…\"]")
                }
                zoneHooks.read(hooks, at: key.path, &r, into: &draft.hooks)
            },
        ]) }

    static var zoneHooks: ConfigSection<HooksDraft> { ConfigSection<HooksDraft>(
        header: "[zone.hooks]", doc: "A zone's own hook commands, as in [hooks].",
        keys: HookKind.allCases.map { kind in .command(kind.key, \.commands[kind], doc: kind.doc) }) }

    /// The tables the file's top level may have.
    static var rootTables: [String] {
        [program.name, category.name] + panelSections.map(\.name) + [locale.name, strings.name, mqtt.name, zone.name]
    }

    /// Every table's keys, in the order the key list shows them: what the wheel offers, then the
    /// panel, the words and the link.
    static var listings: [ConfigListing] {
        [category.listing, program.listing, setting.listing, zone.listing, zoneHooks.listing] + panelSections.map(\.listing)
            + [locale.listing, strings.listing, mqtt.listing]
    }
}

extension ConfigSection {
    /// Its name as a key: the header without brackets (`program`, `program.setting`).
    var name: String { String(header.filter { $0 != "[" && $0 != "]" }) }
}

extension ConfigSchema {
    /// A zone's `programs`: names of `[[program]]` tables (as they are written), each once, at
    /// least one; nil when any is wrong.
    static func readZonePrograms(_ spot: ConfigSpot, offered: [String], _ r: inout ConfigReader) -> [String]? {
        let key = spot.path
        guard let names = r.array(spot, { reader, value, itemPath -> String? in
            guard let name = value.string else { reader.error(itemPath, "must be a program's name, not \(value.type)"); return nil }
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            if offered.contains(trimmed) { return trimmed }
            if let match = offered.first(where: { $0.lowercased() == trimmed.lowercased() }) {
                reader.error(itemPath, "\"\(name)\" is written \"\(match)\" in [[program]]: write it the same way")
            } else {
                reader.error(itemPath, "\"\(name)\" is no [[program]]'s name; the programs are "
                    + offered.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ") + (offered.count > 8 ? ", …" : ""))
            }
            return nil
        }) else { return nil }
        guard !names.isEmpty else {
            r.error(key, "lists no program: the zone's wheel needs at least one (leave programs out to offer all of them)")
            return nil
        }
        if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            r.error(key, "lists \"\(twice)\" twice: list each program once")
            return nil
        }
        return names
    }
}
