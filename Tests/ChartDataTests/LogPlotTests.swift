import ChartData
import Foundation
import XCTest

/// Lines on a log axis are plotted at log10 of their values: ≤ 0 are gaps, counted in one
/// warning per file; an axis of bars stays linear; the values a person reads stay as
/// read; the min/max level of detail picks the same points either way (exact).
final class LogPlotTests: XCTestCase {
    func testValuesAtOrBelowZeroAreGapsCountedInOneWarning() {
        let dataset = Dataset(source: "sp.csv", xs: [1, 2, 3, 4, 5, 6, 7], series: [
            Series(name: "Close", ys: [-1, 0, 1, 10, .nan, 100, 0]),
            Series(name: "Open", ys: [1, 1, 1, -5, 1, 1, 1]),
            Series(name: "Rate", ys: [1, 2, 3, 4, 5, 6, 7], axis: .right),
        ])
        let source = DataSource(dataset: dataset, logAxes: [.left])
        XCTAssertEqual(source.logAxes, [.left])
        XCTAssertEqual(source.logSeries, [0, 1])
        XCTAssertEqual(source.logWarning, "sp.csv: 3 values ≤ 0 in Close and 1 in Open are gaps on the log axis")
        let plotted = source.dataset.series[0].ys
        XCTAssertTrue(plotted[0].isNaN && plotted[1].isNaN && plotted[4].isNaN && plotted[6].isNaN)
        XCTAssertEqual(Array(plotted[2...3]) + [plotted[5]], [0, 1, 2])
        XCTAssertEqual(source.dataset.series[2].ys, dataset.series[2].ys, "the right axis stays linear")
        XCTAssertEqual(source.values, dataset, "the values as read")
        XCTAssertEqual(source.decimals, DataSource(dataset: dataset).decimals)
        XCTAssertEqual(source.yBounds(inX: 1...7, series: [0])?.max, 2, "the fit is of the plotted values")
        XCTAssertNil(DataSource(dataset: dataset, logAxes: [.right]).logWarning, "1…7: nothing left out")
        XCTAssertNil(DataSource(dataset: dataset).logWarning)
    }

    func testAnAxisOfBarsStaysLinear() {
        let dataset = Dataset(source: "aapl.csv", xs: [1, 2, 3], series: [
            Series(name: "Close", ys: [1, 2, 3]),
            Series(name: "Volume", ys: [0, 5, 6], kind: .bar, axis: .right),
        ])
        let source = DataSource(dataset: dataset, logAxes: [.left, .right])
        XCTAssertEqual(source.logAxes, [.left])
        XCTAssertEqual(source.dataset.series[1].ys, [0, 5, 6])
        XCTAssertEqual(source.logWarning, "aapl.csv: the right axis holds bars or areas (Volume), which grow from zero: it stays linear")
    }

    /// `--log-y2` on a file with no right axis: a warning says there is nothing there.
    func testALogAxisWithoutSeriesIsSaid() {
        let dataset = Dataset(source: "sp.csv", xs: [1, 2, 3], series: [Series(name: "Close", ys: [1, 2, 3])])
        let source = DataSource(dataset: dataset, logAxes: [.right])
        XCTAssertEqual(source.logAxes, [])
        XCTAssertEqual(source.logWarning, "sp.csv: the right axis holds no series: there is nothing to draw on a log scale")
    }

    /// log10 is increasing, so every bucket of every level keeps the points of its
    /// lowest and highest value: the plotted ladder's extremes are log10 of the values'
    /// own, exactly (a plain scan of each bucket says so).
    func testTheMinMaxLadderKeepsEachBucketsExtremes() {
        var random = SplitMix64(seed: 7)
        var level = 0.0
        let ys = (0..<200_000).map { _ -> Double in
            level += random.nextStandardNormal() * 0.01
            return 100 * exp(level)
        }
        let dataset = Dataset(source: "walk", xs: (0..<ys.count).map(Double.init), series: [Series(name: "y", ys: ys)])
        let linear = DataSource(dataset: dataset), log = DataSource(dataset: dataset, logAxes: [.left])
        let plotted = log.dataset.series[0].ys
        let levels = log.details[0].levels
        XCTAssertGreaterThan(levels.count, 4)
        for (k, level) in levels.enumerated() {
            let bucket = 8 << k
            var kept: [Int: (min: Double, max: Double)] = [:]
            for index in level.indices.map(Int.init) {
                let b = index / bucket, v = plotted[index]
                kept[b] = (min(kept[b]?.min ?? .infinity, v), max(kept[b]?.max ?? -.infinity, v))
            }
            for b in stride(from: 0, to: ys.count / bucket, by: max(1, ys.count / bucket / 500)) {
                let scan = ys[b * bucket..<(b + 1) * bucket]
                XCTAssertEqual(kept[b]?.min, log10(scan.min()!), "level \(k), bucket \(b)")
                XCTAssertEqual(kept[b]?.max, log10(scan.max()!), "level \(k), bucket \(b)")
            }
        }
        for range in [0.0...199_999, 1234...5678, 100_000...100_064] {
            let a = linear.yBounds(inX: range)!, b = log.yBounds(inX: range)!
            XCTAssertEqual(b.min, log10(a.min), accuracy: 1e-12)
            XCTAssertEqual(b.max, log10(a.max), accuracy: 1e-12)
        }
    }
}
