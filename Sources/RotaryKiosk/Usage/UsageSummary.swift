import Foundation

/// The usage log as the service screen shows it: countdowns per program today, over the
/// last 7 days and over the last 30 (local dates, today included).
enum UsageSummary {
    static let heading = ["Program", "Today", "7 days", "30 days"]

    /// The table from the log at `path` as of `now` (seconds since 1970): the heading, then
    /// one row per program, busiest first. Only the heading when the log has nothing. It is
    /// read on the render thread as the tab opens, so it waits at most 50 ms for the log's
    /// writer.
    static func table(path: String, now: Double, timeZone: TimeZone = .current) throws -> [[String]] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.startOfDay(for: Date(timeIntervalSince1970: now))
        func day(_ back: Int) -> Date { calendar.date(byAdding: .day, value: -back, to: today) ?? today }
        let report = try UsageReport.load(path: path, since: day(29).timeIntervalSince1970, timeZone: timeZone, busySeconds: 0.05)
        let names = UsageReport.dayFormatter(timeZone)
        let from = [names.string(from: today), names.string(from: day(6)), names.string(from: day(29))]
        var counts: [String: [Int]] = [:]
        for row in report.rows {
            var c = counts[row.program] ?? [0, 0, 0]
            for (i, first) in from.enumerated() where row.day >= first { c[i] += row.sessions }
            counts[row.program] = c
        }
        let rows = counts.sorted { ($0.value[2], $1.key) > ($1.value[2], $0.key) }
        return [heading] + rows.map { [$0.key] + $0.value.map(String.init) }
    }
}
