import CSQLite
import ChartData
import Synchronization

/// One read-only connection to a SQLite file, owned by one question (`SQLiteWork`): it
/// opens with `SQLITE_OPEN_READONLY`, so Sightline never writes the user's file, takes
/// no lock beyond a reader's while a statement runs, and reads a WAL database while
/// another program writes it. `interrupt()` may come from any thread (a cancelled
/// task's handler); after `close()` it does nothing.
final class SQLiteConnection: Sendable {
    /// The file, as messages name it.
    let path: String
    /// The `sqlite3 *`, until `close()` takes it; the lock keeps `interrupt` off a closed one.
    private let handle: Mutex<OpaquePointer?>

    /// How long a statement waits for a writer's lock before it gives up, in milliseconds.
    static let busyTimeout: Int32 = 5_000

    /// Opens `path` for reading.
    /// - Throws: `DataLoadError` naming the file when it cannot be opened.
    init(path: String) throws {
        self.path = path
        var db: OpaquePointer?
        // One thread steps a connection at a time (its question's), so SQLite's own
        // mutex around every call is dropped: it took a fifth of a 10M-row pass.
        // `sqlite3_interrupt` is safe from any thread in either mode.
        let code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(db)
            throw SQLiteFailure.error(code: code, message: message, path: path, query: nil)
        }
        sqlite3_busy_timeout(db, Self.busyTimeout)
        handle = Mutex(db)
    }

    deinit {
        close()
    }

    /// Stops the statement running on this connection: its `step` throws `CancellationError`.
    func interrupt() {
        handle.withLock { db in
            if let db { sqlite3_interrupt(db) }
        }
    }

    /// Closes the connection; its statements must be finalised first.
    func close() {
        handle.withLock { db in
            sqlite3_close_v2(db)
            db = nil
        }
    }

    /// A statement of `sql`; `shown` is the query messages quote (the user's own `--sql`,
    /// say), `sql` itself by default.
    /// - Throws: `DataLoadError.rejected` with SQLite's message, or the file's error.
    func prepare(_ sql: String, shown: String? = nil) throws -> SQLiteStatement {
        try handle.withLock { db in
            guard let db else { throw CancellationError() }
            var statement: OpaquePointer?
            // The tail points into the C string, so it is read while the string lives.
            let (code, rest) = sql.withCString { text in
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(db, text, -1, &statement, &tail)
                return (code, tail.map { String(cString: $0) } ?? "")
            }
            guard code == SQLITE_OK, let statement else {
                let message = String(cString: sqlite3_errmsg(db))
                sqlite3_finalize(statement)
                throw SQLiteFailure.error(code: code, message: message, path: path, query: shown ?? sql)
            }
            if !rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) {
                sqlite3_finalize(statement)
                throw DataLoadError.rejected(source: path, query: shown ?? sql, message: "only one statement may be given")
            }
            return SQLiteStatement(handle: statement, connection: self, shown: shown ?? sql)
        }
    }

    /// The error SQLite reports for `code` now, as a Swift error naming the file.
    func failure(code: Int32, query: String) -> any Error {
        let message = handle.withLock { db in db.map { String(cString: sqlite3_errmsg($0)) } }
        return SQLiteFailure.error(code: code, message: message ?? String(cString: sqlite3_errstr(code)), path: path,
                                   query: query)
    }
}
