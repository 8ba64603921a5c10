import ArgumentParser
import Foundation

/// `rotary-kiosk usage`: the usage log's figures per program and per day, for the owner.
public struct UsageCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "usage",
        abstract: "Print how the kiosk was used: countdowns per program and per day, from the usage log in the state folder."
    )

    @Option(name: .customLong("state-dir"), help: ArgumentHelp("The kiosk's state folder (default: as the kiosk finds it).",
                                                                 valueName: "DIR"))
    var stateDir: String?

    @Option(help: ArgumentHelp("Only countdowns started on this local date or later (default: all).", valueName: "YYYY-MM-DD"))
    var since: String?

    @Flag(help: "Comma-separated values, one line per day and program, for a spreadsheet.")
    var csv = false

    @Flag(help: "JSON: per day and program, and per program.")
    var json = false

    public init() {}

    public func validate() throws {
        if csv && json { throw ValidationError("--csv and --json cannot be used together: pick one") }
        if let since, Self.startOfDay(since) == nil {
            throw ValidationError("--since \(since) is no date: write it as YYYY-MM-DD, e.g. 2026-11-01")
        }
    }

    public func run() throws {
        let directory = stateDir ?? KioskRunner.defaultStateDirectory()
        let path = UsageLog.path(in: directory)
        guard FileManager.default.fileExists(atPath: path) else {
            if csv { print(UsageReport(rows: []).csv, terminator: "") } else if json { print(UsageReport(rows: []).json, terminator: "") }
            FileHandle.standardError.write(Data("no usage log in \(directory) yet: the kiosk starts one with its first countdown\n".utf8))
            return
        }
        let report: UsageReport
        do {
            report = try UsageReport.load(path: path, since: since.flatMap(Self.startOfDay) ?? 0)
        } catch {
            FileHandle.standardError.write(Data("cannot read the usage log \(path): \(error)\n".utf8))
            throw ExitCode(1)
        }
        print(csv ? report.csv : json ? report.json : report.text, terminator: "")
    }

    /// The start of local date `text` (`yyyy-MM-dd`), seconds since 1970: midnight, or the
    /// first moment of the day where a clock change skips midnight.
    static func startOfDay(_ text: String) -> Double? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let wanted = DateComponents(year: year, month: month, day: day)
        guard let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)),
              calendar.dateComponents([.year, .month, .day], from: noon) == wanted else { return nil }  // no 2026-02-30
        return calendar.startOfDay(for: noon).timeIntervalSince1970
    }
}
