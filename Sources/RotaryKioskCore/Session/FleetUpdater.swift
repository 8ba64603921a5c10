/// Fleet updates (`[mqtt] updates`) as the session tracks them: an `update` command waits for
/// an idle moment before the shell's updater installs the bundle, and the kiosk reboots into
/// it only at the next idle moment, so nobody at the panel and no countdown ever sees it
/// happen. One part of ``KioskSession``.
struct FleetUpdater: Sendable {
    /// The update under way (nil: none).
    private(set) var state: FleetUpdateState?
    /// What the updater said about the last update (nil: nothing yet), for the state record.
    private(set) var report: FleetUpdateReport?

    /// Why an `update` command is refused now with `settings` (nil: it is taken).
    func refusal(_ settings: SessionSettings) -> String? {
        if settings.fleetUpdates == .none { return "fleet updates are off ([mqtt] updates = \"none\")" }
        if !settings.hasUpdater { return "this system has no A/B updater: only the kiosk image (kiosk/image) installs updates" }
        switch state {
        case .installing, .rebooting: return "an update is being installed"
        case .waiting, .installed, nil: return nil  // a newer bundle replaces one not yet installed
        }
    }

    /// Starts an update to the bundle at `url`: it waits for an idle moment.
    mutating func start(url: String) -> [KioskEvent] {
        state = .waiting(url: url)
        return [.update(.waiting(url: url))]
    }

    /// Moves a waiting update to installing, or an installed one to rebooting, when `idle`.
    mutating func moveOn(idle: Bool) -> [KioskEvent] {
        guard idle else { return [] }
        switch state {
        case .waiting(let url):
            state = .installing(url: url)
            return [.update(.installing(url: url))]
        case .installed:
            state = .rebooting
            return [.update(.rebooting)]
        case .installing, .rebooting, nil:
            return []
        }
    }

    /// The updater's result file said `report` (or was read at start): it goes into the state
    /// record, and an install under way ends with it. `hasUpdater`: an install the report
    /// finds done before the kiosk restarted still owes its reboot.
    mutating func heard(_ report: FleetUpdateReport, hasUpdater: Bool) -> [KioskEvent] {
        self.report = report
        switch (state, report.result) {
        case (.installing, "installed"):
            state = .installed
            return [.update(.installed(version: report.version ?? ""))]
        case (nil, "installed") where hasUpdater:
            state = .installed  // installed before the kiosk restarted: the reboot is still owed
            return []
        case (.installing, "failed"):
            state = nil
            return [.update(.failed(report.message ?? "the updater gave no reason"))]
        default:
            return []
        }
    }
}
