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
            .label("name", \.name, limit: ConfigLoader.zoneNameLimit, shownOn: "a zone's tile",
                   missing: "each [[zone]] is a timer of its own with its name on its tile; add name = \"…\"",
                   doc: "Its name on its tile, in events (zone), hooks (ROTARY_ZONE) and MQTT."),
            .custom("id", takes: "1 to 32 of a–z, 0–9 and -", default: "its name's slug",
                    doc: "What names it in MQTT topics and its saved countdown's file: set it to rename a zone safely.") { r, table, path, draft in
                guard table["id"] != nil else { return }
                guard let given = r.string(table, "id", at: path) else { return draft.isWhole = false }
                guard ZoneSettings.isValidID(given) else {
                    draft.isWhole = false
                    return r.error("\(path).id", "must be 1 to 32 of a–z, 0–9 and -, not starting or ending with -, like id = \"cabin-1\"")
                }
                draft.id = given
            },
            .custom("programs", takes: "a list of [[program]] names", default: "all of them", doc: "The programs its wheel offers.") { r, table, path, draft in
                guard table["programs"] != nil else { return }
                draft.programs = ConfigLoader.readZonePrograms(table, at: path, offered: draft.offered, &r)
                if draft.programs == nil { draft.isWhole = false }
            },
            .custom("hooks", takes: "a [zone.hooks] table", default: "none",
                    doc: "Its own hook commands, used instead of [hooks]' for its events.") { r, table, path, draft in
                guard let hooks = table["hooks"] else { return }
                guard let hooks = hooks.tomlValue.table else {
                    draft.isWhole = false
                    return r.error("\(path).hooks", "must be a table of the zone's own hooks, like [zone.hooks] on_timer_finished = [\"…\"]")
                }
                zoneHooks.read(hooks, at: "\(path).hooks", &r, into: &draft.hooks)
            },
        ]) }

    static var zoneHooks: ConfigSection<HooksDraft> { ConfigSection<HooksDraft>(
        header: "[zone.hooks]", doc: "A zone's own hook commands, as in [hooks].",
        keys: HookKind.allCases.map { kind in .command(kind.key, \.commands[kind], doc: kind.doc) }) }

    /// The tables the file's top level may have.
    static var rootTables: [String] {
        [program.name, category.name, dial.name, display.name, touch.name, safety.name, timer.name, admin.name, hooks.name, feedback.name, theme.name,
         locale.name, strings.name, usage.name, mqtt.name, zone.name]
    }

    /// Every table's keys, in the order the key list shows them: what the wheel offers, then the
    /// panel, the words and the link.
    static var listings: [ConfigListing] {
        [category.listing, program.listing, setting.listing, zone.listing, zoneHooks.listing] + panelListings
            + [locale.listing, strings.listing, mqtt.listing]
    }
}

extension ConfigSection {
    /// Its name as a key: the header without brackets (`program`, `program.setting`).
    var name: String { String(header.filter { $0 != "[" && $0 != "]" }) }
}
