import ArgumentParser
import Foundation

/// The local wall clock, for the shell: the time of day the opening hours are read against,
/// and `--replay-start`. The local time zone is the system's (or `TZ`'s), daylight saving and
/// all.
enum LocalTime {
    /// The wall clock now, seconds since 1970.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Seconds since local midnight at `unix` (seconds since 1970).
    static func secondsSinceMidnight(_ unix: Double) -> Double {
        let whole = unix.rounded(.down)
        var time = time_t(whole)
        var parts = tm()
        guard unix.isFinite, localtime_r(&time, &parts) != nil else { return 0 }
        return Double(parts.tm_hour * 3600 + parts.tm_min * 60 + parts.tm_sec) + (unix - whole)
    }

    /// `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`, local time, as seconds since 1970; throws
    /// a message for anything else, a date that does not exist (2026-02-30) or a time a clock
    /// change skips.
    static func parse(_ text: String) throws -> Double {
        let problem = ValidationError("must be a local date and time as YYYY-MM-DDTHH:MM[:SS], like 2026-11-24T21:55, not \"\(text)\"")
        let halves = text.split(separator: "T", omittingEmptySubsequences: false)
        guard halves.count == 2 else { throw problem }
        let day = halves[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        let time = halves[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard day.count == 3, (2...3).contains(time.count), !(day + time).contains(nil) else { throw problem }
        var parts = DateComponents(year: day[0], month: day[1], day: day[2], hour: time[0], minute: time[1],
                                   second: time.count == 3 ? time[2] : 0)
        let calendar = Calendar.current
        parts.timeZone = calendar.timeZone
        guard let date = calendar.date(from: parts),
              calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                == DateComponents(year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute,
                                  second: parts.second) else { throw problem }
        return date.timeIntervalSince1970
    }
}
