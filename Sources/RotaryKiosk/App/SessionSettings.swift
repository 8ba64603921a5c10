/// The behaviour settings a session needs from the config and the command line.
public struct SessionSettings: Equatable, Sendable {
    /// Escape quits (windowed development mode only).
    public var escapeQuits = false
    /// Holding the centre button this long cancels a running or paused timer.
    public var longPressSeconds = 1.5
    /// A paused countdown is cancelled after this long (0: never).
    public var pauseTimeoutSeconds = 300.0
    /// "Done" shows this long, then the screen goes back to idle by itself.
    public var doneSeconds = 60.0
    /// Dim after this long without input while nothing runs (0: never).
    public var dimAfterSeconds = 120.0
    /// Two fingers on opposite corners this long quit the kiosk.
    public var adminHoldSeconds = 5.0
    /// At most one tick per this many seconds.
    public var tickInterval = 0.035

    /// Defaults, as in ``KioskConfig``.
    public init() {}

    /// The settings of `config`, with Escape quitting when `windowed`.
    public init(config: KioskConfig, windowed: Bool) {
        escapeQuits = windowed
        longPressSeconds = config.longPressSeconds
        pauseTimeoutSeconds = config.pauseTimeoutSeconds
        doneSeconds = config.doneSeconds
        dimAfterSeconds = config.dimAfterSeconds
        adminHoldSeconds = config.adminHoldSeconds
        tickInterval = config.feedback.tickIntervalMs / 1000
    }
}
