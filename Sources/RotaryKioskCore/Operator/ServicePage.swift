/// Which face of the service screen shows.
package enum ServicePage: Equatable, Sendable {
    /// The PIN pad.
    case pin
    /// The service menu on one tab.
    case menu(ServiceTab)
    /// The whole screen shows every finger on it.
    case touchTest
    /// The whole screen shows one calibration target at a time.
    case calibration

    /// The page's name in event lines: `pin`, or the tab's (`display`, `sound`, …).
    var name: String {
        switch self {
        case .pin: "pin"
        case .touchTest: "touch_test"
        case .calibration: "calibration"
        case .menu(let tab): tab.title.lowercased()
        }
    }
}

/// The service menu's tabs, in the strip's order.
package enum ServiceTab: Int, CaseIterable, Sendable {
    case display, sound, touch, diagnostics, errors, usage, exit

    /// The tab's name in English, as event lines give it (lowercased).
    package var title: String {
        switch self {
        case .display: "Display"
        case .sound: "Sound"
        case .touch: "Touch"
        case .diagnostics: "Diagnostics"
        case .errors: "Errors"
        case .usage: "Usage"
        case .exit: "Exit"
        }
    }
}

extension ServiceTab {
    /// The tab's name on the strip, in the panel's language.
    package var word: ServiceWord {
        switch self {
        case .display: .display
        case .sound: .sound
        case .touch: .touch
        case .diagnostics: .diagnostics
        case .errors: .errors
        case .usage: .usage
        case .exit: .exit
        }
    }
}
