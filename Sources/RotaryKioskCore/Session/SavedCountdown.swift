import RotaryKit

/// A countdown as it was kept across a restart, to be put back into its zone (see
/// ``KioskSession/start(problems:restoring:)``).
public struct SavedCountdown: Equatable, Sendable {
    /// Running or paused (a finished one is reported finished).
    public var state: TimerState
    /// Its program's name: what finds it on the wheel.
    public var program: String
    /// Its length and what is left of it now, seconds.
    public var secondsTotal: Double
    public var secondsLeft: Double
    /// The set point it was started with.
    public var setting: SettingReading?
    /// The zone it was saved for: it goes back into that zone only.
    public var zone: ZoneID
    /// Why a stop may not have been kept, or could not be kept now (the panel restarted since;
    /// the state folder is read-only or full), so a running countdown comes back paused: a
    /// person's stop that a restart could undo would switch a heater back on (nil: it is kept).
    public var stopNotKept: String?

    public init(state: TimerState, program: String, secondsTotal: Double, secondsLeft: Double, setting: SettingReading? = nil,
                zone: ZoneID, stopNotKept: String? = nil) {
        self.state = state
        self.program = program
        self.secondsTotal = secondsTotal
        self.secondsLeft = secondsLeft
        self.setting = setting
        self.zone = zone
        self.stopNotKept = stopNotKept
    }
}
