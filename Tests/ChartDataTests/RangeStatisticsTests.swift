import ChartData
import XCTest

/// A range's statistics against a plain computation in extended precision (`Float80`'s
/// 64-bit significand), on seeded data that breaks a naive one: values of 1e9 plus
/// noise of 1, gaps, extremes near ±1.8e308.
final class RangeStatisticsTests: XCTestCase {
    /// The reference: a two-pass mean and sample deviation in `Float80`.
    private func reference(_ values: [Double]) -> (mean: Double, deviation: Double?) {
        let finite = values.filter(\.isFinite).map(Float80.init)
        let n = Float80(finite.count)
        let mean = finite.reduce(0, +) / n
        guard finite.count > 1 else { return (Double(mean), nil) }
        let squares = finite.reduce(Float80(0)) { $0 + ($1 - mean) * ($1 - mean) }
        return (Double(mean), Double((squares / (n - 1)).squareRoot()))
    }

    private func relativeError(_ a: Double, _ b: Double) -> Double {
        abs(a - b) / max(abs(b), .leastNormalMagnitude)
    }

    /// Seeded series of every kind of offset and spread, with gaps: count, mean and
    /// deviation match the reference, extremes and ends the data.
    func testMatchesAPlainComputationOnSeededData() {
        var random = SplitMix64(seed: 24)
        for round in 0..<200 {
            let count = Int.random(in: 1...3000, using: &random)
            let offset = [0, 1e3, -5e6, 1e9, 1e12][round % 5]
            let spread = [1e-3, 1, 250][round % 3]
            var ys = (0..<count).map { _ in offset + spread * random.nextStandardNormal() }
            for _ in 0..<(count / 10) { ys[Int.random(in: 0..<count, using: &random)] = .nan }
            let xs = XValues((0..<count).map { Double($0) })
            let low = Int.random(in: 0..<count, using: &random), high = Int.random(in: low..<count, using: &random)
            let stats = RangeStatistics(xs: xs, ys: ys, overX: Double(low)...Double(high))
            let inRange = Array(ys[low...high])
            let finite = inRange.filter(\.isFinite)
            XCTAssertEqual(stats.count, finite.count, "round \(round)")
            guard !finite.isEmpty else {
                XCTAssertNil(stats.mean)
                continue
            }
            let expected = reference(inRange)
            XCTAssertLessThan(relativeError(stats.mean!, expected.mean), 1e-15, "round \(round): mean")
            if let deviation = expected.deviation {
                XCTAssertLessThan(relativeError(stats.standardDeviation!, deviation), 1e-9, "round \(round): deviation")
            } else {
                XCTAssertNil(stats.standardDeviation)
            }
            XCTAssertEqual(stats.minimum?.y, finite.min())
            XCTAssertEqual(stats.maximum?.y, finite.max())
            XCTAssertEqual(stats.minimum.map { ys[Int($0.x)] }, finite.min(), "the minimum's x is its point's")
            XCTAssertEqual(stats.first?.y, finite.first)
            XCTAssertEqual(stats.last?.y, finite.last)
            XCTAssertEqual(stats.first.map { Int($0.x) }, (low...high).first { ys[$0].isFinite })
        }
    }

    /// A million values of 1e9 plus noise of 1: the deviation is the noise's, where the
    /// one-pass sum of squares a naive computation uses is far off (or negative).
    func testALargeOffsetKeepsTheDeviation() {
        var random = SplitMix64(seed: 9)
        let ys = (0..<1_000_000).map { _ in 1e9 + random.nextStandardNormal() }
        let stats = RangeStatistics(xs: XValues((0..<ys.count).map(Double.init)), ys: ys, indices: ys.indices)
        let expected = reference(ys)
        XCTAssertLessThan(relativeError(stats.standardDeviation!, expected.deviation!), 1e-9)
        XCTAssertLessThan(relativeError(stats.mean!, expected.mean), 1e-16)
        var sum = 0.0, squares = 0.0
        for y in ys { sum += y; squares += y * y }
        let n = Double(ys.count)
        let naive = ((squares - sum * sum / n) / (n - 1)).squareRoot()
        XCTAssertFalse(relativeError(naive, expected.deviation!) < 1e-3, "the data must break the naive formula (it gave \(naive))")
    }

    /// Values near the largest Double: no sum overflows, the mean and deviation are finite.
    func testValuesNearTheLargestDoubleDoNotOverflow() {
        let ys = [1.7e308, 1.6e308, -1.7e308, 1.5e308]
        let stats = RangeStatistics(xs: [0, 1, 2, 3], ys: ys, indices: 0..<4)
        let expected = reference(ys)
        XCTAssertLessThan(relativeError(stats.mean!, expected.mean), 1e-14)
        XCTAssertLessThan(relativeError(stats.standardDeviation!, expected.deviation!), 1e-12)
    }

    /// Only the x range's points count; one value has no deviation; none has no figures.
    func testTheRangeDecidesThePoints() {
        let xs: XValues = [0, 1, 2, 3, 4]
        let ys = [5.0, .nan, 7, 1, 9]
        let stats = RangeStatistics(xs: xs, ys: ys, overX: 1...3)
        XCTAssertEqual(stats.count, 2)
        XCTAssertEqual(stats.first, .init(x: 2, y: 7))
        XCTAssertEqual(stats.last, .init(x: 3, y: 1))
        XCTAssertEqual(stats.minimum, .init(x: 3, y: 1))
        XCTAssertEqual(stats.maximum, .init(x: 2, y: 7))
        XCTAssertEqual(stats.mean, 4)
        XCTAssertEqual(stats.standardDeviation!, 18.0.squareRoot(), accuracy: 1e-12)
        let one = RangeStatistics(xs: xs, ys: ys, overX: 4...4)
        XCTAssertEqual(one.count, 1)
        XCTAssertEqual(one.mean, 9)
        XCTAssertNil(one.standardDeviation)
        let none = RangeStatistics(xs: xs, ys: ys, overX: 1...1)
        XCTAssertEqual(none.count, 0)
        XCTAssertNil(none.mean)
        XCTAssertNil(none.first)
    }
}
