import RotaryKit

/// Everything the kiosk reports while it runs, as values: what the JSON lines, the hooks,
/// the feedback outputs and in-process listeners are made from.
public enum KioskEvent: Equatable, Sendable {
    /// A control's own event (detent, selected, value, pressed, long press), on the screen of
    /// `zone`.
    case control(KioskControlEvent, zone: ZoneID)
    /// The countdown of `zone` moved to a new state; `setting` is the set point it was started
    /// with, `timedOut` says the kiosk cancelled it after `pause_timeout_seconds` paused.
    case timer(TimerReport, setting: SettingReading?, timedOut: Bool, zone: ZoneID)
    /// A feedback to play (already rate-limited).
    case feedback(FeedbackKind)
    /// Something went wrong that a person or integrator should know.
    case error(String)
    /// The operator's side: the service screen, its PIN and its settings.
    case service(ServiceNote)
    /// The panel went off (outside the opening hours, nothing to show) or came back on.
    case display(on: Bool)
    /// The answer to a command from outside (see ``RemoteCommand``): `refusal` says why it
    /// was not carried out (nil: it was); `zone` is the zone it was for (``ZoneID/whole``:
    /// the kiosk's, or a zone the panel does not have).
    case command(name: String, refusal: String?, zone: ZoneID)
    /// A person armed remote start of `zone` at the kiosk for `seconds`.
    case armed(seconds: Double, zone: ZoneID)
    /// Remote start of `zone` is no longer armed, for the reason given.
    case disarmed(RemoteArming.Ending, zone: ZoneID)
    /// A fleet update moved on.
    case update(UpdateNote)
    /// The panel's picture is taken for whoever asked (`<base>/set/screenshot`).
    case screenshot
}

extension KioskEvent {
    /// The zone the event happened in (``ZoneID/whole``: the panel has no zones, or the event
    /// is the whole kiosk's).
    public var zone: ZoneID {
        switch self {
        case .control(_, let zone), .timer(_, _, _, let zone), .armed(_, let zone), .disarmed(_, let zone),
             .command(_, _, let zone): zone
        case .feedback, .error, .service, .display, .update, .screenshot: .whole
        }
    }
}

/// What a fleet update reports (`update {state, …}`).
public enum UpdateNote: Equatable, Sendable {
    /// Taken; waits for the kiosk to be idle.
    case waiting(url: String)
    /// The updater fetches and installs the bundle.
    case installing(url: String)
    /// The bundle `version` is in the other slot; the kiosk reboots into it when idle.
    case installed(version: String)
    /// The update failed; the kiosk stays as it is.
    case failed(String)
    /// The kiosk reboots into the new slot.
    case rebooting
}

/// What the operator's side reports. The service screen's own touches never leave as
/// control events: its keypad would give the PIN away.
public enum ServiceNote: Equatable, Sendable {
    /// The corner hold asked for the PIN.
    case pinAsked
    /// A wrong PIN; `triesLeft` more before entry locks.
    case pinRejected(triesLeft: Int)
    /// Too many wrong PINs: entry is locked for `seconds`.
    case lockedOut(seconds: Double)
    /// The service screen opened.
    case opened
    /// The service screen closed, for `reason`.
    case closed(ServiceClosing)
    /// The operator let go of the brightness at `fraction` (0…1 of the backlight's range).
    case brightness(Double)
    /// The operator let go of the feedback volume at `fraction` (0…1).
    case volume(Double)
    /// A touch calibration was taken and is in use; its check tap landed `checkError` pixels
    /// from its target.
    case calibrated(TouchCalibration, checkError: Double)
    /// A touch calibration was refused: its check tap landed `checkError` pixels from its
    /// target (nil: the taps gave no usable correction at all).
    case calibrationRefused(checkError: Double?)
    /// The operator reset the touch calibration: touches are as the panel reports them.
    case calibrationReset
}

/// Why the service screen (or its PIN pad) closed.
public enum ServiceClosing: String, Sendable {
    /// The operator closed it.
    case left
    /// Nobody touched it for its timeout.
    case timeout
    /// The operator quit the app from it.
    case quit
}
