import ChartData
import Foundation
import PostgresNIO
import Synchronization

/// One connection to the server, shared by a source's questions, one statement at a
/// time. It connects on the first question and again after the connection drops (with
/// a growing pause between failed tries). Cancelling the task that asks cancels the
/// server's statement: postgres-nio sends no cancel request of its own, so the session
/// keeps its backend's process id and calls `pg_cancel_backend` from a second connection
/// (a role may cancel its own backends); the statement ends with "canceling statement
/// due to user request", the question throws `CancellationError` and the connection is
/// ready for the next.
actor PostgresSession {
    let settings: PostgresSettings
    /// What messages call the source.
    let source: String

    private var connection: PostgresConnection?
    private var backendID: Int32 = 0
    /// Failed connection tries in a row, for the pause before the next.
    private var failures = 0
    /// Whether a statement runs, and a waiting line for the others.
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var nextID = 0

    private static let logger: Logger = {
        var logger = Logger(label: "sightline.postgres")
        logger.logLevel = .critical
        return logger
    }()

    init(settings: PostgresSettings, source: String) {
        self.settings = settings
        self.source = source
    }

    deinit {
        if let connection { Self.discard(connection) }
    }

    /// Runs `sql` with `binds` and hands each row to `row`.
    /// - Returns: the bytes of the rows received (as their DataRow messages counted them).
    /// - Throws: `CancellationError` when the asking task was cancelled (the statement
    ///   was cancelled in the server), `DataLoadError.unreachable` when the server cannot
    ///   be reached or the connection dropped, `.rejected` with the server's message.
    @discardableResult
    func run(_ sql: String, binds: PostgresBindings = PostgresBindings(), row: (PostgresRow) throws -> Void) async throws -> Int {
        try Task.checkCancellation()
        await acquire()
        defer { release() }
        try Task.checkCancellation()
        let connection = try await connected()
        let backend = backendID
        let settings = self.settings
        var bytes = 0
        let cancelling = Mutex<Task<Void, Never>?>(nil)
        let outcome: Result<Int, any Error>
        do {
            try await withTaskCancellationHandler {
                let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: Self.logger)
                for try await one in rows {
                    var size = 7  // the DataRow message's type, length and column count
                    for cell in one { size += 4 + (cell.bytes?.readableBytes ?? 0) }
                    bytes += size
                    try row(one)
                }
            } onCancel: {
                cancelling.withLock { $0 = Task.detached { await Self.cancel(backend: backend, settings: settings) } }
            }
            outcome = .success(bytes)
        } catch {
            outcome = .failure(failure(error, sql: sql))
        }
        // A cancel request still on its way lands before the next statement may start:
        // arriving later, it would cancel that one (`release` lets it run).
        if let pending = cancelling.withLock({ $0 }) { await pending.value }
        return try outcome.get()
    }

    /// Closes the connection (the next question opens another).
    func close() async {
        if let connection { try? await connection.close() }
        connection = nil
    }

    /// Closes `connection` without waiting, keeping it until it is closed (postgres-nio
    /// requires a connection closed before it goes).
    private static func discard(_ connection: PostgresConnection) {
        connection.close().whenComplete { _ in _ = connection }
    }

    // MARK: - Connecting

    private func connected() async throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        if let connection { Self.discard(connection) }
        connection = nil
        if failures > 0 {
            // 0.25 s, 0.5 s, 1 s… up to 4 s between tries after a failure.
            let pause = min(4.0, 0.25 * pow(2, Double(failures - 1)))
            try await Task.sleep(nanoseconds: UInt64(pause * 1e9))
        }
        do {
            let opened = try await Self.open(settings, id: nextID)
            nextID += 1
            var pid: Int32 = 0
            do {
                for try await row in try await opened.query("SELECT pg_backend_pid()", logger: Self.logger) {
                    pid = try row.decode(Int32.self)
                }
            } catch {
                Self.discard(opened)
                throw error
            }
            connection = opened
            backendID = pid
            failures = 0
            return opened
        } catch let error as CancellationError {
            throw error
        } catch {
            failures += 1
            throw PostgresFailure.connecting(error, settings: settings, source: source)
        }
    }

    /// A new connection with `settings`, its login within the connect timeout.
    static func open(_ settings: PostgresSettings, id: Int) async throws -> PostgresConnection {
        var configuration: PostgresConnection.Configuration
        switch settings.endpoint {
        case let .tcp(host, port):
            configuration = .init(host: host, port: port, username: settings.user, password: settings.password,
                                  database: settings.database, tls: try tls(for: settings.tls))
        case let .socket(_, path):
            configuration = .init(unixSocketPath: path, username: settings.user, password: settings.password,
                                  database: settings.database)
        }
        configuration.options.connectTimeout = .milliseconds(Int64(settings.connectTimeout * 1000))
        configuration.options.additionalStartupParameters = [
            ("application_name", "sightline"),
            ("statement_timeout", "\(Int(settings.statementTimeout * 1000))"),
            // A chart only reads: a --sql that calls a function which writes (a user's
            // DELETE in SQL, nextval, lo_create) is refused by the server, not run.
            ("default_transaction_read_only", "on"),
            // A JIT compile costs tens of milliseconds on each M4 statement and saves none.
            ("jit", "off"),
        ]
        let timeout = settings.connectTimeout
        let chosen = configuration
        return try await withThrowingTaskGroup(of: PostgresConnection?.self) { group in
            group.addTask {
                try await PostgresConnection.connect(configuration: chosen, id: id, logger: logger)
            }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(timeout * 1e9))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let connection = first else {
                throw PostgresFailure.timedOut(seconds: timeout)
            }
            return connection
        }
    }

    private static func tls(for mode: PostgresSettings.TLSMode) throws -> PostgresConnection.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch mode {
        case .disable:
            return .disable
        case .allow, .prefer, .require:
            // libpq checks no certificate in these modes.
            configuration.certificateVerification = .none
        case .verifyCA:
            configuration.certificateVerification = .noHostnameVerification
        case .verifyFull:
            configuration.certificateVerification = .fullVerification
        }
        let context = try NIOSSLContext(configuration: configuration)
        return mode == .allow || mode == .prefer ? .prefer(context) : .require(context)
    }

    /// Asks the server, from a connection of its own, to cancel `backend`'s statement.
    private static func cancel(backend: Int32, settings: PostgresSettings) async {
        guard backend != 0, let helper = try? await open(settings, id: -1) else { return }
        _ = try? await helper.query("SELECT pg_cancel_backend(\(backend))", logger: logger).collect()
        try? await helper.close()
    }

    // MARK: - One statement at a time

    private func acquire() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }

    /// What `error` from running `sql` means to the chart; a dropped connection is
    /// forgotten so the next question reconnects.
    private func failure(_ error: any Error, sql: String) -> any Error {
        let meaning = PostgresFailure.classify(error, cancelled: Task.isCancelled, settings: settings, source: source, sql: sql)
        if case DataLoadError.unreachable = meaning, let connection {
            Self.discard(connection)
            self.connection = nil
        }
        return meaning
    }
}
