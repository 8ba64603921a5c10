
/// When the kiosk is open, as ranges of local time of day: `"07:00-22:00"`, or several,
/// `"06:30-12:00, 14:00-23:00"`; a range may run past midnight (`"18:00-02:00"`) and end at
/// `24:00`. Each range includes its start and excludes its end. Pure: times are seconds since
/// local midnight.
public struct OpeningHours: Equatable, Sendable {
    /// One range: open from `start` until `end` (seconds since midnight; `end` ≤ `start`
    /// runs past midnight).
    public struct Range: Equatable, Sendable {
        public var start: Double
        public var end: Double
    }

    /// Seconds in a day.
    public static let day = 86_400.0

    /// The ranges, in the order written.
    public let ranges: [Range]

    /// The hours `text` writes, or nil when it is not a list of `HH:MM-HH:MM` ranges (see
    /// ``rule``).
    public init?(_ text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        var ranges: [Range] = []
        for part in parts {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count == 2, let start = Self.time(ends[0], allowsEndOfDay: false), let end = Self.time(ends[1], allowsEndOfDay: true),
                  start != end else { return nil }
            ranges.append(Range(start: start, end: end))
        }
        self.ranges = ranges
    }

    /// What ``init(_:)`` accepts, for a message.
    public static let rule = "a comma-separated list of HH:MM-HH:MM ranges of local time, such as \"07:00-22:00\" "
        + "or \"06:30-12:00, 14:00-23:00\" (a range may run past midnight; 24:00 ends one at midnight)"

    /// `HH:MM` (`24:00` too when `allowsEndOfDay`) as seconds since midnight; spaces (any
    /// Unicode space, such as a no-break space pasted from a document) and tabs around it do
    /// not count.
    private static func time(_ text: Substring, allowsEndOfDay: Bool) -> Double? {
        let blank: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else { return nil }
        let fields = text[first...last].split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2, fields.allSatisfy({ $0.count == 2 && $0.allSatisfy { ("0"..."9").contains($0) } }),
              let hours = Int(fields[0]), let minutes = Int(fields[1]), (0...59).contains(minutes) else { return nil }
        guard (0...23).contains(hours) || (allowsEndOfDay && hours == 24 && minutes == 0) else { return nil }
        return Double(hours * 3600 + minutes * 60)
    }

    /// The ranges as the config writes them: `"07:00-12:00, 14:00-22:00"`.
    public var text: String {
        func clock(_ t: Double) -> String { Self.twoDigits(Int(t) / 3600) + ":" + Self.twoDigits(Int(t) % 3600 / 60) }
        return ranges.map { "\(clock($0.start))-\(clock($0.end))" }.joined(separator: ", ")
    }

    /// `n` (0…99) in two digits.
    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// Whether the kiosk is open at `time` (seconds since midnight).
    public func isOpen(at time: Double) -> Bool {
        let t = Self.wrapped(time)
        return ranges.contains { range in
            range.start < range.end ? (range.start..<range.end).contains(t) : (t >= range.start || t < range.end)
        }
    }

    /// Seconds from `time` until the kiosk next opens or closes, or nil when it never does
    /// (open all day, or the ranges cover the whole day).
    public func secondsUntilChange(from time: Double) -> Double? {
        let t = Self.wrapped(time), open = isOpen(at: t)
        let ahead = ranges.flatMap { [$0.start, $0.end] }.map { edge -> Double in
            let gap = Self.wrapped(edge - t)
            return gap > 0 ? gap : Self.day
        }
        return ahead.sorted().first { isOpen(at: t + $0) != open }
    }

    /// `time` brought into 0 ..< one day.
    static func wrapped(_ time: Double) -> Double {
        let t = time.truncatingRemainder(dividingBy: day)
        return t < 0 ? t + day : t
    }
}
