import ChartData
import NIOCore
import PostgresNIO

/// How the server's and the connection's errors read to the user: each becomes a
/// `DataLoadError` naming the source (never a password), or `CancellationError` for a
/// statement the asking task cancelled.
enum PostgresFailure: Error, CustomStringConvertible {
    /// The connection and login took longer than the connect timeout.
    case timedOut(seconds: Double)

    var description: String {
        switch self {
        case .timedOut(let limit): return "no answer within \(Self.seconds(limit)) s (connect_timeout)"
        }
    }

    /// `error` from connecting or logging in.
    static func connecting(_ error: any Error, settings: PostgresSettings, source: String) -> DataLoadError {
        var reason = "could not connect to \(settings.place) as \(DisplayText.quotedName(settings.user)): "
        if let server = error as? PSQLError, let message = server.serverInfo?[.message] {
            reason += message
            if let state = server.serverInfo?[.sqlState], state.hasPrefix("28") {
                reason += settings.password == nil
                    ? " (no password was given: write it in the address, PGPASSWORD or ~/.pgpass)" : ""
                if let note = settings.passFileNote { reason += "; " + note }
            }
        } else if let server = error as? PSQLError, server.code == .authMechanismRequiresPassword {
            reason += "the server asks for a password and none was given (write it in the address, PGPASSWORD or ~/.pgpass)"
            if let note = settings.passFileNote { reason += "; " + note }
        } else if let server = error as? PSQLError, server.code == .sslUnsupported {
            reason += "the server does not offer TLS, which sslmode=\(settings.tls.rawValue) requires"
        } else if let server = error as? PSQLError, let underlying = server.underlying,
                  let refusal = refusal(ioError(in: underlying)?.errnoCode) {
            reason += refusal
        } else if let server = error as? PSQLError, let underlying = server.underlying {
            reason += "\(underlying)"
        } else {
            reason += "\(error)"
        }
        return .unreachable(source: source, reason: reason)
    }

    /// What a refused connect (`errno`) means, in libpq's words; `nil` for another error.
    static func refusal(_ errno: CInt?) -> String? {
        switch errno {
        case ECONNREFUSED:
            return "connection refused: is the server running there and accepting TCP/IP connections? "
                + "(the address's host:port, or PGHOST and PGPORT)"
        case ENOENT:
            return "no such socket: is the server running locally and accepting connections on that socket? "
                + "(PGHOST names its folder, PGPORT its number)"
        default:
            return nil
        }
    }

    /// The system call's error inside `error` (NIO wraps a refused connect in a
    /// NIOConnectionError of one failure per address tried), looked for a few levels deep.
    static func ioError(in error: Any, depth: Int = 0) -> IOError? {
        if let found = error as? IOError { return found }
        guard depth < 4 else { return nil }
        for child in Mirror(reflecting: error).children {
            if let found = ioError(in: child.value, depth: depth + 1) { return found }
        }
        return nil
    }

    /// `error` from running `sql`; `cancelled` when the asking task was cancelled.
    static func classify(_ error: any Error, cancelled: Bool, settings: PostgresSettings, source: String,
                         sql: String) -> any Error {
        if error is CancellationError { return error }
        guard let failure = error as? PSQLError else {
            if let loadError = error as? DataLoadError { return loadError }
            return DataLoadError.unreachable(source: source, reason: "\(error)")
        }
        let state = failure.serverInfo?[.sqlState]
        if state == "57014" {
            // query_canceled: ours when the task was cancelled, else statement_timeout.
            if cancelled { return CancellationError() }
            return DataLoadError.rejected(source: source, query: sql, message: "the statement ran longer than "
                                          + "\(seconds(settings.statementTimeout)) s and the server stopped it "
                                          + "(statement_timeout; SIGHTLINE_PG_STATEMENT_TIMEOUT=seconds, or 0, changes it)")
        }
        if cancelled && failure.code == .queryCancelled { return CancellationError() }
        if let state, state.hasPrefix("57P") || state.hasPrefix("08") {
            // Admin shutdown, crash shutdown, cannot connect now, connection failures.
            return DataLoadError.unreachable(source: source, reason: "the server at \(settings.place) ended the session: "
                                             + (failure.serverInfo?[.message] ?? "\(failure.code)"))
        }
        if let message = failure.serverInfo?[.message] {
            var text = message
            if let detail = failure.serverInfo?[.detail] { text += " (\(detail))" }
            if let hint = failure.serverInfo?[.hint] { text += " Hint: \(hint)" }
            return DataLoadError.rejected(source: source, query: sql, message: text)
        }
        if cancelled { return CancellationError() }
        return DataLoadError.unreachable(source: source, reason: "the connection to \(settings.place) was lost ("
                                         + "\(failure.code)); the next question reconnects")
    }

    /// `value` seconds as a message writes them: `10`, `2.5`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
