import ChartData
import ChartSources
import PostgresNIO
import Synchronization

/// A PostgreSQL table, view or query as a chart's source:
/// `postgresql://user@host:5432/db?table=readings&x=ts&y=temp,hum` (or `postgres://`),
/// connected through postgres-nio with libpq's conventions (`PostgresSettings`). The
/// chart's M4 runs in the server as one statement (`PostgresPlan.m4SQL`); the first
/// picture is `QueriedRead`'s (all rows of a small table, else a pyramid kept in the
/// levels cache).
public struct PostgresSource: QueryableSource {
    public let name: String
    /// The address's settings, or why it has none (a port that is not a number…).
    let setup: Result<PostgresSettings, DataLoadError>
    let address: DatabaseAddress?
    let state: PostgresState

    public static func source(for location: String) -> PostgresSource? {
        let address: DatabaseAddress
        do {
            guard let parsed = try DatabaseAddress.parse(location, schemes: ["postgresql", "postgres"]) else { return nil }
            address = parsed
        } catch {
            let failure = error as? DataLoadError ?? .usage(file: location, message: "\(error)")
            return PostgresSource(name: DisplayText.hidingPassword(location), setup: .failure(failure), address: nil)
        }
        do {
            let settings = try PostgresSettings.resolve(address)
            // One session per address in a process: the command line asks the catalog
            // again for the source it read (for the exact statistics and the refined
            // picture), and that source must chart what `read`'s options chose.
            let state = shared.withLock { states in
                if let kept = states[location], kept.settings == settings { return kept.state }
                let state = PostgresState(session: PostgresSession(settings: settings, source: address.name),
                                          options: address.applying(to: LoadOptions()))
                states[location] = (settings, state)
                return state
            }
            return PostgresSource(name: address.name, setup: .success(settings), address: address, state: state)
        } catch {
            let failure = error as? DataLoadError ?? .usage(file: address.name, message: "\(error)")
            return PostgresSource(name: address.name, setup: .failure(failure), address: address)
        }
    }

    /// A source for `address` connected with `settings` (the tests' way to set the
    /// environment libpq would read).
    public init(address: DatabaseAddress, settings: PostgresSettings) {
        self.init(name: address.name, setup: .success(settings), address: address)
    }

    /// The sessions of the addresses `source(for:)` gave, by address.
    private static let shared = Mutex<[String: (settings: PostgresSettings, state: PostgresState)]>([:])

    private init(name: String, setup: Result<PostgresSettings, DataLoadError>, address: DatabaseAddress?,
                 state: PostgresState) {
        self.name = name
        self.setup = setup
        self.address = address
        self.state = state
    }

    private init(name: String, setup: Result<PostgresSettings, DataLoadError>, address: DatabaseAddress?) {
        self.name = name
        self.setup = setup
        self.address = address
        let settings = (try? setup.get()) ?? PostgresSettings(endpoint: .tcp(host: "localhost", port: 5432), user: "",
                                                              database: "", tls: .disable)
        state = PostgresState(session: PostgresSession(settings: settings, source: name),
                              options: address?.applying(to: LoadOptions()) ?? LoadOptions())
    }

    public func read(options: LoadOptions, progress: LoadProgress?) throws -> Dataset {
        _ = try setup.get()
        let chosen = address?.applying(to: options) ?? options
        let state = self.state
        try BlockingQuery.run { try await state.choose(chosen) }
        var dataset = try QueriedRead().read(self, options: options, progress: progress)
        let plan = try BlockingQuery.run { try await state.plan() }
        if let table = plan.table, !plan.xIndexed {
            // Each view's M4 then scans the whole table: say so, and what cures it.
            dataset.warnings.append("\(DisplayText.quotedName(table)) has no index on \(plan.x): every view the chart "
                                    + "asks for reads the whole table; CREATE INDEX ON \(quotedIdentifier(table)) "
                                    + "(\(plan.x)) lets a view read only its own rows")
        }
        return dataset
    }

    /// Closes the connection; the next question opens another.
    public func close() async {
        await state.session.close()
    }

    // MARK: - QueryableSource

    /// Half a million rows: the exact M4 (arrays for the extremes' rows) costs about 1.8×
    /// a bare min/max; measured on 100M W1 rows indexed on x, 100k rows in view took
    /// 49 ms and 1M 510 ms on this shared 2-core machine, so ~300 ms falls near 500k.
    public var refinementRowLimit: Int { 500_000 }

    public func listing() async throws -> SourceListing {
        _ = try setup.get()
        return try await state.listing()
    }

    public func extent() async throws -> SourceExtent {
        _ = try setup.get()
        return try await state.extent()
    }

    public func m4(_ request: M4Request) async throws -> M4Answer {
        _ = try setup.get()
        let plan = try await state.plan()
        return try await PostgresM4.answer(request, plan: plan, session: state.session)
    }

    public func statistics(of series: [String], from start: Double, to end: Double) async throws -> [ExactStatistics] {
        _ = try setup.get()
        let plan = try await state.plan()
        return try await PostgresM4.statistics(of: series, from: start, to: end, plan: plan, session: state.session)
    }

    public func rows(after x: Double?, limit: Int) async throws -> Dataset {
        _ = try setup.get()
        let plan = try await state.plan()
        return try await PostgresM4.rows(after: x, limit: limit, plan: plan, session: state.session, source: name)
    }
}

extension PostgresSettings {
    init(endpoint: Endpoint, user: String, database: String, tls: TLSMode) {
        self.init(endpoint: endpoint, user: user, password: nil, database: database, tls: tls, connectTimeout: 10,
                  statementTimeout: 10, passFileNote: nil)
    }
}
