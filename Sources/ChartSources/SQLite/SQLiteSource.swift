import ChartData
import Glibc
import Synchronization

/// A SQLite database file (recognised by its header, whatever its name), read in place:
/// its tables and views listed, one chosen as a CSV file's columns are (`--table`,
/// `--x`, `--y`, or a `--sql` query), and the chart's questions answered by SQLite
/// itself, the M4 of a view included (`SQLiteM4`). Opened read-only for every question.
public struct SQLiteSource: QueryableSource {
    public let path: String
    /// The choice of table and columns (`read` answers under its own options).
    public let options: LoadOptions
    /// How the first picture is read (tests shrink its limits).
    public var reader = QueriedRead()
    /// The listing and choice, made once for this source and its copies.
    private let chosen = Chosen()

    /// The 16 bytes every SQLite 3 database starts with.
    static let header = Array("SQLite format 3\0".utf8)

    public init(path: String, options: LoadOptions = LoadOptions()) {
        self.path = path
        self.options = options
    }

    /// The source for `location` when it is a regular file that starts with SQLite's header.
    public static func source(for location: String) -> SQLiteSource? {
        isDatabase(location) ? SQLiteSource(path: location) : nil
    }

    public var name: String { path }

    /// This file charting what `options` choose (its own listing and choice, made anew).
    public func choosing(_ options: LoadOptions) -> SQLiteSource {
        var chosen = SQLiteSource(path: path, options: options)
        chosen.reader = reader
        return chosen
    }

    /// Reads the first picture: every row of a small table, else the pyramid (kept in
    /// the levels cache); without an index on x a line says what each refinement costs.
    public func read(options: LoadOptions, progress: LoadProgress?) throws -> Dataset {
        let source = choosing(options)
        var dataset = try source.reader.read(source, options: options, progress: progress)
        if let extent = source.chosen.extent.withLock({ $0 }), !extent.xIndexed, extent.count > source.reader.allRowsLimit {
            let selection = try BlockingQuery.run { try await source.selection() }
            let table = selection.query == nil ? SQLiteSQL.quoted(selection.choice.table.name) : "the query's table"
            let x = SQLiteSQL.quoted(selection.choice.x.name)
            dataset.warnings.append("no index on x: each refinement scans all \(extent.count) rows; "
                                    + "CREATE INDEX \(SQLiteSQL.quoted("by_" + selection.choice.x.name)) ON \(table)(\(x)) "
                                    + "makes them read only the rows in view")
        }
        return dataset
    }

    public func listing() async throws -> SourceListing {
        try await SQLiteWork.run(path: path) { connection in try SQLiteListing.read(connection).listing }
    }

    /// The choice this source's options make, made once.
    func selection() async throws -> SQLiteSelection {
        if let made = chosen.selection.withLock({ $0 }) { return made }
        let path = self.path, options = self.options
        let made = try await SQLiteWork.run(path: path) { connection in
            if options.sql != nil, options.table != nil {
                throw DataLoadError.usage(file: path, message: "--table and --sql both say what to chart: give one")
            }
            let listing = try options.sql.map { try SQLiteListing.read(connection, query: SQLiteSQL.trimmed($0)) }
                ?? SQLiteListing.read(connection)
            return try SQLiteSelection.choose(in: listing, options: options, source: path)
        }
        chosen.selection.withLock { $0 = made }
        return made
    }

    public func extent() async throws -> SourceExtent {
        let selection = try await selection()
        let extent = try await SQLiteWork.run(path: path) { connection in
            let x = selection.x, from = selection.from
            let indexed = try Self.usesIndex(connection, selection: selection)
            // With an index, min and max each alone in a subquery, so the index answers each
            // in one step; without one, all three in one pass over the rows.
            let statement = try connection.prepare(indexed ? """
                SELECT (SELECT \(x) FROM \(from) WHERE \(x) < 9e999 ORDER BY \(x) LIMIT 1),
                (SELECT \(x) FROM \(from) WHERE \(x) < 9e999 ORDER BY \(x) DESC LIMIT 1),
                (SELECT count(*) FROM \(from))
                """ : "SELECT min(\(x)), max(\(x)), count(*) FROM \(from) WHERE \(x) < 9e999", shown: selection.query)
            _ = try statement.step()
            let first = statement.optionalDouble(0), last = statement.optionalDouble(1), count = statement.int(2)
            return SourceExtent(first: first, last: last, count: count, xKind: selection.xKind,
                                series: selection.series,
                                version: "file=\(Self.resolved(connection.path)) count=\(count) first=\(first ?? .nan) last=\(last ?? .nan)"
                                    + " from=\(from) x=\(x)",
                                xIndexed: indexed)
        }
        chosen.extent.withLock { $0 = extent }
        return extent
    }

    /// Whether SQLite reads a range of x through an index (`SEARCH` in its plan) rather
    /// than every row (`SCAN`): true of a table or a view over one indexed on x.
    static func usesIndex(_ connection: SQLiteConnection, selection: SQLiteSelection) throws -> Bool {
        let plan = try queryPlan(connection, sql: "SELECT \(selection.x) FROM \(selection.from) WHERE \(selection.x) >= ?1 "
                                 + "AND \(selection.x) < ?2", shown: selection.query)
        return plan.contains { $0.hasPrefix("SEARCH") } && !plan.contains { $0.hasPrefix("SCAN") }
    }

    /// The details of SQLite's plan for `sql` (`EXPLAIN QUERY PLAN`).
    static func queryPlan(_ connection: SQLiteConnection, sql: String, shown: String?) throws -> [String] {
        let statement = try connection.prepare("EXPLAIN QUERY PLAN " + sql, shown: shown)
        var details: [String] = []
        while try statement.step() { details.append(statement.text(3) ?? "") }
        return details
    }

    public func m4(_ request: M4Request) async throws -> M4Answer {
        let selection = try await selection()
        let m4 = SQLiteM4(selection: selection, ys: try request.series.map { try selection.y($0, source: path) })
        return try await SQLiteWork.run(path: path) { connection in
            let statement = try connection.prepare(m4.sql, shown: selection.query)
            SQLiteM4.bind(request, to: statement)
            return try m4.answer(request, from: statement)
        }
    }

    /// SQLite's plan for the M4 statement of `request`, for tests and the benchmark.
    func m4Plan(_ request: M4Request) async throws -> [String] {
        let selection = try await selection()
        let m4 = SQLiteM4(selection: selection, ys: try request.series.map { try selection.y($0, source: path) })
        return try await SQLiteWork.run(path: path) { connection in
            try Self.queryPlan(connection, sql: m4.sql, shown: selection.query)
        }
    }

    /// Count, min, max, mean and standard deviation over the rows in range, read in one
    /// pass and accumulated here (`ExactStatistics.Accumulator`): SQLite is in this
    /// process, so no row crosses a wire, and it has no stddev of its own (a second pass
    /// in SQL for the squared distances to the mean took 9 s of 10 on 10M rows).
    public func statistics(of series: [String], from start: Double, to end: Double) async throws -> [ExactStatistics] {
        let selection = try await selection()
        let ys = try series.map { try selection.y($0, source: path) }
        let sql = "SELECT " + ys.joined(separator: ", ") + " FROM \(selection.from) "
            + "WHERE \(selection.x) >= ?1 AND \(selection.x) < ?2"
        return try await SQLiteWork.run(path: path) { connection in
            let statement = try connection.prepare(sql, shown: selection.query)
            statement.bind(1, start)
            statement.bind(2, end)
            var accumulators = series.map { ExactStatistics.Accumulator(name: $0) }
            // A cancelled question interrupts the statement (`SQLiteWork`): `step` throws.
            while try statement.step() {
                for index in accumulators.indices { accumulators[index].add(statement.double(Int32(index))) }
            }
            return accumulators.map(\.statistics)
        }
    }

    public func rows(after x: Double?, limit: Int) async throws -> Dataset {
        let selection = try await selection()
        let ys = try selection.series.map { try selection.y($0, source: path) }
        let sql = "SELECT \(selection.x)" + ys.map { ", \($0)" }.joined() + " FROM \(selection.from) WHERE \(selection.x) > ?1 "
            + "AND \(selection.x) < 9e999 ORDER BY \(selection.x), \(selection.order) LIMIT ?2"
        let source = path
        return try await SQLiteWork.run(path: path) { connection in
            let statement = try connection.prepare(sql, shown: selection.query)
            statement.bind(1, x ?? -.infinity)
            statement.bind(2, max(limit, 0))
            var xs: [Double] = []
            var columns = Array(repeating: [Double](), count: ys.count)
            while try statement.step() {
                xs.append(statement.double(0))
                for index in ys.indices { columns[index].append(statement.double(Int32(1 + index))) }
            }
            return Dataset(source: source, xs: xs, series: zip(selection.series, columns).map { Series(name: $0, ys: $1) },
                           xKind: selection.xKind)
        }
    }

    /// `path` with its links and `..` resolved, so two files of one relative name in two
    /// folders never share a pyramid in the cache.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// Whether `location` is a regular file starting with SQLite's header (a FIFO or a
    /// device is never opened for it, so a pipe is not read here).
    static func isDatabase(_ location: String) -> Bool {
        var status = stat()
        guard location != "-", stat(location, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              status.st_size >= header.count else { return false }
        let descriptor = open(location, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: header.count)
        let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, header.count) }
        return got == header.count && bytes == header
    }

    /// The choice, shared by a source and its copies.
    private final class Chosen: Sendable {
        let selection = Mutex<SQLiteSelection?>(nil)
        /// The extent last found, which `read` words its warning from.
        let extent = Mutex<SourceExtent?>(nil)
    }
}
