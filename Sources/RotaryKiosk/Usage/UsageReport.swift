import Foundation

/// What the usage log says per local day and program, for the owner's spreadsheet.
struct UsageReport {
    /// The countdowns of one program on one day.
    struct Row: Equatable {
        /// The local date, `yyyy-MM-dd`.
        var day: String
        var program: String
        var category: String
        var sessions = 0
        /// How many ended each way; those still running are in ``running``.
        var outcomes: [UsageOutcome: Int] = [:]
        var running = 0
        var minutesSet = 0.0
        var minutesRun = 0.0
    }

    var rows: [Row]

    /// The countdowns in the database at `path` that started at or after wall-clock `since`
    /// (seconds since 1970), grouped by local day (in `timeZone`) and program.
    static func load(path: String, since: Double, timeZone: TimeZone = .current) throws -> UsageReport {
        let db = try SQLiteDatabase(path: path, create: false, readOnly: true)
        let found = try db.query("""
            SELECT started_at, program, category, outcome, minutes_set, seconds_run FROM sessions
            WHERE started_at >= ? ORDER BY started_at, id
            """, [.real(since)])
        let days = DateFormatter()
        days.locale = Locale(identifier: "en_US_POSIX")
        days.timeZone = timeZone
        days.dateFormat = "yyyy-MM-dd"
        var rows: [Row] = []
        for record in found {
            let day = days.string(from: Date(timeIntervalSince1970: record[0].double ?? 0))
            let program = record[1].string ?? "", category = record[2].string ?? ""
            let index = rows.firstIndex { $0.day == day && $0.program == program && $0.category == category } ?? {
                rows.append(Row(day: day, program: program, category: category))
                return rows.count - 1
            }()
            rows[index].sessions += 1
            if let outcome = record[3].string.flatMap(UsageOutcome.init(rawValue:)) {
                rows[index].outcomes[outcome, default: 0] += 1
            } else {
                rows[index].running += 1
            }
            rows[index].minutesSet += record[4].double ?? 0
            rows[index].minutesRun += (record[5].double ?? 0) / 60
        }
        return UsageReport(rows: rows.sorted { ($0.day, $0.program) < ($1.day, $1.program) })
    }

    /// The same figures added up per program over every day.
    var perProgram: [Row] {
        var totals: [Row] = []
        for row in rows {
            let index = totals.firstIndex { $0.program == row.program && $0.category == row.category } ?? {
                totals.append(Row(day: "", program: row.program, category: row.category))
                return totals.count - 1
            }()
            totals[index].sessions += row.sessions
            totals[index].running += row.running
            totals[index].minutesSet += row.minutesSet
            totals[index].minutesRun += row.minutesRun
            for (outcome, count) in row.outcomes { totals[index].outcomes[outcome, default: 0] += count }
        }
        return totals.sorted { $0.program < $1.program }
    }

    static let columns = ["day", "program", "category", "sessions"] + UsageOutcome.allCases.map(\.rawValue)
        + ["running", "minutes_set", "minutes_run"]

    private static func fields(_ row: Row) -> [String] {
        [row.day, row.program, row.category, String(row.sessions)] + UsageOutcome.allCases.map { String(row.outcomes[$0] ?? 0) }
            + [String(row.running), minutes(row.minutesSet), minutes(row.minutesRun)]
    }

    private static func minutes(_ value: Double) -> String { String(format: "%.1f", value) }

    /// One line per day and program after a header, RFC 4180 quoting where needed.
    var csv: String {
        func quoted(_ field: String) -> String {
            field.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }
        return ([Self.columns] + rows.map(Self.fields)).map { $0.map(quoted).joined(separator: ",") + "\r\n" }.joined()
    }

    /// `{"days": [...], "programs": [...]}`, each entry an object of the CSV's columns.
    var json: String {
        func objects(_ rows: [Row], withDay: Bool) -> JSONValue {
            .array(rows.map { row in
                .object(zip(Self.columns, Self.fields(row)).compactMap { column, field in
                    if column == "day" && !withDay { return nil }
                    if ["day", "program", "category"].contains(column) { return (column, .string(field)) }
                    return (column, .number(Double(field) ?? 0))
                })
            })
        }
        return JSONValue.object([("days", objects(rows, withDay: true)), ("programs", objects(perProgram, withDay: false))]).text + "\n"
    }

    /// A table per program, then per day, for reading in a terminal.
    var text: String {
        guard !rows.isEmpty else { return "no countdowns recorded in this period\n" }
        var lines = ["program                          sessions  finished  cancelled  minutes run"]
        for row in perProgram {
            let name = row.program.count > 32 ? String(row.program.prefix(31)) + "…" : row.program
            lines.append(name.padding(toLength: 32, withPad: " ", startingAt: 0) + " "
                         + [String(row.sessions).leftPadded(8), String(row.outcomes[.finished] ?? 0).leftPadded(9),
                            String(row.outcomes[.cancelled] ?? 0).leftPadded(10), Self.minutes(row.minutesRun).leftPadded(12)]
                            .joined(separator: " "))
        }
        lines.append("")
        lines.append("day         sessions  minutes run")
        var days: [(String, Int, Double)] = []
        for row in rows {
            if let i = days.firstIndex(where: { $0.0 == row.day }) {
                days[i].1 += row.sessions
                days[i].2 += row.minutesRun
            } else {
                days.append((row.day, row.sessions, row.minutesRun))
            }
        }
        for (day, sessions, run) in days {
            lines.append(day + " " + String(sessions).leftPadded(9) + " " + Self.minutes(run).leftPadded(12))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
