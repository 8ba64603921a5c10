import Foundation

/// What the usage log says per local day, program and zone, for the owner's spreadsheet. A
/// log with zones has a `zone` column last and a table per zone; one without has neither.
struct UsageReport {
    /// Local dates as the report writes them, `yyyy-MM-dd` in `timeZone`.
    static func dayFormatter(_ timeZone: TimeZone = .current) -> DateFormatter {
        let days = DateFormatter()
        days.locale = Locale(identifier: "en_US_POSIX")
        days.timeZone = timeZone
        days.dateFormat = "yyyy-MM-dd"
        return days
    }

    /// The countdowns of one program, on one day or over the whole period.
    struct Row: Equatable {
        /// The local date, `yyyy-MM-dd` (empty in a total over every day).
        var day: String
        var program: String
        var category: String
        /// The zone it ran in (empty: the kiosk had no zones).
        var zone = ""
        var sessions = 0
        /// How many ended each way; those still running are in ``running``.
        var outcomes: [UsageOutcome: Int] = [:]
        var running = 0
        var minutesSet = 0.0
        var minutesRun = 0.0

        /// Adds `other`'s figures to this row's.
        mutating func add(_ other: Row) {
            sessions += other.sessions
            running += other.running
            minutesSet += other.minutesSet
            minutesRun += other.minutesRun
            outcomes.merge(other.outcomes, uniquingKeysWith: +)
        }

        /// The row's columns in order, without `day` when `withDay` is false, with `zone` last
        /// when `withZone`.
        func cells(withDay: Bool, withZone: Bool = false) -> [(column: String, cell: Cell)] {
            (withDay ? [("day", .text(day))] : []) + [("program", .text(program)), ("category", .text(category)),
                                                      ("sessions", .count(sessions))]
                + UsageOutcome.allCases.map { ($0.rawValue, .count(outcomes[$0] ?? 0)) }
                + [("running", .count(running)), ("minutes_set", .minutes(minutesSet)), ("minutes_run", .minutes(minutesRun))]
                + (withZone ? [("zone", .text(zone))] : [])
        }
    }

    /// One value of a row, written as CSV or JSON wants it.
    enum Cell {
        case text(String)
        case count(Int)
        /// Minutes, written to a tenth.
        case minutes(Double)

        var csv: String {
            switch self {
            case .text(let s): s.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
            case .count(let n): String(n)
            case .minutes(let m): String(format: "%.1f", m)
            }
        }

        var json: JSONValue {
            switch self {
            case .text(let s): .string(s)
            case .count(let n): .int(n)
            case .minutes(let m): .number((m * 10).rounded() / 10)
            }
        }
    }

    /// Per day, program and zone, in order of day, then program, then zone.
    var rows: [Row]

    /// Whether any countdown ran in a zone: the report shows zones.
    var hasZones: Bool { rows.contains { !$0.zone.isEmpty } }

    /// The countdowns in the database at `path` that started at or after wall-clock `since`
    /// (seconds since 1970), grouped by local day (in `timeZone`) and program.
    /// Waits up to `busySeconds` for the log's writer.
    static func load(path: String, since: Double, timeZone: TimeZone = .current, busySeconds: Double = 2) throws -> UsageReport {
        let db = try SQLiteDatabase(path: path, create: false, readOnly: true, busySeconds: busySeconds)
        // A log of version 1 (no zones) until the kiosk opens it again: read read-only, as it is.
        let hasZoneColumn = try db.query("PRAGMA table_info(sessions)").contains { $0.count > 1 && $0[1].string == "zone" }
        let found = try db.query("""
            SELECT started_at, program, category, outcome, minutes_set, seconds_run, \(hasZoneColumn ? "zone" : "NULL") FROM sessions
            WHERE started_at >= ? ORDER BY started_at, id
            """, [.real(since)])
        let days = dayFormatter(timeZone)
        var groups: [[String]: Row] = [:]
        for record in found {
            var one = Row(day: days.string(from: Date(timeIntervalSince1970: record[0].double ?? 0)),
                          program: record[1].string ?? "", category: record[2].string ?? "", zone: record[6].string ?? "",
                          sessions: 1, minutesSet: record[4].double ?? 0, minutesRun: (record[5].double ?? 0) / 60)
            if let outcome = record[3].string.flatMap(UsageOutcome.init(rawValue:)) { one.outcomes[outcome] = 1 } else { one.running = 1 }
            groups[[one.day, one.program, one.category, one.zone],
                   default: Row(day: one.day, program: one.program, category: one.category, zone: one.zone)].add(one)
        }
        return UsageReport(rows: groups.values.sorted {
            ($0.day, $0.program, $0.category, $0.zone) < ($1.day, $1.program, $1.category, $1.zone)
        })
    }

    /// The same figures added up per program over every day.
    var perProgram: [Row] {
        var totals: [[String]: Row] = [:]
        for row in rows {
            totals[[row.program, row.category, row.zone],
                   default: Row(day: "", program: row.program, category: row.category, zone: row.zone)].add(row)
        }
        return totals.values.sorted { ($0.program, $0.category, $0.zone) < ($1.program, $1.category, $1.zone) }
    }

    /// The CSV's header (with the `zone` column when `withZone`).
    static func columns(withZone: Bool = false) -> [String] {
        Row(day: "", program: "", category: "").cells(withDay: true, withZone: withZone).map(\.column)
    }

    /// One line per day, program and zone after a header, RFC 4180 quoting where needed.
    var csv: String {
        ([Self.columns(withZone: hasZones).joined(separator: ",")]
            + rows.map { $0.cells(withDay: true, withZone: hasZones).map(\.cell.csv).joined(separator: ",") })
            .map { $0 + "\r\n" }.joined()
    }

    /// `{"days": [...], "programs": [...]}`, each entry an object of the CSV's columns.
    var json: String {
        func objects(_ rows: [Row], withDay: Bool) -> JSONValue {
            .array(rows.map { .object($0.cells(withDay: withDay, withZone: hasZones).map { ($0.column, $0.cell.json) }) })
        }
        return JSONValue.object([("days", objects(rows, withDay: true)), ("programs", objects(perProgram, withDay: false))]).text + "\n"
    }

    /// A table per program, then per day, for reading in a terminal.
    var text: String {
        guard !rows.isEmpty else { return "no countdowns recorded in this period\n" }
        func padded(_ cells: [String], _ widths: [Int]) -> String {
            zip(cells, widths).map { cell, width in
                width < 0 ? cell.padding(toLength: -width, withPad: " ", startingAt: 0)
                          : String(repeating: " ", count: max(0, width - cell.count)) + cell
            }.joined(separator: " ")
        }
        let programWidths = [-32, 8, 9, 10, 12]
        var lines = [padded(["program", "sessions", "finished", "cancelled", "minutes run"], programWidths)]
        for row in perProgram {
            let name = row.program.count > 32 ? String(row.program.prefix(31)) + "…" : row.program
            lines.append(padded([name, String(row.sessions), String(row.outcomes[.finished] ?? 0),
                                 String(row.outcomes[.cancelled] ?? 0), Cell.minutes(row.minutesRun).csv], programWidths))
        }
        var perDay: [String: Row] = [:]
        for row in rows { perDay[row.day, default: Row(day: row.day, program: "", category: "")].add(row) }
        let dayWidths = [-10, 9, 12]
        lines += ["", padded(["day", "sessions", "minutes run"], dayWidths)]
        for day in perDay.values.sorted(by: { $0.day < $1.day }) {
            lines.append(padded([day.day, String(day.sessions), Cell.minutes(day.minutesRun).csv], dayWidths))
        }
        if hasZones {
            var perZone: [String: Row] = [:]
            for row in rows { perZone[row.zone, default: Row(day: "", program: "", category: "", zone: row.zone)].add(row) }
            let zoneWidths = [-24, 8, 9, 12]
            lines += ["", padded(["zone", "sessions", "finished", "minutes run"], zoneWidths)]
            for zone in perZone.values.sorted(by: { $0.zone < $1.zone }) {
                lines.append(padded([zone.zone.isEmpty ? "(none)" : zone.zone, String(zone.sessions),
                                     String(zone.outcomes[.finished] ?? 0), Cell.minutes(zone.minutesRun).csv], zoneWidths))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
