import CSQLite
import Foundation
import XCTest

/// A SQLite file a test writes through SQLite's C API, in a folder of its own.
struct SQLiteTestFile {
    let path: String

    /// A new file under `folder` made by `statements`.
    static func make(in folder: String, _ statements: [String]) throws -> SQLiteTestFile {
        let file = SQLiteTestFile(path: folder + "/\(UUID().uuidString).sqlite")
        try file.run(statements)
        return file
    }

    /// Runs `statements` on a writable connection, closed after.
    func run(_ statements: [String]) throws {
        let db = try Self.open(path)
        defer { sqlite3_close_v2(db) }
        for statement in statements { try Self.exec(db, statement) }
    }

    /// A writable connection the caller closes (`sqlite3_close_v2`).
    static func open(_ path: String) throws -> OpaquePointer {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db else {
            throw NSError(domain: "sqlite", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot open \(path)"])
        }
        return db
    }

    static func exec(_ db: OpaquePointer, _ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "?"
            sqlite3_free(message)
            throw NSError(domain: "sqlite", code: 2, userInfo: [NSLocalizedDescriptionKey: "\(text): \(sql.prefix(200))"])
        }
    }

    /// `value` as an SQL literal that reads back as the same double (NULL for NaN).
    static func literal(_ value: Double) -> String {
        value.isNaN ? "NULL" : String(format: "%.17g", value)
    }
}
