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
        switch event {
        case .detent(let id, let index): guard let control = KioskControl(rawValue: id) else { return nil }
            self = .detent(control, index: index)
        case .selected(let id, let index, let label, let value): guard let control = KioskControl(rawValue: id) else { return nil }
            self = .selected(control, index: index, label: label, value: value)
        case .value(let id, let value): guard let control = KioskControl(rawValue: id) else { return nil }
            self = .value(control, value: value)
        case .pressed(let id): guard let control = KioskControl(rawValue: id) else { return nil }
            self = .pressed(control)
        case .longPressed(let id): guard let control = KioskControl(rawValue: id) else { return nil }
            self = .longPressed(control)
        }
    }
}
