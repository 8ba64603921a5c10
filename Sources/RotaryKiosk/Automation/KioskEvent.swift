import RotaryKit

/// Everything the kiosk reports while it runs, as values: what the JSON lines, the hooks,
/// the feedback outputs and in-process listeners are made from.
public enum KioskEvent: Equatable, Sendable {
    /// A control's own event (detent, selected, value, pressed, long press).
    case control(ControlEvent)
    /// The countdown moved to a new state; `setting` is the set point it was started with,
    /// `timedOut` says the kiosk cancelled it after `pause_timeout_seconds` paused.
    case timer(TimerReport, setting: SettingReading? = nil, timedOut: Bool = false)
    /// A feedback to play (already rate-limited).
    case feedback(FeedbackKind)
    /// Something went wrong that a person or integrator should know.
    case error(String)
}
