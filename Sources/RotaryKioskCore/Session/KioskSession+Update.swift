/// Fleet updates (`[mqtt] updates`): an `update` command waits for an idle moment before the
/// shell's updater installs the bundle, and the kiosk reboots into it only at the next idle
/// moment, so nobody at the panel and no countdown ever sees it happen.
extension KioskSession {
    /// Why an `update` command is refused now (nil: it is taken).
    var updateRefusal: String? {
        if settings.fleetUpdates == .none { return "fleet updates are off ([mqtt] updates = \"none\")" }
        if !settings.hasUpdater { return "this system has no A/B updater: only the kiosk image (kiosk/image) installs updates" }
        switch fleetUpdate {
        case .installing, .rebooting: return "an update is being installed"
        case .waiting, .installed, nil: return nil  // a newer bundle replaces one not yet installed
        }
    }

    /// Whether an update may go on now: no countdown and no "Done" in any zone, no service
    /// screen, nobody using the screen.
    var idleForUpdate: Bool {
        !zones.contains { $0.countdown.holdsScreen } && !zones.indices.contains(where: isInUse(zone:))
    }

    /// Moves a waiting update to installing, or an installed one to rebooting, when idle.
    mutating func moveUpdateOn() -> [KioskEvent] {
        guard idleForUpdate else { return [] }
        switch fleetUpdate {
        case .waiting(let url):
            fleetUpdate = .installing(url: url)
            return [.update(.installing(url: url))]
        case .installed:
            fleetUpdate = .rebooting
            return [.update(.rebooting)]
        case .installing, .rebooting, nil:
            return []
        }
    }

    /// The updater's result file changed (or was read at start): `report` goes into the state
    /// record, and an install under way ends with it.
    public mutating func updaterReported(_ report: FleetUpdateReport) -> [KioskEffect] { effects(of: takeReport(report)) }

    private mutating func takeReport(_ report: FleetUpdateReport) -> [KioskEvent] {
        updateReport = report
        switch (fleetUpdate, report.result) {
        case (.installing, "installed"):
            fleetUpdate = .installed
            return [.update(.installed(version: report.version ?? ""))]
        case (nil, "installed") where settings.hasUpdater:
            fleetUpdate = .installed  // installed before the kiosk restarted: the reboot is still owed
            return []
        case (.installing, "failed"):
            fleetUpdate = nil
            return [.update(.failed(report.message ?? "the updater gave no reason"))]
        default:
            return []
        }
    }
}
