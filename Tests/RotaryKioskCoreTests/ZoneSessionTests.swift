import RotaryKit
import Testing
@testable import RotaryKioskCore

/// Zones in the pure core: the tiles' geometry at every size and rotation, and a session
/// whose zones count down side by side, each edited by its own rings.
@Suite("Zones (pure)")
struct ZoneSessionTests {
    static let zones = [ZoneSettings(name: "Cabin 1", programs: ["Finnish sauna", "Steam bath"]),
                        ZoneSettings(name: "Cabin 2", programs: ["Finnish sauna", "Steam bath"]),
                        ZoneSettings(name: "Laundry", programs: ["Wash 40°", "Quick dry"])]

    func session(zones: [ZoneSettings] = Self.zones, width: Double = 800, height: Double = 480) -> KioskSession {
        let layout = ScreenLayout(width: width, height: height, zones: zones.count)
        let screen = KioskScreen(layout: layout, programs: Program.demo, dialMinutes: Program.defaultDialMinutes)
        return KioskSession(screen: screen, settings: SessionSettings(), zones: zones)
    }

    func tap(_ s: inout KioskSession, at point: Point) -> [KioskEvent] {
        var effects = s.pointer(PointerEvent(.down, finger: 0, at: point, time: s.clock))
        effects += s.advance(by: 0.1)
        return (effects + s.pointer(PointerEvent(.up, finger: 0, at: point, time: s.clock)) + s.advance(by: 0.1)).events
    }

    @Test("tiles are at least a finger (48 px) across, inside the view, apart, and clear of the rings, strip, state and set point",
          arguments: [(800.0, 480.0), (480, 800), (1024, 600), (1280, 800), (1080, 1080), (1920, 1080), (600, 600)])
    func tilesFit(size: (Double, Double)) {
        for rotation in [0, 90, 180, 270] {
            for count in 1...ZoneSettings.maxCount {
                let layout = ScreenLayout(width: size.0, height: size.1, rotation: rotation, hasStrip: true, hasSetting: true,
                                          zones: count)
                let view = Rect(x: 0, y: 0, width: layout.viewWidth, height: layout.viewHeight)
                let others = [Rect(center: layout.center, radius: layout.dialOuterRadius), layout.stateRect]
                    + [layout.stripRect, layout.settingRect].compactMap { $0 }
                let what = "\(Int(size.0))×\(Int(size.1)) at \(rotation)°, \(count) zones"
                #expect(layout.zoneTiles.count == count, "\(what)")
                for (i, tile) in layout.zoneTiles.enumerated() {
                    #expect(tile.width >= layout.panel.fingerPixels && tile.height >= layout.panel.fingerPixels,
                            "\(what): tile \(i) is \(tile.width)×\(tile.height)")
                    #expect(view.intersection(tile) == tile, "\(what): tile \(i) \(tile) leaves the view")
                    for other in others { #expect(tile.intersection(other) == nil, "\(what): tile \(i) \(tile) covers \(other)") }
                    for (j, next) in layout.zoneTiles.enumerated() where j > i {
                        #expect(tile.intersection(next) == nil, "\(what): tiles \(i) and \(j) overlap")
                    }
                }
            }
        }
    }

    @Test("eight zones fit one row at 800×480; a portrait 480×800 takes two rows of four")
    func rows() {
        #expect(Set(ScreenLayout(width: 800, height: 480, zones: 8).zoneTiles.map(\.y)).count == 1)
        #expect(Set(ScreenLayout(width: 480, height: 800, zones: 8).zoneTiles.map(\.y)).count == 2)
    }

    @Test("right to left, the tiles read from the right: the first zone's tile is the rightmost, mirrored")
    func rightToLeft() {
        let ltr = ScreenLayout(width: 800, height: 480, zones: 3).zoneTiles
        let rtl = ScreenLayout(width: 800, height: 480, zones: 3, direction: .rightToLeft).zoneTiles
        #expect(rtl.map(\.x) == ltr.map { 800 - $0.maxX })
        #expect(rtl[0].x > rtl[1].x && rtl[1].x > rtl[2].x)
    }

    @Test("a tap on a tile shows that zone's programs; each zone's rings keep where they were left")
    func tapShowsZone() throws {
        var s = session()
        #expect(s.screen.allPrograms.map(\.name) == ["Finnish sauna", "Steam bath"])
        let events = tap(&s, at: s.screen.layout.zoneTiles[2].center)
        #expect(s.selectedZone == 2)
        #expect(events.contains(.control(.selected(.zones, index: 2, label: "Laundry", value: nil), zone: s.zones[2].id)))
        #expect(s.screen.allPrograms.map(\.name) == ["Wash 40°", "Quick dry"])
        _ = s.encoder(steps: 1)  // the wheel has the focus: the next program
        for _ in 0..<120 { _ = s.advance(by: 1.0 / 60) }
        #expect(s.screen.selectedProgram?.name == "Quick dry")
        _ = tap(&s, at: s.screen.layout.zoneTiles[0].center)
        #expect(s.screen.selectedProgram?.name == "Finnish sauna")
        _ = tap(&s, at: s.screen.layout.zoneTiles[2].center)
        #expect(s.screen.selectedProgram?.name == "Quick dry", "the laundry's wheel stayed where it was left")
    }

    @Test("countdowns run side by side, each event naming its zone, and a zone in the background still finishes and alarms")
    func sideBySide() {
        var s = session()
        let start = tap(&s, at: s.screen.layout.center)
        #expect(start.contains { if case .timer(let r, _, _, let zone) = $0 { r.state == .running && zone.name == "Cabin 1" } else { false } })
        #expect(start.contains(.control(.pressed(.button), zone: s.zones[0].id)))
        _ = tap(&s, at: s.screen.layout.zoneTiles[1].center)
        #expect(s.timer.state == .idle, "Cabin 2's own countdown")
        _ = s.encoder(steps: 1)  // Steam bath, 20 minutes
        for _ in 0..<120 { _ = s.advance(by: 1.0 / 60) }
        _ = tap(&s, at: s.screen.layout.center)
        #expect(s.zones.map(\.timer.state) == [.running, .running, .idle])
        #expect(s.zones.map(\.timer.program) == ["Finnish sauna", "Steam bath", ""])
        // Fifteen minutes on, Cabin 1 (shown or not) finishes with its alarm.
        let later = s.advance(by: 15 * 60)
        #expect(later.events.contains { if case .timer(let r, _, _, let zone) = $0 { r.state == .finished && zone == s.zones[0].id } else { false } })
        #expect(later.events.contains(.feedback(.alarm)))
        #expect(s.zones[0].tile == ZoneTile(label: "Cabin 1", state: .finished, secondsLeft: 0))
        #expect(s.zones[1].tile == ZoneTile(label: "Cabin 2", state: .running, secondsLeft: 5 * 60))
        #expect(s.selectedZone == 1, "nothing jumps to the zone that finished")
    }

    @Test("the rings of a zone with a countdown step back (hidden) with Stop shown, another zone's are there")
    func steppingBackIsPerZone() {
        var s = session()
        _ = tap(&s, at: s.screen.layout.center)
        #expect(s.screen.panel.hidden.contains("wheel") && !s.screen.panel.hidden.contains("stop"))
        _ = tap(&s, at: s.screen.layout.zoneTiles[1].center)
        #expect(s.screen.panel.hidden == ["stop", "extend"])
    }

    @Test("a finger on the wheel when another zone is tapped is let go of: that wheel comes to rest on a program")
    func fingerLetGo() {
        var s = session()
        let wheel = s.screen.wheel
        let grab = Degrees.point(at: -90, radius: (wheel.innerRadius + wheel.outerRadius) / 2, around: wheel.center)
        _ = s.pointer(PointerEvent(.down, finger: 1, at: grab, time: s.clock))
        _ = s.advance(by: 0.05)
        _ = s.pointer(PointerEvent(.moved, finger: 1, at: Degrees.point(at: -60, radius: 150, around: wheel.center), time: s.clock))
        _ = s.pointer(PointerEvent(.down, finger: 2, at: s.screen.layout.zoneTiles[1].center, time: s.clock))
        _ = s.advance(by: 0.05)  // a contact counts once it has lasted a few milliseconds (TouchFilter)
        #expect(s.selectedZone == 1)
        _ = s.pointer(PointerEvent(.up, finger: 2, at: s.screen.layout.zoneTiles[1].center, time: s.clock))
        _ = tap(&s, at: s.screen.layout.zoneTiles[0].center)
        for _ in 0..<240 { _ = s.advance(by: 1.0 / 60) }
        let atRest = s.isAtRest
        #expect(atRest, "no finger is left holding Cabin 1's wheel")
    }

    @Test("Page Down shows the next zone and Page Up the one before, round; without zones they do nothing")
    func pageKeys() {
        var s = session()
        _ = s.key("PageUp")
        #expect(s.selectedZone == 2)
        _ = s.key("PageDown")
        _ = s.key("PageDown")
        #expect(s.selectedZone == 1)
        var plain = session(zones: [])
        #expect(plain.key("PageDown").events.isEmpty)
    }

    @Test("Page Down counts as using the zone it shows: a remote start armed there waits for the person")
    func pageKeyMarksZoneInUse() {
        var s = session()
        _ = s.advance(by: 40)
        _ = s.key("PageDown")
        let inUse = s.isInUse(zone: 1)
        #expect(inUse, "the zone now shown")
        _ = s.advance(by: 31)
        let later = s.isInUse(zone: 1)
        #expect(!later)
    }

    @Test("a command for a zone in the background changes its screen without rebuilding the one shown")
    func backgroundChangeNoRebuild() {
        var settings = SessionSettings()
        settings.remoteControl = .full
        let layout = ScreenLayout(width: 800, height: 480, hasStrip: true, zones: 2)
        let screen = KioskScreen(layout: layout, programs: Program.demoInCategories, dialMinutes: Program.defaultDialMinutes,
                                 categories: Program.demoCategories)
        var s = KioskSession(screen: screen, settings: settings, zones: [ZoneSettings(name: "A"), ZoneSettings(name: "B")])
        _ = s.advance(by: 0.1)
        let laundry = Program.demoInCategories.first { $0.category == Program.demoCategories[1] }!.name
        let effects = s.remote(RemoteMessage(what: "program", payload: Array("\"\(laundry)\"".utf8), zone: "b"))
        #expect(effects.events.first == .command(name: "program", refusal: nil, zone: s.zones[1].id))
        #expect(s.zones[1].screen.selectedProgram?.name == laundry)
        #expect(!effects.contains(.rebuildView), "\(effects)")
        #expect(s.screen.selectedProgram?.name == Program.demoInCategories[0].name)
    }

    @Test("an update is the whole kiosk's: its answer names no zone; a zone's own topic refuses it")
    func updateNamesNoZone() {
        var settings = SessionSettings()
        settings.fleetUpdates = .armed
        settings.hasUpdater = true
        let layout = ScreenLayout(width: 800, height: 480, zones: 2)
        let screen = KioskScreen(layout: layout, programs: Program.demo, dialMinutes: Program.defaultDialMinutes)
        var s = KioskSession(screen: screen, settings: settings, zones: [ZoneSettings(name: "A"), ZoneSettings(name: "B")])
        let url = Array("\"https://example.org/b.raucb\"".utf8)
        #expect(s.remote(RemoteMessage(what: "update", payload: url)).events.first == .command(name: "update", refusal: nil, zone: .whole))
        let refused = s.remote(RemoteMessage(what: "update", payload: url, zone: "a")).events.first
        #expect(refused == .command(name: "update", refusal: "an update is for the whole kiosk: send it to <base>/set/update", zone: s.zones[0].id))
    }

    @Test("a replay's remote line with a zone that is not a string is an error naming the line")
    func replayZoneMustBeText() {
        #expect(throws: ReplayTrace.LineError.self) {
            try ReplayTrace(text: #"{"t":0,"type":"remote","command":"start","zone":5}"#, name: "t", isKeyName: { _ in true })
        }
        #expect(throws: Never.self) {
            try ReplayTrace(text: #"{"t":0,"type":"remote","command":"start","zone":"cabin-1"}"#, name: "t", isKeyName: { _ in true })
        }
    }

    @Test("without zones there is one unnamed zone: no tiles, no zone in any event")
    func noZones() {
        var s = session(zones: [])
        #expect(s.zones.count == 1 && !s.hasZones && s.zones[0].id == .whole && s.screen.layout.zoneTiles.isEmpty)
        let events = tap(&s, at: s.screen.layout.center)
        #expect(!events.isEmpty && events.allSatisfy { $0.zone == .whole })
        #expect(EventRecords.layout("ready", ms: 0, session: s).text.contains("zones") == false)
    }

    @Test("the ready line lists the zone tiles with each zone's state and names the zone the rings edit")
    func readyLine() {
        var s = session()
        _ = tap(&s, at: s.screen.layout.center)
        let text = EventRecords.layout("ready", ms: 0, session: s).text
        #expect(text.contains(#"{"id":"zones","kind":"zones","items":[{"label":"Cabin 1","x":13,"y":12,"w":250,"h":87,"state":"running","seconds_left":900}"#),
                "\(text)")
        #expect(text.hasSuffix(#""selected":0}],"zone":"Cabin 1","time":"15:00"}"#), "\(text)")
    }

    @Test("ids: a name's slug of lower-case letters, digits and dashes, or a hash of a name with none; its own wherever it stands")
    func ids() {
        #expect(["Cabin 1", "cabin-1", "  Wash & Dry! "].map(ZoneSettings.slug(of:)) == ["cabin-1", "cabin-1", "wash-dry"])
        let sauna = ZoneSettings.slug(of: "サウナ")
        #expect(sauna.hasPrefix("zone-") && sauna.count == 13 && sauna != ZoneSettings.slug(of: "スチーム"))
        #expect(ZoneSettings(name: "サウナ").id == sauna)
        #expect(ZoneSettings(name: "Cabin 1", id: "front").id == "front")
    }
}
