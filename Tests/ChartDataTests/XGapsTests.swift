import ChartData
import XCTest

/// Gaps in x: the median spacing they are measured against, where they are found, and
/// how the data source answers around them (nearest point, y range).
final class XGapsTests: XCTestCase {
    /// The median of the positive steps, by sorting them all.
    private func bruteMedianSpacing(_ xs: [Double]) -> Double? {
        let steps = zip(xs, xs.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.sorted()
        return steps.isEmpty ? nil : steps[(steps.count - 1) / 2]
    }

    /// Sorted x with random steps: mostly near one spacing, some repeated x, some jumps.
    private func randomXs(count: Int, rng: inout SplitMix64) -> [Double] {
        var x = Double(Int(rng.next() % 2_000_001)) - 1_000_000
        let spacing = pow(10, Double(Int(rng.next() % 13)) - 6)
        return (0..<count).map { _ in
            defer {
                switch rng.next() % 20 {
                case 0: break // the same x again
                case 1: x += spacing * Double(1 + rng.next() % 1000)
                default: x += spacing * (0.5 + Double(rng.next() % 1000) / 1000)
                }
            }
            return x
        }
    }

    func testMedianSpacingIsTheMedianOfThePositiveSteps() {
        var rng = SplitMix64(seed: 41)
        for _ in 0..<500 {
            let xs = randomXs(count: Int(rng.next() % 300), rng: &rng)
            XCTAssertEqual(XGaps.medianSpacing(of: XValues(xs)), bruteMedianSpacing(xs), "\(xs.count) x")
        }
        XCTAssertNil(XGaps.medianSpacing(of: [5, 5, 5]), "no positive step")
        XCTAssertEqual(XGaps.medianSpacing(of: XValues(first: 10, step: 0.25, count: 1_000_000)), 0.25, "evenly spaced")
    }

    /// Past `sampleSize` steps the median is read from an even sample: it is one of the
    /// steps, and among the middle ones, however the sizes lie along the series.
    func testALongSeriesMedianIsAMiddleStep() throws {
        var rng = SplitMix64(seed: 42)
        for trial in 0..<6 {
            let xs = randomXs(count: 3 * XGaps.sampleSize + Int(rng.next() % 10_000), rng: &rng)
            let steps = zip(xs, xs.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.sorted()
            let median = try XCTUnwrap(XGaps.medianSpacing(of: XValues(xs)))
            let below = steps.prefix { $0 < median }.count, atOrBelow = steps.prefix { $0 <= median }.count
            XCTAssertGreaterThan(atOrBelow, steps.count * 47 / 100, "trial \(trial)")
            XCTAssertLessThan(below, steps.count * 53 / 100, "trial \(trial)")
        }
    }

    /// Every step over ten times the median spacing is a gap, and no other.
    func testGapsAreTheStepsOverTenTimesTheMedian() throws {
        var rng = SplitMix64(seed: 43)
        var found = 0
        for _ in 0..<500 {
            let xs = randomXs(count: 2 + Int(rng.next() % 400), rng: &rng)
            let gaps = XGaps(xs: XValues(xs))
            guard let spacing = bruteMedianSpacing(xs) else {
                XCTAssertEqual(gaps.starts, [])
                continue
            }
            XCTAssertEqual(gaps.threshold, spacing * XGaps.factor)
            XCTAssertEqual(gaps.starts, xs.indices.dropLast().filter { xs[$0 + 1] - xs[$0] > 10 * spacing })
            found += gaps.starts.count
        }
        XCTAssertGreaterThan(found, 1_000, "the cases hold gaps")
        XCTAssertEqual(XGaps(xs: XValues(first: 0, step: 1, count: 100)).starts, [], "evenly spaced: none")
        XCTAssertEqual(XGaps.connected.starts, [])
    }

    /// Ten years of hourly readings with 2017 missing: one gap, from the last hour of 2016.
    func testAMissingYearOfHourlyDataIsOneGap() {
        let hours = stride(from: 1_388_534_400.0, to: 1_704_067_200, by: 3_600).filter {
            $0 < 1_483_228_800 || $0 >= 1_514_764_800
        }
        let gaps = XGaps(xs: XValues(hours))
        XCTAssertEqual(gaps.medianSpacing, 3_600)
        XCTAssertEqual(gaps.starts, [hours.firstIndex(of: 1_514_764_800)! - 1])
        XCTAssertEqual(hours[gaps.starts[0]], 1_483_225_200, "2016-12-31 23:00")
    }

    /// Along any ascending indices, a break follows exactly the offsets whose segment to
    /// the next index crosses a gap.
    func testBreaksFollowTheSegmentsThatCrossAGap() {
        var rng = SplitMix64(seed: 44)
        for _ in 0..<300 {
            let xs = randomXs(count: 2 + Int(rng.next() % 500), rng: &rng)
            let gaps = XGaps(xs: XValues(xs))
            let kept = xs.indices.filter { _ in rng.next() % 3 == 0 }.map(Int32.init)
            let expected = kept.indices.dropLast().filter { k in
                gaps.starts.contains { Int(kept[k]) <= $0 && $0 < Int(kept[k + 1]) }
            }
            XCTAssertEqual(gaps.breaks(along: kept), expected)
            // A stretch of every point: a break after each gap's start inside it.
            let from = Int(rng.next() % UInt64(xs.count)), to = from + Int(rng.next() % UInt64(xs.count - from + 1))
            XCTAssertEqual(gaps.breaks(along: from..<to), gaps.starts.filter { $0 >= from && $0 + 1 < to }.map { $0 - from })
            XCTAssertEqual(gaps.breaks(along: kept[...].dropFirst(1)), expected.filter { $0 > 0 }.map { $0 - 1 }, "a slice counts from its start")
        }
    }

    /// The nearest point, except inside a gap, farther than the reach (and half the
    /// median spacing) from both its sides; the y range over a view counts where the
    /// lines cross its ends only where a line is drawn (not across a gap).
    func testAroundAGapTheSourceAnswersForWhatIsDrawn() throws {
        let xs: [Double] = [0, 1, 2, 3, 100, 101, 102]
        let ys: [Double] = [5, 6, 7, 8, 50, 60, 70]
        let source = DataSource(dataset: Dataset(source: "t", xs: xs, series: [Series(name: "s", ys: ys)]))
        XCTAssertEqual(source.gaps.starts, [3])
        XCTAssertEqual(source.nearestIndex(toX: 1.4), 1)
        XCTAssertEqual(source.nearestIndex(toX: 3.5), 3, "within half the spacing of the end")
        XCTAssertNil(source.nearestIndex(toX: 3.6))
        XCTAssertEqual(source.nearestIndex(toX: 5, reach: 2), 3, "within the reach")
        XCTAssertNil(source.nearestIndex(toX: 50, reach: 2))
        XCTAssertEqual(source.nearestIndex(toX: 98, reach: 2), 4)
        XCTAssertNil(source.yBounds(inX: 10...90).map { [$0.min, $0.max] }, "nothing drawn inside the gap")
        XCTAssertEqual(source.yBounds(inX: 1.5...50).map { [$0.min, $0.max] }, [6.5, 8], "the line at 1.5, none at 50")
        XCTAssertEqual(source.yBounds(inX: 50...100.5).map { [$0.min, $0.max] }, [50, 55])
        let connected = DataSource(dataset: source.dataset, connectsGaps: true)
        XCTAssertEqual(connected.nearestIndex(toX: 50), 3)
        let across = try XCTUnwrap(connected.yBounds(inX: 10...90))
        XCTAssertEqual(across.min, 8 + 42 * 7 / 97, accuracy: 1e-9, "the connecting line where it crosses the view's ends")
        XCTAssertEqual(across.max, 8 + 42 * 87 / 97, accuracy: 1e-9)
    }
}
