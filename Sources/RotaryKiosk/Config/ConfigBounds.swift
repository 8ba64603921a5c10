import Foundation

/// The values a number key accepts and why, so a message can say both: "must be 0 or
/// between 10 and 86400 seconds, not 0.001: below 10 s the screen would dim between
/// touches; 0 turns dimming off".
struct ConfigBounds: Sendable {
    /// The working values.
    var range: ClosedRange<Double>
    /// A value outside `range` that turns the feature off (0 for "never"), if there is one.
    var off: Double?
    /// The unit after the numbers in the message ("seconds"), or "".
    var unit: String
    /// Why these bounds: what would go wrong outside them.
    var why: String

    init(_ range: ClosedRange<Double>, off: Double? = nil, unit: String = "", why: String) {
        self.range = range
        self.off = off
        self.unit = unit
        self.why = why
    }

    func accepts(_ value: Double) -> Bool { range.contains(value) || value == off }

    /// What is wrong with `value`, or nil when it is accepted.
    func problem(_ value: Double) -> String? {
        guard !accepts(value) else { return nil }
        let unit = unit.isEmpty ? "" : " \(unit)"
        let between = "between \(Self.text(range.lowerBound)) and \(Self.text(range.upperBound))\(unit)"
        let allowed = off.map { "\(Self.text($0)) or \(between)" } ?? between
        return "must be \(allowed), not \(Self.text(value)): \(why)"
    }

    /// The values it takes, for the key list: "10 to 86400 seconds, or 0 (off)".
    var summary: String {
        let unit = unit.isEmpty ? "" : " \(unit)"
        return "\(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))\(unit)" + (off.map { ", or \(Self.text($0)) (off)" } ?? "")
    }

    /// `10` rather than `10.0`, `0.001` as written.
    static func text(_ value: Double) -> String { JSONValue.plain(value) }

    /// `value` for a message, rounded to `places` decimals so sums like 0.1 + 0.2 print as 0.3.
    static func message(_ value: Double, places: Int = 9) -> String {
        let scale = pow(10, Double(places))
        return text((value * scale).rounded() / scale)
    }
}

/// The bounds of every number in the config, in one place with their reasons.
extension ConfigBounds {
    static let dialMinutes = ConfigBounds(0...1440, unit: "minutes",
                                          why: "the dial counts minutes, up to a day (1440)")
    static let programMinutes = ConfigBounds(1...1440, unit: "minutes",
                                             why: "a program of 0 minutes could never start, and the dial counts up to a day (1440)")
    static let dimAfter = ConfigBounds(10...86_400, off: 0, unit: "seconds",
                                       why: "below 10 s the screen would dim between touches; 0 turns dimming off")
    static let wake = ConfigBounds(5...3600, unit: "seconds",
                                   why: "below 5 s the panel would go off while a person reads it; "
                                       + "past an hour it would hardly be off outside the opening hours")
    static let armMinutes = ConfigBounds(1...240, unit: "minutes",
                                         why: "armed is a person's word that the cabin is safe to start: "
                                             + "it must not outlast their visit by hours")
    static let longPress = ConfigBounds(0.3...10, unit: "seconds",
                                        why: "below 0.3 s an ordinary tap would cancel the timer; nobody holds longer than 10 s")
    static let pauseTimeout = ConfigBounds(10...86_400, off: 0, unit: "seconds",
                                           why: "below 10 s a pause would be cancelled before anyone could resume it; "
                                               + "0 keeps a paused timer until someone acts")
    static let extendMinutes = ConfigBounds(1...60, off: 0, unit: "minutes",
                                            why: "more than an hour at one tap is no small addition; 0 takes \"+N min\" off the panel")
    static let done = ConfigBounds(3...3600, unit: "seconds",
                                   why: "below 3 s nobody would see \"Done\"; past an hour the next person would find it still there, "
                                       + "the panel lit and its alarm repeating")
    static let alarmRepeat = ConfigBounds(5...3600, off: 0, unit: "seconds",
                                          why: "more often than every 5 s the alarm would never stop; 0 sounds it once")
    static let exitHold = ConfigBounds(1...60, unit: "seconds",
                                       why: "below 1 s a stray two-finger touch could open the service screen; nobody holds longer than a minute")
    static let hookTimeout = ConfigBounds(0.1...600, unit: "seconds",
                                          why: "below 0.1 s no hook could finish; a hung hook should not hold on for more than 10 minutes")
    static let keepDays = ConfigBounds(7...36_500, off: 0, unit: "days",
                                       why: "fewer than 7 would lose the week's figures; 0 keeps every countdown")
    static let volume = ConfigBounds(0...1, why: "0 is silent, 1 full loudness")
    static let tickInterval = ConfigBounds(0...1000, unit: "ms",
                                           why: "0 ticks on every detent; more than a second apart, ticks would no longer follow the wheel")
    static let diagonal = ConfigBounds(2...110, unit: "inches",
                                       why: "a panel's diagonal: from a 2-inch display to a 110-inch screen")
    static let minContact = ConfigBounds(0...50, unit: "ms",
                                         why: "a fingertip's lightest tap lasts longer than 50 ms; 0 lets every contact through")
    static let repeatRadius = ConfigBounds(0...50, unit: "pixels",
                                           why: "farther apart than 50 pixels is not one point; 0 stops looking for repeating taps")
    static let repeatTolerance = ConfigBounds(1...1000, unit: "ms",
                                              why: "a controller's clock keeps its period to a few milliseconds; a second would catch a person's taps")
    static let repeatPeriod = ConfigBounds(0.5...3600, unit: "seconds",
                                           why: "a person taps one spot quicker than every half second; a period of more than an hour is no clock")
    static let maxOnMinutes = ConfigBounds(1...1440, off: 0, unit: "minutes",
                                           why: "a heater's on-time cap (EN 60335-2-53: 360 in homes, 720 in public saunas), "
                                               + "at most a day as the dial counts; 0: no cap")
    static let programMaxOnMinutes = ConfigBounds(1...1440, unit: "minutes",
                                                  why: "this program's on-time cap, at most a day as the dial counts")
    static let shiftPixels = ConfigBounds(1...20, off: 0, unit: "pixels",
                                          why: "a few pixels are enough against burn-in and hardly seen (it stays within 1.5 % of "
                                              + "the panel's shorter side whatever is set); 0 keeps the picture in place")
    static let dimmedOpacity = ConfigBounds(0...1, why: "0 hides the segments away from the marker, 1 shows them like the selected one")
}

/// The bounds of a program's set point (`[program.setting]`).
extension ConfigBounds {
    static let settingValue = ConfigBounds(-1_000_000...1_000_000,
                                           why: "a set point is drawn as a number on its control, and a million or more would not fit")
    static let settingSteps = ConfigBounds(1...1000,
                                           why: "a control with more values than that could not be set to one of them with a finger")
}
