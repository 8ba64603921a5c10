/// The usage database's one table and its settings.
enum UsageSchema {
    /// The version this app writes (`PRAGMA user_version`).
    static let version: Int64 = 4

    /// `db` checked (`PRAGMA integrity_check`), in WAL mode with full syncs, with the table
    /// made if missing. Throws when the file is no sound database of this app.
    static func prepare(_ db: SQLiteDatabase) throws -> SQLiteDatabase {
        let check = try db.query("PRAGMA integrity_check").first?.first?.string
        guard check == "ok" else {
            throw SQLiteDatabase.Failure(description: "integrity check: \(check ?? "no answer")", damaged: true)
        }
        try db.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;")
        let found = try db.query("PRAGMA user_version").first?.first
        if found == .integer(0) {
            try db.execute("""
                CREATE TABLE IF NOT EXISTS sessions (
                    id INTEGER PRIMARY KEY,
                    program TEXT NOT NULL,
                    category TEXT,
                    setting_name TEXT,
                    setting_value REAL,
                    setting_unit TEXT,
                    minutes_set REAL NOT NULL,
                    seconds_run REAL NOT NULL,
                    started_at REAL NOT NULL,
                    last_seen REAL NOT NULL,
                    ended_at REAL,
                    outcome TEXT,
                    zone TEXT,
                    zone_id TEXT,
                    minutes_added REAL NOT NULL DEFAULT 0
                );
                CREATE INDEX IF NOT EXISTS sessions_by_start ON sessions (started_at);
                PRAGMA user_version = \(version);
                """)
        } else if let old = found?.double, [1, 2, 3].contains(old) {
            // Version 1 had no zones: its rows keep a zone of NULL, as a kiosk without zones
            // writes. Version 2 named zones only by name: its rows keep a zone_id of NULL, so an
            // open one of a zone is closed as interrupted rather than taken by another. Before
            // version 4 no time was added at the panel: its rows added none.
            let zone = old == 1 ? "ALTER TABLE sessions ADD COLUMN zone TEXT; " : ""
            let zoneID = old < 3 ? "ALTER TABLE sessions ADD COLUMN zone_id TEXT; " : ""
            try db.execute("BEGIN; \(zone)\(zoneID)ALTER TABLE sessions ADD COLUMN minutes_added REAL NOT NULL DEFAULT 0; "
                           + "PRAGMA user_version = \(version); COMMIT;")
        } else if found != .integer(version) {
            throw SQLiteDatabase.Failure(description: "version \(found?.double.map { String(Int($0)) } ?? "?"), not \(version)")
        }
        return db
    }
}
