@testable import ChartData
import Foundation
import XCTest

/// `DataSource` takes a dataset's prepared detail (the cache's) instead of building its
/// own, only while it is the detail of those very columns and gaps.
final class PreparedDetailTests: XCTestCase {
    private func walk(count: Int, gapAt gap: Int? = nil) -> Dataset {
        var y = 0.0
        var state: UInt64 = 7
        let ys = (0..<count).map { _ -> Double in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            y += Double(Int64(bitPattern: state >> 11) % 1_000) / 1_000
            return y
        }
        let xs = (0..<count).map { Double($0) + ($0 >= (gap ?? count) ? 1_000 : 0) }
        return Dataset(source: "walk", xs: xs, series: [Series(name: "a", ys: ys), Series(name: "b", ys: ys.map { -$0 })])
    }

    func testADataSourceTakesThePreparedDetailOfItsOwnColumns() {
        for gap in [nil, 5_000] {
            var dataset = walk(count: 20_000, gapAt: gap)
            let built = DataSource(dataset: dataset)
            dataset.prepared = PreparedDetail(dataset: dataset)
            let taken = DataSource(dataset: dataset)
            XCTAssertTrue(taken.details.allSatisfy { $0 is MappedDetail }, "the prepared levels are taken")
            XCTAssertEqual(taken.details.map(\.levels), built.details.map(\.levels))
            XCTAssertEqual(taken.gaps, built.gaps)
            XCTAssertEqual(taken.decimals, built.decimals)
            XCTAssertEqual(taken.yBounds(inX: 100...15_000)?.min, built.yBounds(inX: 100...15_000)?.min)
            XCTAssertEqual(taken.yBounds(inX: 100...15_000)?.max, built.yBounds(inX: 100...15_000)?.max)
        }
    }

    func testAChangedColumnOrAnotherWayOfDrawingBuildsItsOwn() {
        var dataset = walk(count: 20_000, gapAt: 5_000)
        dataset.prepared = PreparedDetail(dataset: dataset)
        var changed = dataset
        changed.series[1].ys[10] = 1e9
        XCTAssertTrue(DataSource(dataset: changed).details[1] is MinMaxLOD, "a changed column is not the one prepared")
        XCTAssertTrue(DataSource(dataset: dataset, connectsGaps: true).details[0] is MinMaxLOD, "other gaps")
        XCTAssertTrue(DataSource(dataset: dataset, lodMethod: .rdp).details[0] is RDPLOD)
        XCTAssertTrue(DataSource(dataset: dataset, logAxes: [.left]).details.allSatisfy { $0 is MinMaxLOD })
        let rebuilt = DataSource(dataset: changed)
        XCTAssertEqual(rebuilt.yBounds(inX: 0...20_000)?.max, 1e9)
    }
}

/// Detail read back from a damaged cache file is refused, never indexed with.
final class PreparedDetailCheckTests: XCTestCase {
    func testLevelsThatDoNotFitTheColumnsAreRefused() {
        let dataset = Dataset(source: "d", xs: (0..<1_000).map(Double.init), series: [Series(name: "a", ys: (0..<1_000).map { sin(Double($0)) })])
        let good = PreparedDetail(dataset: dataset)
        let trees = good.extremeTrees
        XCTAssertNotNil(PreparedDetail(dataset: dataset, gaps: good.gaps, levels: good.levels, extremes: trees, decimals: good.decimals))
        for bad in [[0, 5, 3], [0, 1_000], [-1, 4], [4, 4]] {
            XCTAssertNil(PreparedDetail(dataset: dataset, gaps: good.gaps, levels: [[LODLevel(indices: bad.map(Int32.init))]],
                                        extremes: trees, decimals: good.decimals), "\(bad)")
        }
        let short = RangeMinMax.Stored(lows: Array(trees[0].lows.dropLast()), highs: Array(trees[0].highs))
        XCTAssertNil(PreparedDetail(dataset: dataset, gaps: good.gaps, levels: good.levels, extremes: [short], decimals: good.decimals))
        XCTAssertNil(PreparedDetail(dataset: dataset, gaps: good.gaps, levels: good.levels + good.levels, extremes: trees,
                                    decimals: good.decimals), "a ladder per series")
    }
}
