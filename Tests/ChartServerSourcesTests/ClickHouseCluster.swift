import ChartData
import ChartSources
import Foundation
import XCTest
@testable import ChartServerSources

/// The two-shard cluster of `scripts/db/clickhouse.sh`, started if it is not up (so
/// `swift test` alone works; scripts/test.sh stops it). Where clickhouse-server is not
/// installed the tests skip, unless SIGHTLINE_REQUIRE_CLICKHOUSE is set (scripts/test.sh
/// sets it), when they fail.
enum ClickHouseCluster {
    static let ports = [18123, 18124]
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = root.appendingPathComponent("scripts/db/clickhouse.sh").path

    /// The address of `table` on shard 1 (which every query fans out from).
    static func address(_ query: String, user: String? = nil, port: Int = 18123) -> String {
        "clickhouse://\(user.map { $0 + "@" } ?? "")127.0.0.1:\(port)/sightline?\(query)"
    }

    static func source(_ query: String, options: LoadOptions = LoadOptions(),
                       environment: [String: String] = [:]) throws -> ClickHouseSource {
        let parsed = try XCTUnwrap(try DatabaseAddress.parse(address(query), schemes: ["clickhouse"]))
        return ClickHouseSource(address: parsed, environment: environment).choosing(options)
    }

    /// Starts the cluster if it is not up.
    static func require() throws {
        if answers(ports[0]), answers(ports[1]) { return }
        let installed = ["/usr/bin/clickhouse-server", "/usr/sbin/clickhouse-server", "/usr/bin/clickhouse"]
            .contains { FileManager.default.isExecutableFile(atPath: $0) }
        guard installed || ProcessInfo.processInfo.environment["SIGHTLINE_REQUIRE_CLICKHOUSE"] != nil else {
            throw XCTSkip("clickhouse-server is not installed (scripts/install-deps.sh installs it)")
        }
        try shell(script, "start")
    }

    static func stopShard(_ n: Int) throws { try shell(script, "stop-shard", "\(n)") }
    static func startShard(_ n: Int) throws { try shell(script, "start-shard", "\(n)") }

    static func shell(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ScriptFailure(command: arguments.joined(separator: " "), status: process.terminationStatus)
        }
    }

    struct ScriptFailure: Error, CustomStringConvertible {
        var command: String
        var status: Int32
        var description: String { "\(command) failed with status \(status)" }
    }

    /// Whether the server on `port` answers `SELECT 1`.
    static func answers(_ port: Int) -> Bool {
        (try? query("SELECT 1", port: port)).map { String(decoding: $0, as: UTF8.self) == "1\n" } ?? false
    }

    /// `sql`'s answer from the server on `port`, bytes; throws its error text.
    static func query(_ sql: String, port: Int = 18123) throws -> [UInt8] {
        let connection = ClickHouseConnection(host: "127.0.0.1", port: port, user: "default", password: "",
                                              database: "sightline", timeLimit: 30, name: "test")
        return try BlockingQuery.run { try await connection.run(sql).body }
    }

    /// Every row of `table`'s x and `columns` as the reference reads them (its own SQL,
    /// TabSeparated): x as seconds, NULL as NaN.
    static func rows(x: String, _ columns: [String], of table: String) throws -> (xs: [Double], ys: [[Double]]) {
        let values = ([x] + columns.map { "ifNull(toFloat64(\($0)), nan)" }).joined(separator: ", ")
        let text = String(decoding: try query("SELECT \(values) FROM sightline.\(table) FORMAT TabSeparated"), as: UTF8.self)
        var xs: [Double] = []
        var ys = Array(repeating: [Double](), count: columns.count)
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t").map { $0 == "nan" ? Double.nan : Double(String($0))! }
            xs.append(fields[0])
            for index in ys.indices { ys[index].append(fields[index + 1]) }
        }
        return (xs, ys)
    }
}

/// The rows' indices by x, present before missing, then y (the order `rows(after:)` answers in).
func rowOrder(_ xs: [Double], _ ys: [Double]) -> [Int] {
    xs.indices.sorted { a, b in
        if xs[a] != xs[b] { return xs[a] < xs[b] }
        if ys[a].isNaN != ys[b].isNaN { return !ys[a].isNaN }
        return ys[a] < ys[b]
    }
}

/// Whether two lists of y are the same, NaN matching NaN.
func sameValues(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
}

/// A seeded generator, so a failing case can be run again.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
