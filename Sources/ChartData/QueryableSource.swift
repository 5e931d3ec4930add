/// A source that answers the chart's questions where the data lives (a database, or a
/// file's points in memory), so only what is drawn crosses the wire. Every question is
/// asynchronous and cancellable: cancelling the task that asks stops the engine's work
/// (a PostgreSQL cancel request, ClickHouse's `KILL QUERY`, SQLite's interrupt), and a
/// cancelled question throws `CancellationError`.
///
/// `read` (from `DatasetSource`) gives the chart its first picture: every row of a small
/// table, else a coarse pyramid of the whole x extent; the chart then asks `m4` for the
/// view once it stops, and draws what it has until the answer comes.
public protocol QueryableSource: DatasetSource {
    /// The tables and views, with their columns.
    func listing() async throws -> SourceListing

    /// The x extent and row count of the table (or query) chosen.
    func extent() async throws -> SourceExtent

    /// The M4 of `request`'s series over its range.
    func m4(_ request: M4Request) async throws -> M4Answer

    /// Exact statistics of `series` over x in [start, end).
    func statistics(of series: [String], from start: Double, to end: Double) async throws -> [ExactStatistics]

    /// The rows past `x` (all rows when `nil`), ascending, at most `limit` of them, as a
    /// dataset of the chosen series; empty when there are none: `--follow` polls it.
    func rows(after x: Double?, limit: Int) async throws -> Dataset

    /// The most rows in a view the chart asks the M4 of (it keeps the pyramid past
    /// it): what the engine answers within about 300 ms.
    var refinementRowLimit: Int { get }

    /// This source charting what `options` choose (`--table`, `--x`, `--y`, `--sql`):
    /// the source a location names knows only what its address says, and every question
    /// after the first read (`extent`, `m4`, `statistics`) asks about the chosen series.
    func choosing(_ options: LoadOptions) -> Self
}

extension QueryableSource {
    /// The same source: one that charts what it was made with whatever the options.
    public func choosing(_ options: LoadOptions) -> Self { self }

    /// A million rows: what PostgreSQL scans for an M4 in about 300 ms (the figures).
    public var refinementRowLimit: Int { 1_000_000 }
}
