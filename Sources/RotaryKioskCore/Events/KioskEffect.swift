import RotaryKit

/// What the session asks of the world, as values: every entry point of ``KioskSession``
/// returns them in the order they are to be carried out, and the shell carries them out in
/// one switch without reading the session to find out what to do.
public enum KioskEffect: Equatable, Sendable {
    /// Announce `event`: its JSON line, the MQTT event topic, the log, and the hook that
    /// follows it (the config's `[hooks]`).
    case emit(KioskEvent)
    /// Play a feedback (sound, rumble, the feedback command); already rate-limited.
    case play(FeedbackKind)
    /// The feedback volume is now `fraction` (0…1), before any sound that follows it.
    case setVolume(Double)
    /// The backlight to `fraction` of its maximum (never quite off).
    case setBacklight(Double)
    /// The backlight off: the panel sleeps outside the opening hours.
    case backlightOff
    /// Keep the operator's levels, touch calibration and wrong-PIN count and lock across restarts.
    case saveOperatorSettings(OperatorLevels, TouchCalibration, PinLock)
    /// Keep the countdown of `zone` across restarts as `report` leaves it, with its set point.
    case saveCountdown(TimerReport, setting: SettingReading?, zone: ZoneID)
    /// Record the countdown's change in the usage log, with its zone.
    case recordUsage(TimerReport, setting: SettingReading?, timedOut: Bool, zone: ZoneID)
    /// The state record (MQTT's retained `state`) changed to `key`; a running countdown ends
    /// `endsIn` seconds from now (nil: none runs).
    case publishState(KioskStateRecord, endsIn: Double?)
    /// The screen's controls changed besides their state (another category's programs,
    /// another set point, a new layout): build the view again and announce the `layout`.
    case rebuildView
    /// Fetch and install the fleet update at `url` into the other slot.
    case installUpdate(url: String)
    /// Reboot into the slot an update was installed into.
    case rebootIntoUpdate
    /// Take the panel's picture as it is now and publish it (`<base>/screenshot`).
    case takeScreenshot
    /// End the app (the service screen's Quit, or Escape in windowed mode).
    case quit
}

extension Array where Element == KioskEffect {
    /// The events among the effects, in order: what the JSON lines say.
    public var events: [KioskEvent] {
        compactMap { if case .emit(let event) = $0 { event } else { nil } }
    }
}
