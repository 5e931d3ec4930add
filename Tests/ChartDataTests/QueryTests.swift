import ChartData
import XCTest

/// Queries against brute force on seeded random data, gaps included.
final class QueryTests: XCTestCase {
    private func randomSeries(_ rng: inout SplitMix64, count: Int) -> (xs: [Double], ys: [Double]) {
        var x = Double.random(in: -1e6...1e6, using: &rng)
        var xs: [Double] = []
        var ys: [Double] = []
        for _ in 0..<count {
            // Steps of zero make duplicate x, which files may have.
            x += [0, 0.5, 1, 7][Int(rng.next() % 4)]
            xs.append(x)
            ys.append(rng.next() % 10 == 0 ? .nan : Double.random(in: -100...100, using: &rng))
        }
        return (xs, ys)
    }

    func testRangeMinMaxMatchesBruteForce() {
        var rng = SplitMix64(seed: 10)
        for _ in 0..<200 {
            let (_, ys) = randomSeries(&rng, count: Int.random(in: 1...3000, using: &rng))
            let index = RangeMinMax(ys: ys)
            for _ in 0..<20 {
                let a = Int.random(in: 0...ys.count, using: &rng)
                let b = Int.random(in: a...ys.count, using: &rng)
                let finite = ys[a..<b].filter { !$0.isNaN }
                let result = index.minMax(in: a..<b)
                if finite.isEmpty {
                    XCTAssertNil(result)
                } else {
                    XCTAssertEqual(result?.min, finite.min())
                    XCTAssertEqual(result?.max, finite.max())
                }
            }
        }
    }

    func testDataSourceYBoundsMatchTheScan() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<50 {
            let (xs, ys) = randomSeries(&rng, count: 5000)
            let (_, other) = randomSeries(&rng, count: 5000)
            let dataset = Dataset(source: "t", xs: xs, series: [Series(name: "a", ys: ys), Series(name: "b", ys: other)])
            let source = DataSource(dataset: dataset)
            for _ in 0..<20 {
                let lo = Double.random(in: xs.first! - 10...xs.last!, using: &rng)
                let range = lo...Double.random(in: lo...xs.last! + 10, using: &rng)
                let fast = source.yBounds(inX: range)
                let slow = dataset.yBounds(inX: range)
                XCTAssertEqual(fast?.min ?? .nan, slow?.min ?? .nan, accuracy: 1e-9)
                XCTAssertEqual(fast?.max ?? .nan, slow?.max ?? .nan, accuracy: 1e-9)
                XCTAssertEqual(fast == nil, slow == nil)
            }
        }
    }

    func testNearestIndexMatchesBruteForce() {
        var rng = SplitMix64(seed: 12)
        for _ in 0..<100 {
            let (xs, ys) = randomSeries(&rng, count: Int.random(in: 1...500, using: &rng))
            let dataset = Dataset(source: "t", xs: xs, series: [Series(name: "a", ys: ys)])
            for _ in 0..<20 {
                let x = Double.random(in: xs.first! - 5...xs.last! + 5, using: &rng)
                let found = dataset.nearestIndex(toX: x)!
                let best = xs.map { abs($0 - x) }.min()!
                XCTAssertEqual(abs(xs[found] - x), best, accuracy: 1e-9)
            }
        }
        XCTAssertNil(Dataset(source: "t", xs: [], series: []).nearestIndex(toX: 1))
    }

    func testYValueInterpolatesAndRespectsGaps() {
        let dataset = Dataset(source: "t", xs: [0, 10, 20, 30, 40],
                              series: [Series(name: "a", ys: [0, 100, .nan, 50, 70])])
        XCTAssertEqual(dataset.yValue(atX: 5, series: 0), 50)
        XCTAssertEqual(dataset.yValue(atX: 10, series: 0), 100)
        XCTAssertEqual(dataset.yValue(atX: 35, series: 0), 60)
        XCTAssertNil(dataset.yValue(atX: 15, series: 0), "next to a gap there is no line")
        XCTAssertNil(dataset.yValue(atX: 20, series: 0))
        XCTAssertNil(dataset.yValue(atX: -1, series: 0), "outside the data")
        XCTAssertNil(dataset.yValue(atX: 41, series: 0))
    }

    func testYValueAgreesWithTheSegmentsEverywhere() {
        var rng = SplitMix64(seed: 13)
        let (xs, ys) = randomSeries(&rng, count: 2000)
        let dataset = Dataset(source: "t", xs: xs, series: [Series(name: "a", ys: ys)])
        for i in 0..<xs.count - 1 where xs[i + 1] > xs[i] && !ys[i].isNaN && !ys[i + 1].isNaN {
            let t = Double.random(in: 0.01...0.99, using: &rng)
            let x = xs[i] + (xs[i + 1] - xs[i]) * t
            XCTAssertEqual(dataset.yValue(atX: x, series: 0)!, ys[i] + (ys[i + 1] - ys[i]) * t, accuracy: 1e-6)
        }
    }

    func testDrawnIndicesReachOnePointBeyondTheView() {
        let dataset = Dataset(source: "t", xs: [0, 1, 2, 3, 4, 5], series: [Series(name: "a", ys: [0, 1, 2, 3, 4, 5])])
        XCTAssertEqual(dataset.drawnIndices(forX: 1.5...3.5), 1..<5)
        XCTAssertEqual(dataset.drawnIndices(forX: 2...3), 1..<5)
        XCTAssertEqual(dataset.drawnIndices(forX: -10...(-5)), 0..<1)
        XCTAssertEqual(dataset.drawnIndices(forX: 0...5), 0..<6)
    }
}

extension Dataset {
    /// Brute force for `DataSource.yBounds`: every point whose x is in view, and each
    /// segment that crosses an end of the view, cut there.
    func yBounds(inX range: ClosedRange<Double>) -> (min: Double, max: Double)? {
        var low = Double.infinity
        var high = -Double.infinity
        func take(_ y: Double) {
            guard y.isFinite else { return }
            low = min(low, y)
            high = max(high, y)
        }
        for s in series {
            for i in xs.indices {
                if range.contains(xs[i]) { take(s.ys[i]) }
                guard i + 1 < xs.count else { continue }
                for end in [range.lowerBound, range.upperBound] where xs[i] < end && end < xs[i + 1] {
                    take(s.ys[i] + (s.ys[i + 1] - s.ys[i]) * (end - xs[i]) / (xs[i + 1] - xs[i]))
                }
            }
        }
        return low <= high ? (low, high) : nil
    }
}

final class VisibleFitTests: XCTestCase {
    /// y fits the lines in view: a spike one point beyond the view's end does not
    /// count, but the part of its segment inside the view does.
    func testAPointJustOffScreenDoesNotStretchY() throws {
        let xs = (0..<100).map(Double.init)
        var ys = xs.map { sin($0 / 10) }
        ys[60] = 1000
        let source = DataSource(dataset: Dataset(source: "t", xs: xs, series: [Series(name: "a", ys: ys)]))
        let bounds = try XCTUnwrap(source.yBounds(inX: 10...59))
        XCTAssertLessThan(bounds.max, 1.01, "the spike at x = 60 is off screen")
        let cut = try XCTUnwrap(source.yBounds(inX: 10...59.5))
        XCTAssertEqual(cut.max, (ys[59] + 1000) / 2, accuracy: 1e-9, "half way up the segment to the spike")
    }
}
