/// A command as it arrived from outside the kiosk, not yet read: MQTT's
/// `<base>/set/<what>` or `<base>/zone/<zone>/set/<what>` with its payload, or a replay's
/// `remote` line.
public struct RemoteMessage: Equatable, Sendable {
    /// The topic's last level: `program`, `minutes`, `setting`, `start`, `pause`, `resume`
    /// or `cancel` (anything else is answered as unknown).
    public var what: String
    /// The payload's bytes, as sent.
    public var payload: [UInt8]
    /// Whether the broker kept it (a retained command would act again on every reconnect,
    /// so it is refused).
    public var retained: Bool
    /// Whether it came on a connection after the link's first (a retained message is then
    /// the broker's old copy sent again, not news).
    public var afterReconnect: Bool
    /// The zone it is for, by its slug (as the topic names it) or its name (nil: the kiosk's
    /// own topic).
    public var zone: String?

    public init(what: String, payload: [UInt8], retained: Bool = false, afterReconnect: Bool = false, zone: String? = nil) {
        self.what = what
        self.payload = payload
        self.retained = retained
        self.afterReconnect = afterReconnect
        self.zone = zone
    }

    /// The command's name for its answer: `what`, cut to 64 characters.
    public var name: String { what.count > 64 ? String(what.prefix(64)) + "…" : what }
}
