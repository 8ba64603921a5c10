/// An event kind a hook command can follow. Its config key is ``key`` (in `[hooks]` and
/// `[zone.hooks]`), and its raw value is what the command finds in `ROTARY_EVENT`.
public enum HookKind: String, CaseIterable, Sendable {
    case selected
    case pressed
    case timerStarted = "timer_started"
    case timerPaused = "timer_paused"
    case timerResumed = "timer_resumed"
    case timerFinished = "timer_finished"
    case timerCancelled = "timer_cancelled"
    case timerExtended = "timer_extended"

    /// Its key in `[hooks]` and `[zone.hooks]`: `on_` and the raw value (`on_timer_finished`).
    public var key: String { "on_" + rawValue }
}
