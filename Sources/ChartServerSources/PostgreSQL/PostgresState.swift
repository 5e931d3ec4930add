import ChartData
import ChartSources
import PostgresNIO

/// What a `PostgresSource` has chosen and learned: the options it reads with (the
/// address's, then those `read` is given), the plan they choose, kept until the options
/// change; and its one session.
actor PostgresState {
    let session: PostgresSession
    private var options: LoadOptions
    private var chosen: PostgresPlan?

    /// Tables estimated past this many rows are not counted exactly: `count(*)` reads
    /// every row (seconds on 100M), so the estimate stands in for the count.
    static let exactCountLimit = 4_000_000

    init(session: PostgresSession, options: LoadOptions) {
        self.session = session
        self.options = options
    }

    /// Reads with `options` from now on.
    func choose(_ options: LoadOptions) async throws {
        if options != self.options {
            self.options = options
            chosen = nil
        }
        _ = try await plan()
    }

    func listing() async throws -> SourceListing {
        if let sql = options.sql {
            return try await PostgresCatalog.listing(ofQuery: sql, session)
        }
        return try await PostgresCatalog.listing(session)
    }

    /// The table and columns the options choose (`TableChoice`).
    func plan() async throws -> PostgresPlan {
        if let chosen { return chosen }
        var options = self.options
        if options.sql != nil { options.table = PostgresCatalog.queryName }
        let choice = try TableChoice.choose(in: try await listing(), options: options, source: session.source)
        let plan = PostgresPlan(choice: choice, sql: options.sql)
        chosen = plan
        return plan
    }

    /// The x extent; the count exact for a query, a view or a table estimated under
    /// `exactCountLimit` rows, else the estimate (live rows, as the statistics collector
    /// keeps them). The version is the count and newest x, with, for a table, its
    /// insert, update and delete counters and file node, which change with its rows
    /// even where the estimate does not.
    func extent() async throws -> SourceExtent {
        let plan = try await plan()
        var first: Double?, last: Double?
        try await session.run(plan.extentSQL) { row in
            (first, last) = try row.decode((Double?, Double?).self)
        }
        var count: Int?
        var version = ""
        if let table = plan.table {
            var binds = PostgresBindings()
            binds.append(quotedIdentifier(table))
            try await session.run(PostgresPlan.tableStatisticsSQL, binds: binds) { row in
                let (estimate, inserted, updated, deleted, node) = try row.decode((Double, Int64, Int64, Int64, Int64).self)
                if estimate > Double(Self.exactCountLimit) { count = Int(estimate) }
                version = "ins=\(inserted),upd=\(updated),del=\(deleted),node=\(node)"
            }
        }
        if count == nil {
            try await session.run(plan.countSQL) { row in count = Int(try row.decode(Int64.self)) }
            version = "count=\(count ?? 0)," + version
        }
        version += ",last=\(last.map { String($0) } ?? "none")"
        // What was chosen too: two queries with the same columns, count and newest x share
        // the rest, and the levels cache would give one the other's pyramid.
        version += ",from=\(plan.relation),x=\(plan.x)"
        return SourceExtent(first: first, last: last, count: count ?? 0, xKind: plan.xKind, series: plan.names,
                            version: version, xIndexed: plan.xIndexed,
                            // A timestamptz is an instant, shown on the local wall clock as a file's
                            // instants with a zone are; a timestamp or a date is as written.
                            xCarriesZone: plan.xType == .timestamptz)
    }
}
