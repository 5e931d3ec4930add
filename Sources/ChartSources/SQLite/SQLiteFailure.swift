import CSQLite
import ChartData

/// SQLite's result codes as the errors Sightline shows: a file that is not a database or
/// is damaged names the file; a lock held too long says another program holds it; an
/// interrupted statement is a cancellation; the rest is a query SQLite rejected, with
/// its own message.
enum SQLiteFailure {
    static func error(code: Int32, message: String, path: String, query: String?) -> any Error {
        switch code & 0xff {
        case SQLITE_INTERRUPT:
            return CancellationError()
        case SQLITE_NOTADB:
            return DataLoadError.unreadable(path: path, reason: "not a SQLite database, though it starts like one (\(message))")
        case SQLITE_CORRUPT:
            return DataLoadError.unreadable(path: path, reason: "the SQLite database is damaged (\(message))")
        case SQLITE_BUSY, SQLITE_LOCKED:
            return DataLoadError.unreachable(source: path, reason: "the SQLite database stayed locked by another program "
                                             + "for \(SQLiteConnection.busyTimeout / 1000) s (\(message)); try again when it "
                                             + "has finished writing")
        case SQLITE_READONLY:
            return DataLoadError.unreadable(path: path, reason: "the SQLite database needs a program that may write it to "
                                            + "recover it first (\(message)); Sightline opens it read-only")
        case SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_PERM, SQLITE_AUTH, SQLITE_NOMEM, SQLITE_FULL:
            return DataLoadError.unreadable(path: path, reason: message)
        default:
            guard let query else { return DataLoadError.unreadable(path: path, reason: message) }
            return DataLoadError.rejected(source: path, query: query, message: message)
        }
    }
}
