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
    /// The centre button in the wheel's hub.
    case button

    /// The control's id in events, `ready` and `layout` lines, and traces.
    public var id: String { rawValue }

    /// Whether a running countdown, or its "Done", locks the control: everything that
    /// chooses what runs; the button stays free to pause, resume, cancel and acknowledge.
    var locksWithCountdown: Bool {
        switch self {
        case .categories, .setting, .dial, .wheel: true
        case .button, .zones: false
        }
    }
}
