import RotaryKit

/// Which zone shows, and the panel-wide rules over the zones' remote-start arming.
extension KioskSession {
    /// The keys that show the next zone (Page Down) and the one before (Page Up), round.
    static let zoneKeys = ["PageDown": 1, "PageUp": -1]

    /// Makes zone `index` the one the rings edit (a tap on its tile, a key): its screen shows
    /// as it was left, and a person is at it. Fingers on the zone shown before are let go of
    /// at `time` (the tap's, seconds), so none stays on a control nobody sees.
    mutating func selectZone(_ index: Int, at time: Double) -> [KioskEvent] {
        defer { usedShownZone() }
        guard zones.indices.contains(index), index != selectedZone else { return [] }
        let released = onShownZone { zone, context in zone.react(to: zone.screen.panel.cancelTouches(at: time), context) }
        selectedZone = index
        let tile = zones[index].tile
        return released + [.control(.selected(.zones, index: index, label: tile.label, value: nil), zone: zones[index].id),
                           .feedback(.press)]
    }

    /// Whether the remote-start arming control is on the screen: with `[mqtt] control =
    /// "armed"`, and not while a countdown holds the screen (a remote start could not start
    /// then, and the running view takes its room).
    package var showsArmingControl: Bool { settings.remoteControl.showsArming && !countdown.holdsScreen }

    /// Remote start disarmed where its time ran out, and in every zone while the panel
    /// sleeps or the service screen shows.
    mutating func disarmWhereDue() -> [KioskEvent] {
        var events: [KioskEvent] = []
        for index in zones.indices {
            if zones[index].remote.armingExpired(at: clock) { events += zones[index].disarm(.expired) }
            if isAsleep || service != nil { events += zones[index].disarm(.local) }
        }
        return events
    }
}
