import RotaryKit

/// What a zone's state record (MQTT's retained `<base>/state`, or `<base>/zone/<slug>/state`
/// with zones) says, in values that are cheap to compare every frame: the session asks for it
/// to be published only when this changes (once a second while a countdown runs, once per
/// selection otherwise).
public struct KioskStateRecord: Equatable, Sendable {
    /// The countdown's state, or `idle` when none is active or finished.
    public var state: String
    /// The countdown's program, else the selected one ("" when there is none).
    public var program: String
    /// The countdown's set point, else the selected program's.
    public var setting: SettingReading?
    /// The countdown's length, else the dial's minutes, in seconds.
    public var secondsTotal: Double
    /// Whole seconds left, rounded up (0 with no countdown).
    public var secondsLeft: Double
    /// What the image's updater last said (nil: nothing yet).
    public var update: FleetUpdateReport?
    /// The touches the panel dropped as nobody's so far (``TouchFilter``).
    public var touchesDropped: TouchFilter.Counts
    /// Whether a person has armed remote start at the zone now.
    public var armed: Bool
    /// The countdown's (else the selected program's) on-time cap, in minutes (nil: none).
    public var maxOnMinutes: Int?
    /// What the door sensor last said (nil: nothing).
    public var door: DoorState?
    /// Whether a remote `start` would be taken now.
    public var readyForRemoteStart: Bool
    /// The zone (``ZoneID/whole``: the kiosk has no zones; the record is `<base>/state`).
    public var zone: ZoneID

    /// The record of `session`'s shown zone, or nil while a control moves with no countdown
    /// active (the selection is not settled yet).
    init?(_ session: KioskSession) {
        self.init(session.zones[session.selectedZone], session.context(session.selectedZone), update: session.updateReport,
                  touchesDropped: session.touchesDropped)
    }

    /// The record of `zone` in `context`, with the updater's last `update` and the panel's
    /// `touchesDropped`, or nil while one of its controls moves with no countdown active.
    init?(_ zone: KioskZone, _ context: ZoneContext, update: FleetUpdateReport?, touchesDropped: TouchFilter.Counts) {
        let timer = zone.timer, screen = zone.screen
        let active = timer.isActive || timer.state == .finished
        guard active || screen.panel.isAtRest else { return nil }
        state = active ? timer.state.rawValue : "idle"
        program = active ? timer.program : screen.selectedProgram?.name ?? ""
        setting = active ? zone.countdown.setting : screen.selectedReading
        secondsTotal = active ? timer.secondsTotal : Double(screen.selectedMinutes * 60)
        secondsLeft = active ? timer.secondsLeft.rounded(.up) : 0
        self.update = update
        self.touchesDropped = touchesDropped
        armed = zone.remote.arming.isArmed(at: context.clock)
        maxOnMinutes = zone.onTimeCap(context.settings)
        door = zone.remote.door
        readyForRemoteStart = zone.readyForRemoteStart(context)
        self.zone = zone.id
    }
}
