/// The kiosk screen's controls by kind. The focus ring, the drawing and the locking switch
/// over these, so a control added here that one of them forgets does not build. Listed
/// bottom to top: the order they are drawn in.
public enum KioskControl: String, CaseIterable, Sendable {
    /// The zone tiles across the top (with `[[zone]]` tables): not one of the panel's
    /// controls, a tap on a tile shows its zone.
    case zones
    /// The category strip (with two or more categories).
    case categories
    /// The selected program's set point (when it has one): an arc or a knob.
    case setting
    /// The timer dial around the wheel.
    case dial
    /// The program wheel.
    case wheel
    /// The centre button in the wheel's hub: start, then pause and resume.
    case button
    /// Beside the centre button while a countdown runs or is paused: held, it stops it.
    case stop
    /// Beside the centre button while a countdown runs or is paused (with `[timer]
    /// extend_minutes`): adds that many minutes.
    case extend

    /// The control's id in events, `ready` and `layout` lines, and traces.
    public var id: String { rawValue }

    /// Whether the control steps back (hidden) while a countdown runs, is paused or shows
    /// "Done": everything that chooses what runs; the button stays to pause, resume and
    /// acknowledge.
    var stepsBackForCountdown: Bool {
        switch self {
        case .categories, .setting, .dial, .wheel: true
        case .button, .stop, .extend, .zones: false
        }
    }

    /// Whether the control is there only while a countdown runs or is paused: the running
    /// view's actions besides the centre button.
    var onlyWithCountdown: Bool {
        switch self {
        case .stop, .extend: true
        case .categories, .setting, .dial, .wheel, .button, .zones: false
        }
    }
}
