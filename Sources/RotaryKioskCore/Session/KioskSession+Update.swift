/// Fleet updates (`[mqtt] updates`), carried by ``FleetUpdater``: the session says when the
/// kiosk is idle enough for one to move on.
extension KioskSession {
    /// The fleet update under way (nil: none).
    public var fleetUpdate: FleetUpdateState? { fleet.state }
    /// What the updater said about the last update (nil: nothing yet), for the state record.
    public var updateReport: FleetUpdateReport? { fleet.report }

    /// Whether an update may go on now: no countdown and no "Done" in any zone, no service
    /// screen, nobody using the screen.
    var idleForUpdate: Bool {
        !zones.contains { $0.countdown.holdsScreen } && !zones.indices.contains(where: isInUse(zone:))
    }

    /// The updater's result file changed (or was read at start): `report` goes into the state
    /// record, and an install under way ends with it.
    public mutating func updaterReported(_ report: FleetUpdateReport) -> [KioskEffect] {
        effects(of: fleet.heard(report, hasUpdater: settings.hasUpdater))
    }
}
