import ArgumentParser
import Foundation

/// The local wall clock, for the shell: the time of day the opening hours are read against,
/// and `--replay-start`. Both go through the C library (`localtime_r`, `mktime`), so they
/// read the time zone (the system's, or `TZ`) alike, daylight saving and all.
enum LocalTime {
    /// Seconds since local midnight at `unix` (seconds since 1970); 0 for a time no clock
    /// shows.
    static func secondsSinceMidnight(_ unix: Double) -> Double {
        guard unix.isFinite, abs(unix) < 1e15 else { return 0 }
        let whole = unix.rounded(.down)
        var time = time_t(whole)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Double(parts.tm_hour * 3600 + parts.tm_min * 60 + parts.tm_sec) + (unix - whole)
    }

    /// `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`, local time, as seconds since 1970; throws
    /// a message for anything else, a date that does not exist (2026-02-30) or a time a clock
    /// change skips.
    static func parse(_ text: String) throws -> Double {
        let problem = ValidationError("must be a local date and time as YYYY-MM-DDTHH:MM[:SS], like 2026-11-24T21:55, not \"\(text)\"")
        guard var parts = parts(text) else { throw problem }
        parts.tm_isdst = -1
        let asked = parts
        let time = mktime(&parts)
        // mktime moves a day or time that does not exist on to one that does: refuse those.
        guard time != -1 || asked.tm_year == 69,
              (parts.tm_year, parts.tm_mon, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec)
                == (asked.tm_year, asked.tm_mon, asked.tm_mday, asked.tm_hour, asked.tm_min, asked.tm_sec) else { throw problem }
        return Double(time)
    }

    /// The fields of `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS` (digits only, no zone), not
    /// yet checked against a calendar; nil for any other shape.
    static func parts(_ text: String) -> tm? {
        let digits = Array(text.utf8)
        let shape = digits.count == 16 ? "dddd-dd-ddTdd:dd" : "dddd-dd-ddTdd:dd:dd"
        guard digits.count == shape.utf8.count, zip(digits, shape.utf8).allSatisfy({ char, want in
            want == UInt8(ascii: "d") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(char) : char == want
        }) else { return nil }
        func number(_ from: Int, _ count: Int) -> Int32 { Int32(String(decoding: digits[from..<from + count], as: UTF8.self))! }
        var parts = tm()
        parts.tm_year = number(0, 4) - 1900
        parts.tm_mon = number(5, 2) - 1
        parts.tm_mday = number(8, 2)
        parts.tm_hour = number(11, 2)
        parts.tm_min = number(14, 2)
        parts.tm_sec = digits.count == 19 ? number(17, 2) : 0
        return parts
    }
}
