/// Whether the fleet may update the kiosk over MQTT (`<base>/set/update` with a bundle's
/// URL): the `[mqtt] updates` setting. Only the kiosk image has an updater (RAUC, A/B slots);
/// elsewhere the command is refused whatever this says.
public enum FleetUpdates: String, CaseIterable, Sendable {
    /// Every `update` command is refused.
    case none
    /// An `update` is taken and waits for the kiosk to be idle (no countdown, no "Done", no
    /// service screen, nobody touching it for ``KioskSession/inUseSeconds``); then the
    /// bundle is installed into the other slot, and the kiosk reboots into it at the next
    /// such idle moment.
    case armed
}

/// Where a fleet update stands, as the session tracks it.
public enum FleetUpdateState: Equatable, Sendable {
    /// Taken; waits for an idle moment to start installing the bundle at `url`.
    case waiting(url: String)
    /// Handed to the updater, which fetches and installs the bundle at `url`.
    case installing(url: String)
    /// The bundle is in the other slot (its version is in the updater's report, ``KioskSession/updateReport``);
    /// waits for an idle moment to reboot into it.
    case installed
    /// The updater asked to reboot into the new slot.
    case rebooting
}

/// What the updater says about the last update, as its result file has it: kept across
/// reboots, shown in the state record and by `rotary-kiosk fleet`.
public struct FleetUpdateReport: Equatable, Sendable {
    /// `installing`, `installed`, `failed`, `rebooting`, then `running` once the new slot drew
    /// its first frame or `rolled-back` when it never did.
    public var result: String
    /// The bundle's version (installed), if known.
    public var version: String?
    /// Why it failed, or what RAUC said.
    public var message: String?
    /// When the updater wrote this, ISO 8601 UTC.
    public var at: String?

    public init(result: String, version: String? = nil, message: String? = nil, at: String? = nil) {
        self.result = result
        self.version = version
        self.message = message
        self.at = at
    }
}
