import RotaryKit

/// How the kiosk writes a time of day ("until 14:35", "Finished at 2:35 PM"): on a 24-hour
/// clock, or a 12-hour one with AM and PM.
public enum ClockStyle: String, Equatable, Sendable {
    case twentyFourHour = "24h"
    case twelveHour = "12h"

    /// `seconds` since midnight (wrapped into one day) to the minute, its digits in `numbers`:
    /// "14:35", or "2:35 PM".
    public func text(secondsSinceMidnight seconds: Double, numbers: NumberStyle) -> String {
        let minutes = seconds.isFinite ? Int(OpeningHours.wrapped(seconds) / 60) : 0
        let (hour, minute) = (minutes / 60, minutes % 60)
        let twoDigits = minute < 10 ? "0\(minute)" : "\(minute)"
        switch self {
        case .twentyFourHour:
            return numbers.write("\(hour < 10 ? "0" : "")\(hour):\(twoDigits)")
        case .twelveHour:
            let shown = hour % 12 == 0 ? 12 : hour % 12
            return numbers.write("\(shown):\(twoDigits)") + (hour < 12 ? " AM" : " PM")
        }
    }
}
