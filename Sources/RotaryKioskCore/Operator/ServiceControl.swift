import RotaryKit

/// A control of the service screen, typed as the kiosk screen's are (``KioskControl``): its
/// id is what events, `layout` lines and traces name it by.
enum ServiceControl: Hashable, Sendable {
    /// The ✕ in the title bar.
    case close
    /// The strip of tabs.
    case tabs
    /// The backlight's knob (Display tab).
    case brightness
    /// The feedback volume's arc (Sound tab).
    case volume
    /// Back to the kiosk screen (Exit tab).
    case leave
    /// Out of the app (Exit tab).
    case quit
    /// The touch test page (Touch tab).
    case touchTest
    /// The four-target touch calibration (Touch tab).
    case calibrate
    /// Back to no calibration (Touch tab).
    case resetCalibration
    /// A key of the PIN pad.
    case key(PadKey)

    /// The control's id in the service screen's panel.
    var id: String {
        switch self {
        case .close: "service.close"
        case .tabs: "service.tabs"
        case .brightness: "service.brightness"
        case .volume: "service.volume"
        case .leave: "service.leave"
        case .quit: "service.quit"
        case .touchTest: "service.touch-test"
        case .calibrate: "service.calibrate"
        case .resetCalibration: "service.calibration-reset"
        case .key(let key): "pin." + key.name
        }
    }

    /// Every control the service screen may have.
    static let all: [ServiceControl] = [.close, .tabs, .brightness, .volume, .leave, .quit, .touchTest, .calibrate, .resetCalibration]
        + PadKey.pad.map(ServiceControl.key)

    /// The control whose id is `id` (nil: none of the service screen's).
    init?(id: String) {
        guard let control = Self.all.first(where: { $0.id == id }) else { return nil }
        self = control
    }

    /// What a tap on it asks for (nil: it is not a button).
    var pressed: ServiceAction? {
        switch self {
        case .close: .close
        case .leave: .leave
        case .quit: .quit
        case .touchTest: .showTouchTest
        case .calibrate: .calibrate
        case .resetCalibration: .resetCalibration
        case .key(let key): .padKey(key)
        case .tabs, .brightness, .volume: nil
        }
    }
}

/// A key of the service screen's PIN pad.
enum PadKey: Hashable, Sendable {
    /// A digit, 0–9: it types its ASCII digit, whatever digits the panel shows.
    case digit(Int)
    /// Deletes the last digit typed.
    case back
    /// Checks the PIN typed.
    case ok

    /// The pad as it stands, row by row, three across: 1 2 3 / 4 5 6 / 7 8 9 / ⌫ 0 OK.
    static let pad: [PadKey] = (1...9).map(PadKey.digit) + [.back, .digit(0), .ok]

    /// Its name in its control's id: the digit, `back` or `ok`.
    var name: String {
        switch self {
        case .digit(let digit): String(digit)
        case .back: "back"
        case .ok: "ok"
        }
    }
}

/// What an event of the service screen's controls asks of it.
enum ServiceAction: Equatable, Sendable {
    case close, leave, quit, showTouchTest, calibrate, resetCalibration
    case padKey(PadKey)
    /// A control passed an item: a tick.
    case tick
    case showTab(ServiceTab)
    /// The brightness knob or volume arc moved to `percent`; `settled` once let go.
    case brightness(percent: Double, settled: Bool)
    case volume(percent: Double, settled: Bool)

    /// What the panel's `event` asks for (nil: nothing).
    init?(_ event: ControlEvent) {
        let action: ServiceAction? = switch event {
        case .pressed(let id): ServiceControl(id: id)?.pressed
        case .detent: .tick
        case .selected(let id, let index, _, let value): Self.settled(ServiceControl(id: id), index: index, value: value)
        case .value(let id, let value): Self.level(ServiceControl(id: id), percent: value, settled: false)
        case .longPressed: nil
        }
        guard let action else { return nil }
        self = action
    }

    /// What `control` coming to rest on item `index` or at `value` asks for.
    private static func settled(_ control: ServiceControl?, index: Int, value: Double?) -> ServiceAction? {
        if control == .tabs { return ServiceTab(rawValue: index).map(ServiceAction.showTab) }
        return value.flatMap { level(control, percent: $0, settled: true) }
    }

    /// A level `control` set to `percent`.
    private static func level(_ control: ServiceControl?, percent: Double, settled: Bool) -> ServiceAction? {
        guard let control else { return nil }
        return switch control {
        case .brightness: .brightness(percent: percent, settled: settled)
        case .volume: .volume(percent: percent, settled: settled)
        case .close, .tabs, .leave, .quit, .touchTest, .calibrate, .resetCalibration, .key: nil
        }
    }
}
