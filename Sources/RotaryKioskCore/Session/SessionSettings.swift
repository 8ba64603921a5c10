import RotaryKit

/// The behaviour settings a session needs from the config and the command line.
public struct SessionSettings: Equatable, Sendable {
    /// Escape quits (windowed development mode only).
    public var escapeQuits: Bool
    /// Holding Stop this long cancels a running or paused timer.
    public var longPressSeconds: Double
    /// The minutes "+N min" adds to a running or paused countdown (0: no such control).
    public var extendMinutes: Int
    /// A paused countdown is cancelled after this long (0: never).
    public var pauseTimeoutSeconds: Double
    /// "Done" shows this long, then the screen goes back to idle by itself.
    public var doneSeconds: Double
    /// While "Done" shows, its alarm sounds again this often, in seconds (0: once).
    public var alarmRepeatSeconds: Double
    /// Dim after this long without input while nothing runs (0: never).
    public var dimAfterSeconds: Double
    /// When the panel is on (nil: always).
    public var openingHours: OpeningHours?
    /// Outside the opening hours, a touch keeps the panel on this long after the last one.
    public var wakeSeconds: Double
    /// Two fingers on opposite corners this long open the service screen.
    public var adminHoldSeconds: Double
    /// The service PIN (nil: the service screen opens without a PIN).
    public var pin: ServicePIN?
    /// The feedback volume the config sets, 0…1 (the operator may have chosen another).
    public var volume: Double
    /// At most one tick per this many seconds.
    public var tickInterval: Double
    /// What commands from outside may do.
    public var remoteControl: RemoteControl
    /// How long remote start stays armed after a person arms it, in seconds.
    public var armSeconds: Double
    /// Whether the fleet may update the kiosk over MQTT.
    public var fleetUpdates: FleetUpdates
    /// Whether this system has an updater (the kiosk image's A/B slots); the shell says so.
    public var hasUpdater = false
    /// Which touches count as nobody's (``TouchFilter``).
    public var touchFilter: TouchFilter.Settings
    /// The on-time cap and the door.
    public var safety: KioskConfig.Safety
    /// How far the picture may move against burn-in, pixels each way (0: it stays put).
    public var shiftPixels: Int

    /// The settings of `config`, with Escape quitting when `windowed`, and its PIN hash
    /// checked by `checkPIN(pin, hash)`.
    public init(config: KioskConfig, windowed: Bool, checkPIN: @escaping @Sendable (_ pin: String, _ hash: String) -> Bool) {
        escapeQuits = windowed
        longPressSeconds = config.longPressSeconds
        extendMinutes = config.extendMinutes
        pauseTimeoutSeconds = config.pauseTimeoutSeconds
        doneSeconds = config.doneSeconds
        alarmRepeatSeconds = config.feedback.alarmRepeatSeconds
        dimAfterSeconds = config.dimAfterSeconds
        openingHours = config.openingHours
        wakeSeconds = config.wakeSeconds
        adminHoldSeconds = config.adminHoldSeconds
        pin = config.pinHash.map { ServicePIN(hash: $0, check: checkPIN) }
        volume = config.feedback.volume
        tickInterval = config.feedback.tickIntervalMs / 1000
        remoteControl = config.mqtt?.control ?? .none
        armSeconds = (config.mqtt?.armMinutes ?? 10) * 60
        fleetUpdates = config.mqtt?.updates ?? .none
        touchFilter = config.touchFilter
        safety = config.safety
        shiftPixels = config.shiftPixels
    }
}
