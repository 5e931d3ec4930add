import ChartData
import XCTest
@testable import ChartServerSources

/// The M4 the cluster answers against every row (`m4Violation`: the per-column keys
/// exact, every point a row, ties free), for random views of the test tables: a `Distributed` one whose shards both hold rows and share instants
/// (ticks), Float x with Nullable Float32 and UInt16 y (gauges), Date x (days).
final class ClickHouseM4Tests: XCTestCase {
    override func setUpWithError() throws {
        try ClickHouseCluster.require()
    }

    func testTheDistributedTableFansOutOverBothShardsWithTiesBetweenThem() throws {
        let counts = try [18123, 18124].map { port in
            Int(String(decoding: try ClickHouseCluster.query("SELECT count() FROM sightline.ticks_local", port: port),
                       as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        XCTAssertGreaterThan(counts[0], 0)
        XCTAssertGreaterThan(counts[1], 0)
        let (xs, _) = try ClickHouseCluster.rows(x: "toFloat64(t)", [], of: "ticks")
        XCTAssertEqual(xs.count, counts[0] + counts[1], "the Distributed table reads both shards")
        XCTAssertLessThan(Set(xs).count, xs.count, "some instants are on both shards")
    }

    func testTicksM4KeepsTheM4OfAllRows() async throws {
        try await checkRandomViews(table: "ticks", x: "toFloat64(t)", series: ["price", "volume"], seed: 26, cases: 40)
    }

    func testGaugesM4WithFloatXAndNullsKeepsTheM4OfAllRows() async throws {
        try await checkRandomViews(table: "gauges", x: "x", series: ["level", "flow"], seed: 7, cases: 30)
    }

    func testDaysM4WithDateXKeepsTheM4OfAllRows() async throws {
        try await checkRandomViews(table: "days", x: "toFloat64(toUInt16(d)) * 86400", series: ["rain"], seed: 3, cases: 15)
    }

    /// Views of random ranges (some past the data's ends, some a few rows wide) and
    /// widths, each series' answer against all rows.
    private func checkRandomViews(table: String, x: String, series: [String], seed: UInt64, cases: Int) async throws {
        let (xs, ys) = try ClickHouseCluster.rows(x: x, series, of: table)
        let low = xs.min()!, high = xs.max()!
        let source = try ClickHouseCluster.source("table=\(table)&y=\(series.joined(separator: ","))")
        var random = SplitMix64(state: seed)
        for index in 0..<cases {
            let span = (high - low) * pow(10, -Double.random(in: 0...4, using: &random))
            let start = Double.random(in: (low - span * 0.1)...(high - span * 0.5), using: &random)
            let columns = [1, 2, 7, 300, 1280, 1999][index % 6]
            // Some views end on a row, so a row sits on the range's edge.
            let end = index % 5 == 0 ? xs[Int.random(in: 0..<xs.count, using: &random)] : start + span
            guard end > start else { continue }
            let request = M4Request(series: series, start: start, end: end, columns: columns)
            let answer = try await source.m4(request)
            XCTAssertEqual(answer.rowsInRange, xs.filter { $0 >= start && $0 < end }.count, "case \(index): rows")
            XCTAssertGreaterThan(answer.bytesReceived, answer.rowsInRange > 0 ? 0 : -1)
            for (s, name) in series.enumerated() {
                if let problem = m4Violation(answer.series[s], xs: xs, ys: ys[s], request: request) {
                    XCTFail("case \(index) \(name) of \(request): \(problem)")
                }
            }
        }
    }

    func testTheServerPutsARowOnAColumnEdgeInTheColumnSwiftDoes() throws {
        var random = SplitMix64(state: 11)
        var literals: [String] = []
        var expected: [Int] = []
        for _ in 0..<24 {
            let start = Double.random(in: -1e9...2e9, using: &random)
            let end = start + Double.random(in: 1e-3...1e8, using: &random)
            let columns = Int.random(in: 1...5000, using: &random)
            let request = M4Request(series: [], start: start, end: end, columns: columns)
            for _ in 0..<20 {
                // An edge as a view's arithmetic finds it, and its neighbours.
                let k = Double(Int.random(in: 0..<columns, using: &random))
                let edge = start + (end - start) * k / Double(columns)
                for x in [edge.nextDown, edge, edge.nextUp] where x >= start && x < end {
                    literals.append(ClickHouseM4.column(of: ClickHouseSQL.literal(x), request))
                    expected.append(request.column(of: x)!)
                }
            }
        }
        var got: [Int] = []
        for chunk in stride(from: 0, to: literals.count, by: 500) {
            let list = literals[chunk..<min(chunk + 500, literals.count)].joined(separator: ", ")
            let text = String(decoding: try ClickHouseCluster.query("SELECT arrayJoin([\(list)]) FORMAT TabSeparated"), as: UTF8.self)
            got += text.split(separator: "\n").map { Int($0)! }
        }
        XCTAssertEqual(got, expected)
    }

    func testM4SQLUsesTheRequestsFormulaInItsOrder() {
        let relation = ClickHouseRelation(from: "`sightline`.`ticks`", x: SourceColumn(name: "t", type: "DateTime", role: .time),
                                          y: [SourceColumn(name: "price", type: "Float64", role: .number)])
        let sql = ClickHouseM4(relation: relation, request: M4Request(series: ["price"], start: 10, end: 20, columns: 1280)).sql
        XCTAssertTrue(sql.contains("least(toUInt32(floor((_sl_x - 10.0) / (20.0 - 10.0) * 1280)), 1279) AS _sl_k"), sql)
        XCTAssertTrue(sql.hasSuffix("GROUP BY _sl_k ORDER BY _sl_k FORMAT RowBinary"), sql)
        XCTAssertTrue(sql.contains("toFloat64(`t`) >= 10.0 AND toFloat64(`t`) < 20.0"), sql)
    }
}
