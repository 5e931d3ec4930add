import CSQLite

/// A prepared statement: values bound by position (`?1`…), rows stepped through, their
/// columns read as numbers or text. Finalised when released.
final class SQLiteStatement {
    private let handle: OpaquePointer
    /// Kept so the connection outlives its statement.
    private let connection: SQLiteConnection
    /// The query as messages quote it.
    let shown: String

    init(handle: OpaquePointer, connection: SQLiteConnection, shown: String) {
        self.handle = handle
        self.connection = connection
        self.shown = shown
    }

    /// Whether the statement only reads (SQLite's own judgement: a `DELETE … RETURNING`
    /// or a `PRAGMA` that sets does not).
    var readsOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `value` to `?index` (from 1).
    func bind(_ index: Int32, _ value: Double) {
        sqlite3_bind_double(handle, index, value)
    }

    func bind(_ index: Int32, _ value: Int) {
        sqlite3_bind_int64(handle, index, Int64(value))
    }

    func bind(_ index: Int32, _ text: String) {
        _ = sightline_sqlite3_bind_text_copied(handle, index, text, -1)
    }

    /// Moves to the next row: `true` when there is one, `false` past the last.
    /// - Throws: `CancellationError` when interrupted, else the statement's error.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw connection.failure(code: code, query: shown)
    }

    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The result column's name.
    func name(_ column: Int32) -> String {
        sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
    }

    /// The declared type of the table column behind a result column, if any.
    func declaredType(_ column: Int32) -> String {
        sqlite3_column_decltype(handle, column).map { String(cString: $0) } ?? ""
    }

    /// `SQLITE_INTEGER`, `SQLITE_FLOAT`, `SQLITE_TEXT`, `SQLITE_BLOB` or `SQLITE_NULL`.
    func type(_ column: Int32) -> Int32 {
        sqlite3_column_type(handle, column)
    }

    /// The column as a number; NULL reads as NaN (a break in a line).
    func double(_ column: Int32) -> Double {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? .nan : sqlite3_column_double(handle, column)
    }

    /// The column as a number, `nil` for NULL.
    func optionalDouble(_ column: Int32) -> Double? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_double(handle, column)
    }

    func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    /// The column as text, `nil` for NULL.
    func text(_ column: Int32) -> String? {
        guard sqlite3_column_type(handle, column) != SQLITE_NULL, let bytes = sqlite3_column_text(handle, column) else {
            return nil
        }
        return String(cString: bytes)
    }
}
