import CSQLite
import Foundation

/// One open SQLite database file, closed when the value goes. Not shared between threads:
/// its owner uses it from one queue.
final class SQLiteDatabase {
    /// A value in or out of a statement.
    enum Value: Equatable {
        case integer(Int64)
        case real(Double)
        case text(String)
        case null

        var double: Double? {
            switch self {
            case .integer(let i): Double(i)
            case .real(let d): d
            default: nil
            }
        }

        var string: String? { if case .text(let s) = self { s } else { nil } }
    }

    /// What SQLite said went wrong, with the statement or step it was about.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        /// The file is no sound database (SQLite says corrupt or not a database, or an
        /// integrity check failed), as opposed to one that cannot be used now (busy, not
        /// permitted, a full disk, another version).
        var damaged = false
    }

    private let handle: OpaquePointer

    /// Opens (and with `create`, makes; with `readOnly`, only reads) the database at `path`,
    /// never through a symbolic link (`SQLITE_OPEN_NOFOLLOW`): a link in the state folder must
    /// not lead the kiosk into another program's database. Waits up to `busySeconds` for
    /// another connection's lock.
    init(path: String, create: Bool = true, readOnly: Bool = false, busySeconds: Double = 2) throws {
        var opened: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(opened)
            throw Failure(description: "cannot open \(path): \(message)", damaged: Self.meansDamage(status))
        }
        handle = opened
        sqlite3_busy_timeout(handle, Int32(busySeconds * 1000))
    }

    deinit { sqlite3_close(handle) }

    /// Runs `sql` (one or more statements without parameters).
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            defer { sqlite3_free(message) }
            throw Failure(description: message.map { String(cString: $0) } ?? lastError, damaged: lastErrorMeansDamage)
        }
    }

    /// Runs one statement with `values` bound to its `?` parameters in order, and returns its
    /// rows.
    @discardableResult
    func query(_ sql: String, _ values: [Value] = []) throws -> [[Value]] {
        var prepared: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &prepared, nil) == SQLITE_OK, let statement = prepared else {
            throw Failure(description: "\(lastError) in: \(sql)", damaged: lastErrorMeansDamage)
        }
        defer { sqlite3_finalize(statement) }
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            switch value {
            case .integer(let v): sqlite3_bind_int64(statement, index, v)
            case .real(let v): sqlite3_bind_double(statement, index, v)
            case .text(let v): sqlite3_bind_text(statement, index, v, -1, rotary_sqlite_transient())
            case .null: sqlite3_bind_null(statement, index)
            }
        }
        var rows: [[Value]] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: rows.append((0..<sqlite3_column_count(statement)).map { column(statement, $0) })
            case SQLITE_DONE: return rows
            default: throw Failure(description: "\(lastError) in: \(sql)", damaged: lastErrorMeansDamage)
            }
        }
    }

    /// The id SQLite gave the row inserted last.
    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> Value {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: .text(String(cString: sqlite3_column_text(statement, index)))
        default: .null
        }
    }

    private var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    private var lastErrorMeansDamage: Bool { Self.meansDamage(sqlite3_errcode(handle)) }

    /// Whether result `code` says the file is no sound database.
    private static func meansDamage(_ code: Int32) -> Bool {
        let primary = code & 0xff
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }
}
