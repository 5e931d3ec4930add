import ChartData
import ChartSources
import Foundation
import Synchronization

/// A table of a ClickHouse server or cluster, over its HTTP interface:
/// `clickhouse://user:password@host:8123/db?table=ticks&x=t&y=price`. The user and
/// password default to `CLICKHOUSE_USER` and `CLICKHOUSE_PASSWORD` (else `default`, no
/// password), the port to 8123, the database to `default`. Every question is one
/// statement the server answers (a `Distributed` table's fans out over its shards and is
/// merged there); the M4 comes back as `RowBinary`, about 84 bytes a pixel column for
/// one series.
public struct ClickHouseSource: QueryableSource {
    /// The address as the user wrote it, parsed.
    public let address: DatabaseAddress
    /// What to chart: the address's choices, overridden by the command line's.
    public let options: LoadOptions
    let connection: ClickHouseConnection
    /// The relation `options` chose, once asked (each question would otherwise list the
    /// database first).
    private let memo = Memo()
    /// Why this address cannot be read (it did not parse), if so.
    private var refusal: DataLoadError?

    public var name: String { address.name }

    public static func source(for location: String) -> ClickHouseSource? {
        guard let colon = location.firstIndex(of: ":"), location[colon...].hasPrefix("://"),
              location[..<colon].lowercased() == "clickhouse" else { return nil }
        do {
            guard let address = try DatabaseAddress.parse(location, schemes: ["clickhouse"]) else { return nil }
            return ClickHouseSource(address: address)
        } catch let error as DataLoadError {
            // An address that does not parse is still ours: reading it says why.
            return ClickHouseSource(refusing: error)
        } catch {
            return nil
        }
    }

    /// A source that every question answers with `refusal`.
    private init(refusing refusal: DataLoadError) {
        self.init(address: DatabaseAddress(scheme: "clickhouse"))
        self.refusal = refusal
    }

    /// The source of `address`, with the environment filling in what it leaves out.
    public init(address: DatabaseAddress, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.address = address
        self.options = address.applying(to: LoadOptions())
        let limit = environment["SIGHTLINE_CLICKHOUSE_TIMEOUT"].flatMap(Int.init).map { max(1, $0) } ?? 10
        connection = ClickHouseConnection(host: address.host ?? "127.0.0.1", port: address.port ?? 8123,
                                          user: address.user ?? environment["CLICKHOUSE_USER"] ?? "default",
                                          password: address.password ?? environment["CLICKHOUSE_PASSWORD"] ?? "",
                                          database: address.database ?? "default", timeLimit: limit, name: address.name)
    }

    private init(address: DatabaseAddress, options: LoadOptions, connection: ClickHouseConnection,
                 refusal: DataLoadError?) {
        self.refusal = refusal
        self.address = address
        self.options = options
        self.connection = connection
    }

    /// This source charting what `options` choose (the command line's, over the address's).
    public func choosing(_ options: LoadOptions) -> ClickHouseSource {
        ClickHouseSource(address: address, options: address.applying(to: options), connection: connection,
                          refusal: refusal)
    }

    /// The most rows in a view the chart asks the M4 of (past it, the pyramid): the
    /// largest view that answered within 300 ms at 10,240 columns (the chart asks 8 a
    /// pixel), rounded down. Over the two loopback shards here (2 cores shared with
    /// other builds, medians of 5): 4M rows 0.23 s, 5M 0.25–0.32 s, 10M 0.37–0.53 s;
    /// `ClickHouseM4` lets ties go to any tied row, 3.5–5.5 times faster than breaking them.
    public var refinementRowLimit: Int { 4_000_000 }

    public func read(options: LoadOptions, progress: LoadProgress?) throws -> Dataset {
        if let refusal { throw refusal }
        let chosen = choosing(options)
        return try QueriedRead().read(chosen, options: chosen.options, progress: progress)
    }

    public func listing() async throws -> SourceListing {
        if let refusal { throw refusal }
        return try await ClickHouseListing(connection: connection).listing(query: options.sql)
    }

    /// What `options` chart, as SQL: the table or the query, its x and its y columns.
    func chosen() async throws -> ClickHouseRelation {
        if let kept = memo.relation.withLock({ $0 }) { return kept }
        let listing = try await self.listing()
        let choice = try TableChoice.choose(in: listing, options: options, source: name)
        let from = options.sql.map { "(\($0))" } ?? ClickHouseSQL.table(choice.table.name, in: connection.database)
        let relation = ClickHouseRelation(from: from, x: choice.x, y: choice.y)
        memo.relation.withLock { $0 = relation }
        return relation
    }

    private final class Memo: Sendable {
        let relation = Mutex<ClickHouseRelation?>(nil)
    }

    public func extent() async throws -> SourceExtent {
        let relation = try await chosen()
        let sql = "SELECT count(), min(\(relation.xName)), max(\(relation.xName)) FROM \(relation.inner()) FORMAT RowBinary"
        var reader = ClickHouseRowBinary(try await connection.run(sql).body, source: name)
        let count = Int(try reader.uint64())
        let first = try reader.float64(), last = try reader.float64()
        // A DateTime is an instant (Unix seconds): shown on the local wall clock, as a file's
        // instants with a zone are (`LocalTimeSource`); a Date is a calendar day, as written.
        let instants = ClickHouseType(name: relation.x.type).isInstant
        return SourceExtent(first: count > 0 ? first : nil, last: count > 0 ? last : nil, count: count,
                            xKind: relation.xKind, series: relation.y.map(\.name),
                            version: "count=\(count) last=\(last.bitPattern) from=\(relation.from) x=\(relation.x.name)", xIndexed: relation.x.indexed ?? false,
                            xCarriesZone: instants)
    }

    public func m4(_ request: M4Request) async throws -> M4Answer {
        let relation = try await chosen().keeping(request.series, source: name)
        let query = ClickHouseM4(relation: relation, request: request)
        let reply = try await connection.run(query.sql)
        return try query.answer(reply.body, source: name)
    }

    public func statistics(of series: [String], from start: Double, to end: Double) async throws -> [ExactStatistics] {
        let relation = try await chosen().keeping(series, source: name)
        let values = relation.y.indices.map { index in
            let (v, m) = (relation.valueName(index), relation.missingName(index))
            return "countIf(\(m) = 0), minIf(\(v), \(m) = 0), maxIf(\(v), \(m) = 0), avgIf(\(v), \(m) = 0), "
                + "stddevSampIf(\(v), \(m) = 0)"
        }
        let sql = "SELECT \(values.joined(separator: ", ")) FROM \(relation.inner(from: start, to: end)) FORMAT RowBinary"
        var reader = ClickHouseRowBinary(try await connection.run(sql).body, source: name)
        return try relation.y.map { column in
            let count = Int(try reader.uint64())
            let low = try reader.float64(), high = try reader.float64()
            let mean = try reader.float64(), deviation = try reader.float64()
            return ExactStatistics(name: column.name, count: count, min: count > 0 ? low : nil, max: count > 0 ? high : nil,
                                   mean: count > 0 ? mean : nil, standardDeviation: count > 1 ? deviation : nil)
        }
    }

    public func rows(after x: Double?, limit: Int) async throws -> Dataset {
        let relation = try await chosen()
        let values = relation.y.indices.map { relation.valueName($0) }
        let order = [relation.xName] + relation.y.indices.flatMap { [relation.missingName($0), relation.valueName($0)] }
        let sql = "SELECT \(([relation.xName] + values).joined(separator: ", ")) FROM \(relation.inner(after: x)) "
            + "ORDER BY \(order.joined(separator: ", ")) LIMIT \(max(0, limit)) FORMAT RowBinary"
        var reader = ClickHouseRowBinary(try await connection.run(sql).body, source: name)
        var xs: [Double] = []
        var ys = Array(repeating: [Double](), count: relation.y.count)
        while !reader.atEnd {
            xs.append(try reader.float64())
            for index in ys.indices { ys[index].append(try reader.float64()) }
        }
        let series = zip(relation.y, ys).map { Series(name: $0.name, ys: $1) }
        return Dataset(source: name, xs: xs, series: series, xKind: relation.xKind)
    }
}
