import Foundation
import RotaryKit

/// Every countdown, kept in an SQLite database (`usage.db` in the state folder) for the
/// owner: program, category, zone, set point, minutes set, seconds run, start and end, and
/// how it ended. Each zone has its own open row, so countdowns side by side are each recorded. Written on a queue of its own, never on the render thread; WAL and full syncs keep
/// each committed change through `kill -9` and power cuts. A database SQLite finds damaged at
/// start is moved aside and a new one begun; one it cannot use now is left alone. Those, and
/// any write that fails, are posted as problems and cost only the log.
///
/// Sendable by confinement: the database and the open row are touched only on the log's
/// queue, the tracker only by the one thread that records (the event listener).
final class UsageLog: @unchecked Sendable {
    /// The file's name in the state folder.
    static let fileName = "usage.db"

    /// The log's path in state folder `directory`.
    static func path(in directory: String) -> String { (directory as NSString).appendingPathComponent(fileName) }

    private let queue = DispatchQueue(label: "rotary.usage-log")
    private let path: String
    private let failed: @Sendable (String) -> Void
    /// Touched only on `queue`.
    private var database: SQLiteDatabase?
    /// The row of each zone's countdown that is still open (by zone id; nil: no zones).
    private var openRows: [String?: Int64] = [:]
    /// Touched only by the caller (the event listener): one per zone, by its id.
    private var trackers: [String?: UsageTracker] = [:]

    /// Opens the log in `directory` (made if missing), dropping finished rows older than
    /// `keepDays` (0: none) as of wall-clock `now`; `failed` hears every problem.
    init(directory: String, keepDays: Int, now: Double, failed: @escaping @Sendable (String) -> Void) {
        path = Self.path(in: directory)
        self.failed = failed
        queue.async { [self] in
            database = open()
            if keepDays > 0 {
                attempt("pruning") {
                    try $0.query("DELETE FROM sessions WHERE outcome IS NOT NULL AND started_at < ?",
                                 [.real(now - Double(keepDays) * 86_400)])
                }
            }
        }
    }

    /// A countdown the kiosk put back at start, as the log needs it: how it started (the
    /// start time reckoned back from how long it had run) and how long it had run as of `at`.
    struct Resumed: Sendable {
        /// How it started, with its zone.
        var start: UsageStart
        var secondsRun: Double
        var at: Double
    }

    /// Settles the rows the last run left open. For each countdown in `resumed` (the kiosk put
    /// back a saved countdown, one per zone at most) its zone's newest open row stays open for
    /// it, or, when the log has none (it was begun anew since), a row is made for it, so it is
    /// recorded all the same; every other one closes as interrupted.
    func recover(resuming resumed: [Resumed]) {
        for countdown in resumed { trackers[countdown.start.zone?.id, default: UsageTracker()].adopting = true }
        queue.async { [self] in
            attempt("closing interrupted countdowns") { db in
                let open = try db.query("SELECT id, zone_id FROM sessions WHERE outcome IS NULL ORDER BY started_at DESC, id DESC")
                openRows = [:]
                for row in open {
                    guard case .integer(let id)? = row.first else { continue }
                    let zone = row.count > 1 ? row[1].string : nil
                    if openRows[zone] == nil, resumed.contains(where: { $0.start.zone?.id == zone }) {
                        openRows[zone] = id
                    } else {
                        try Self.interrupt(id, in: db)
                    }
                }
                for countdown in resumed where openRows[countdown.start.zone?.id] == nil {
                    try apply(.open(countdown.start), to: db)
                    try apply(.progress(secondsRun: countdown.secondsRun, at: countdown.at), zone: countdown.start.zone?.id, to: db)
                }
            }
        }
    }

    /// Records the timer transition `report` (see ``UsageTracker``) at wall-clock `now`.
    /// Records the timer transition `report` of `zone` (nil: the kiosk has no zones; see
    /// ``UsageTracker``) at wall-clock `now`.
    func record(_ report: TimerReport, setting: SettingReading?, category: String?, zone: UsageZone? = nil, timedOut: Bool,
                now: Double) {
        let writes = trackers[zone?.id, default: UsageTracker()].writes(for: report, setting: setting, category: category, zone: zone,
                                                                        timedOut: timedOut, at: now)
        guard !writes.isEmpty else { return }
        queue.async { [self] in
            attempt("recording a countdown") { db in
                for write in writes { try apply(write, zone: zone?.id, to: db) }
            }
        }
    }

    /// Waits until every change so far is written or has failed.
    func flush() { queue.sync {} }

    // MARK: - On the queue

    /// Applies `write` to the database: an opened row becomes its zone's open row, the
    /// others change the open row of the zone whose id is `zone`.
    private func apply(_ write: UsageWrite, zone: String? = nil, to db: SQLiteDatabase) throws {
        switch write {
        case .open(let start):
            try db.query("""
                INSERT INTO sessions (program, category, zone, zone_id, setting_name, setting_value, setting_unit, minutes_set,
                                      seconds_run, started_at, last_seen)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
                """, [.text(start.program), start.category.map(SQLiteDatabase.Value.text) ?? .null,
                      start.zone.map { .text($0.name) } ?? .null, start.zone.map { .text($0.id) } ?? .null,
                      start.setting.map { .text($0.name) } ?? .null, start.setting.map { .real($0.value) } ?? .null,
                      start.setting.map { .text($0.unit) } ?? .null, .real(start.minutesSet),
                      .real(start.startedAt), .real(start.startedAt)])
            openRows[start.zone?.id] = db.lastInsertedRow
        case .progress(let run, let at):
            guard let row = openRows[zone] else { return }
            try db.query("UPDATE sessions SET seconds_run = ?, last_seen = ? WHERE id = ?", [.real(run), .real(at), .integer(row)])
        case .extend(let minutes, let run, let at):
            guard let row = openRows[zone] else { return }
            try db.query("UPDATE sessions SET minutes_added = minutes_added + ?, seconds_run = ?, last_seen = ? WHERE id = ?",
                         [.real(minutes), .real(run), .real(at), .integer(row)])
        case .close(let outcome, let run, let at):
            guard let row = openRows.removeValue(forKey: zone) else { return }
            try db.query("UPDATE sessions SET seconds_run = ?, last_seen = ?, ended_at = ?, outcome = ? WHERE id = ?",
                         [.real(run), .real(at), .real(at), .text(outcome.rawValue), .integer(row)])
        case .interrupt:
            guard let row = openRows.removeValue(forKey: zone) else { return }
            try Self.interrupt(row, in: db)
        }
    }

    /// Closes row `id` as interrupted, ending when it was last heard of.
    private static func interrupt(_ id: Int64, in db: SQLiteDatabase) throws {
        try db.query("UPDATE sessions SET ended_at = last_seen, outcome = ? WHERE id = ?",
                     [.text(UsageOutcome.interrupted.rawValue), .integer(id)])
    }

    /// Runs `work` on the database, if there is one; a failure is posted, with `what`.
    private func attempt(_ what: String, _ work: (SQLiteDatabase) throws -> Void) {
        guard let database else { return }
        do { try work(database) } catch { failed("usage log \(path): \(what) failed: \(error)") }
    }

    /// The database, checked: one that SQLite finds damaged (corrupt, not a database, a
    /// failed integrity check) is moved aside with its journal files and a new one made. One
    /// that cannot be used now (busy, not permitted, a full disk, a newer version) is left as
    /// it is, and nothing is recorded this run. Nil when there is no log to write.
    private func open() -> SQLiteDatabase? {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            failed("usage log \(path) is a symbolic link, which is not followed; countdowns are not recorded")
            return nil
        }
        if FileManager.default.fileExists(atPath: path) {
            do {
                return try UsageSchema.prepare(SQLiteDatabase(path: path, create: false))
            } catch let error as SQLiteDatabase.Failure where error.damaged {
                let aside = path + ".damaged-" + Self.stamp()
                do {
                    // Journals first: a new log must never meet the old one's WAL.
                    for suffix in ["-wal", "-shm", ""] where FileManager.default.fileExists(atPath: path + suffix) {
                        try FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix)
                    }
                } catch {
                    failed("usage log \(path) is damaged and cannot be moved aside (\(error)); countdowns are not recorded")
                    return nil
                }
                failed("usage log \(path) is damaged (\(error)): moved aside to \(aside); a new one is started")
            } catch {
                failed("usage log \(path) cannot be used now (\(error)); it is kept as it is and countdowns are not recorded")
                return nil
            }
        }
        do {
            return try UsageSchema.prepare(SQLiteDatabase(path: path))
        } catch {
            failed("usage log \(path) cannot be used: \(error); countdowns are not recorded")
            return nil
        }
    }

    private static func stamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}
