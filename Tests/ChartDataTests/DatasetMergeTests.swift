@testable import ChartData
import XCTest

/// Several files in one chart: the merged data holds every file's points and nothing
/// else, each series' line runs along its own points across the other file's x, and
/// files whose x are not alike are refused.
final class DatasetMergeTests: XCTestCase {
    private func file(_ source: String, xs: [Double], series: [(String, [Double])], kind: XAxisKind = .number) -> Dataset {
        Dataset(source: source, xs: xs, series: series.map { Series(name: $0.0, ys: $0.1) }, xKind: kind)
    }

    /// Seeded: two to four files of random ascending x (ties within a file, x shared
    /// between files, empty cells), merged. Every point of every file is in the merged
    /// data at its x with its value, each series' own points in order, and at every other
    /// x the series is absent (NaN, not among its own indices).
    func testEveryPointOfEveryFileIsKeptAtItsXAndNothingElse() throws {
        var random = SplitMix64(seed: 24)
        for round in 0..<300 {
            let parts = (0..<Int.random(in: 2...4, using: &random)).map { f -> Dataset in
                var x = Double(Int.random(in: 0...5, using: &random))
                let xs = (0..<Int.random(in: 0...40, using: &random)).map { _ -> Double in
                    x += Double(Int.random(in: 0...3, using: &random))
                    return x
                }
                let series = (0..<Int.random(in: 1...2, using: &random)).map { s in
                    ("s\(s)", xs.map { _ in Double.random(in: 0...1, using: &random) < 0.1 ? .nan : Double.random(in: -9...9, using: &random) })
                }
                return file("f\(f).csv", xs: xs, series: series)
            }
            let merged = try DatasetMerge.merge(parts)
            XCTAssertTrue(merged.xs.elementsEqual(merged.xs.sorted()), "round \(round): x ascending")
            var s = 0
            for part in parts {
                for one in part.series {
                    let got = merged.series[s]
                    let own = got.ownIndices.map { $0.map(Int.init) } ?? Array(merged.xs.indices)
                    XCTAssertEqual(own.count, part.count, "round \(round): one own point per point of the file")
                    XCTAssertEqual(own, own.sorted(), "round \(round): own points in order")
                    XCTAssertEqual(Set(own).count, own.count, "round \(round): each own point once")
                    for (i, index) in own.enumerated() {
                        XCTAssertEqual(merged.xs[index], part.xs[i], "round \(round): the point's x")
                        XCTAssertTrue(merged.series[s].ys[index] == one.ys[i] || one.ys[i].isNaN && got.ys[index].isNaN,
                                      "round \(round): the point's value")
                    }
                    let absent = Set(merged.xs.indices).subtracting(own)
                    XCTAssertTrue(absent.allSatisfy { got.ys[$0].isNaN }, "round \(round): nothing else")
                    s += 1
                }
            }
            XCTAssertEqual(s, merged.series.count, "round \(round): every series, no other")
            // The union: no x more often than the file holding it most often has it.
            let most = parts.reduce(into: [Double: Int]()) { counts, part in
                for (x, n) in Dictionary(grouping: part.xs, by: { $0 }).mapValues(\.count) { counts[x] = max(counts[x] ?? 0, n) }
            }
            XCTAssertEqual(merged.count, most.values.reduce(0, +), "round \(round): the union of the x")
        }
    }

    func testDatesBesideNumbersAreRefusedNamingBothFiles() {
        let dates = file("prices.csv", xs: [1.7e9, 1.7e9 + 86_400], series: [("Close", [1, 2])], kind: .time(unitsPerSecond: 1))
        let numbers = file("runs.csv", xs: [1, 2], series: [("Speed", [3, 4])])
        XCTAssertThrowsError(try DatasetMerge.merge([dates, numbers])) { error in
            let loadError = error as? DataLoadError
            XCTAssertEqual(loadError?.exitCode, 65)
            XCTAssertEqual(loadError?.description, "prices.csv: its x holds dates, but the x of runs.csv holds numbers; "
                           + "one chart shows files whose x are alike (dates with dates, numbers with numbers)")
        }
    }

    func testMillisecondsJoinSecondsInTheFirstFilesUnit() throws {
        let seconds = file("a.csv", xs: [1.7e9, 1.7e9 + 60], series: [("A", [1, 2])], kind: .time(unitsPerSecond: 1))
        let millis = file("b.csv", xs: [1.7e12 + 30_000], series: [("B", [5])], kind: .time(unitsPerSecond: 1000))
        let merged = try DatasetMerge.merge([seconds, millis])
        XCTAssertEqual(Array(merged.xs), [1.7e9, 1.7e9 + 30, 1.7e9 + 60])
        XCTAssertEqual(merged.xKind, .time(unitsPerSecond: 1))
    }

    /// Only names two files share get their file's name, the stem without its folder
    /// and extension, escaped and cut as names are.
    func testOnlyClashingNamesTakeTheirFilesName() throws {
        let sp = file("data/sp500.csv", xs: [1, 2], series: [("Close", [1, 2])])
        let dax = file("/tmp/dax.daily.csv", xs: [2, 3], series: [("Open", [1, 2]), ("Close", [3, 4])])
        XCTAssertEqual(try DatasetMerge.merge([sp, dax]).series.map(\.name), ["sp500: Close", "Open", "dax.daily: Close"])
        let other = file("other.csv", xs: [1], series: [("Volume", [1])])
        XCTAssertEqual(try DatasetMerge.merge([sp, other]).series.map(\.name), ["Close", "Volume"], "no clash, no prefix")
        let twin = file("more/sp500.csv", xs: [5], series: [("Close", [1])])
        XCTAssertEqual(try DatasetMerge.merge([sp, twin]).series.map(\.name), ["sp500 (1): Close", "sp500 (2): Close"])
        XCTAssertEqual(DatasetMerge.label(of: "/x/evil\u{1b}[31m-" + String(repeating: "long", count: 20) + ".csv"),
                       "evil\\x1b[31m-longlonglon…")
        XCTAssertEqual(DatasetMerge.label(of: "-"), "stdin")
        XCTAssertEqual(DatasetMerge.label(of: ".hidden"), ".hidden")
    }

    func testOneFileComesBackAsItIs() throws {
        let one = file("a.csv", xs: [1, 2, 3], series: [("A", [1, .nan, 3])])
        XCTAssertEqual(try DatasetMerge.merge([one]), one)
        let same = try DatasetMerge.merge([one, file("b.csv", xs: [1, 2, 3], series: [("B", [4, 5, 6])])])
        XCTAssertTrue(same.series.allSatisfy { $0.ownIndices == nil }, "files with the same x need no list of own points")
    }

    /// A file's candles (its Open, High, Low and Close) stay its own after the series of
    /// the files before it.
    func testCandlesMoveWithTheirFilesSeries() throws {
        let sp = file("sp500.csv", xs: [1, 2], series: [("Close", [1, 2])])
        var dax = file("dax.csv", xs: [2, 3], series: [("Open", [1, 2]), ("High", [3, 4]), ("Low", [0, 1]), ("Close", [2, 3])])
        dax.ohlc = OHLCColumns(open: 0, high: 1, low: 2, close: 3)
        let merged = try DatasetMerge.merge([sp, dax])
        XCTAssertEqual(merged.ohlc, OHLCColumns(open: 1, high: 2, low: 3, close: 4))
        XCTAssertEqual(merged.series[4].name, "dax: Close")
    }
}
