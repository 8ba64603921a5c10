import RotaryKit

/// A kiosk control's own event, the control named by its kind: what the zone's rules match
/// on (exhaustively: a control added to ``KioskControl`` that a rule forgets does not build)
/// and what `detent`, `selected`, `value` and `pressed` lines say.
public enum KioskControlEvent: Equatable, Sendable {
    /// The item under the control's marker changed (a tick for feedback).
    case detent(KioskControl, index: Int)
    /// The control came to rest on item `index`, `label` (or a set point was let go at
    /// `value`), other than the last one.
    case selected(KioskControl, index: Int, label: String, value: Double?)
    /// A set point's value changed.
    case value(KioskControl, value: Double)
    /// The control was tapped or activated.
    case pressed(KioskControl)
    /// The control was held for its long-press time.
    case longPressed(KioskControl)

    /// The kiosk control's event for the panel's `event`, by the id the kiosk screen gave the
    /// control (``KioskControl/id``); nil for a control that is not the kiosk screen's.
    init?(_ event: ControlEvent) {
        let id = switch event {
        case .detent(let id, _), .selected(let id, _, _, _), .value(let id, _), .pressed(let id), .longPressed(let id): id
        }
        guard let control = KioskControl(rawValue: id) else { return nil }
        self = switch event {
        case .detent(_, let index): .detent(control, index: index)
        case .selected(_, let index, let label, let value): .selected(control, index: index, label: label, value: value)
        case .value(_, let value): .value(control, value: value)
        case .pressed: .pressed(control)
        case .longPressed: .longPressed(control)
        }
    }
}
