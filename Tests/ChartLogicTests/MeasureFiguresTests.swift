import ChartData
import ChartSupport
import XCTest

/// The figures of a measure: the slope's unit suits the span, the slope times the span
/// is the change, the percentage is `describe`'s (withheld where it withholds it), and
/// the panel's rows say it all.
final class MeasureFiguresTests: XCTestCase {
    private let day = 86_400.0

    func testTheSlopeUnitSuitsTheSpan() {
        let time = XAxisKind.time(unitsPerSecond: 1000)
        func unit(_ seconds: Double) -> SlopeUnit { SlopeUnit.suiting(span: seconds * 1000, on: time) }
        XCTAssertEqual(unit(90), .second)
        XCTAssertEqual(unit(600), .minute)
        XCTAssertEqual(unit(6 * 3600), .hour)
        XCTAssertEqual(unit(30 * day), .day)
        XCTAssertEqual(unit(3 * 365 * day), .year)
        XCTAssertEqual(SlopeUnit.suiting(span: 1e9, on: .number), .xUnit)
        XCTAssertEqual(SlopeUnit.hour.xUnits(on: time), 3_600_000)
    }

    /// For any seeded walk and any A…B in it: the slope times the span between the first
    /// and last value (in the slope's unit) is the change; the change and its percentage
    /// (or why there is none) are what `describe` says over the same range; the
    /// statistics are the dataset's.
    func testTheFiguresAgreeWithDescribeForAllRanges() {
        var random = SplitMix64(seed: 7)
        for round in 0..<150 {
            let count = Int.random(in: 2...2000, using: &random)
            let spacing = [60.0, 3600, day][round % 3]
            let start = Double.random(in: 0...1.5e9, using: &random).rounded()
            var value = [0.5, 40, 1e4][round % 3] * (round % 2 == 0 ? 1 : -1)
            let ys = (0..<count).map { i -> Double in
                value += random.nextStandardNormal()
                return i % 17 == 5 ? .nan : value
            }
            let dataset = Dataset(source: "w.csv", xs: (0..<count).map { start + Double($0) * spacing }, series: [Series(name: "w", ys: ys)],
                                  xKind: .time(unitsPerSecond: 1))
            let i = Int.random(in: 0..<count, using: &random), j = Int.random(in: 0..<count, using: &random)
            let figures = MeasureFigures(dataset: dataset, decimals: [2], from: dataset.xs[i], to: dataset.xs[j])
            let range = min(dataset.xs[i], dataset.xs[j])...max(dataset.xs[i], dataset.xs[j])
            XCTAssertEqual(figures.range, range)
            let described = ChartSummary(dataset: dataset, overX: range, decimals: [2]).series[0]
            let series = figures.series[0]
            XCTAssertEqual(series.statistics, dataset.statistics(ofSeries: 0, overX: range))
            guard series.statistics.count >= 2 else {
                XCTAssertNil(series.change)
                continue
            }
            XCTAssertEqual(series.change, described.change, "round \(round)")
            XCTAssertEqual(series.changePercent, described.changePercent, "round \(round)")
            XCTAssertEqual(series.percentWithheld, described.percentWithheld, "round \(round)")
            let first = series.statistics.first!, last = series.statistics.last!
            let units = (last.x - first.x) / figures.slopeUnit.xUnits(on: dataset.xKind)
            XCTAssertEqual(series.slope! * units, series.change!, accuracy: 1e-9 * max(1, abs(series.change!)), "round \(round)")
        }
    }

    /// The panel's rows over the crash of a made-up index: A and B, Δx in calendar
    /// words, the change with its percentage and slope, then the statistics.
    /// Over candles the measure gives the close's figures (and the series beside them),
    /// not four sets of rows for open, high, low and close.
    func testACandleIsMeasuredByItsClose() throws {
        var dataset = Dataset(source: "dax.csv", xs: [0, 1, 2], series: [
            Series(name: "Open", ys: [10, 11, 12]), Series(name: "High", ys: [20, 21, 22]),
            Series(name: "Low", ys: [1, 2, 3]), Series(name: "Close", ys: [15, 16, 18]),
            Series(name: "Volume", ys: [100, 200, 300]),
        ])
        try dataset.markOHLC(.automatic, linesAsked: false)
        let figures = MeasureFigures(dataset: dataset, from: 0, to: 2)
        XCTAssertEqual(figures.series.map(\.name), ["Close", "Volume"])
        XCTAssertEqual(figures.series.first?.change, 3)
    }

    /// On a log axis the slope is the rate that compounds the first value into the last:
    /// 100 to 121 over two years is 10% a year.
    func testOnALogAxisTheSlopeCompounds() throws {
        let start = Double(CivilCalendar.days(year: 2020, month: 1, day: 1)) * 86_400
        let years = 2 * CivilCalendar.averageYearSeconds
        let dataset = Dataset(source: "g.csv", xs: [start, start + years / 2, start + years],
                              series: [Series(name: "Close", ys: [100, 110, 121])], xKind: .time(unitsPerSecond: 1))
        let log = MeasureFigures(dataset: dataset, compounding: [0], from: start, to: start + years)
        XCTAssertEqual(try XCTUnwrap(log.series.first?.compoundedRate), 0.10, accuracy: 1e-12)
        XCTAssertTrue(log.text.contains("+10.0% a year compounded"), log.text)
        let linear = MeasureFigures(dataset: dataset, from: start, to: start + years)
        XCTAssertNil(linear.series.first?.compoundedRate)
        XCTAssertFalse(linear.text.contains("compounded"), linear.text)
    }

    func testTheRowsSayEveryFigure() {
        let start = Double(CivilCalendar.days(year: 2007, month: 10, day: 9)) * day
        let ys = [1565.15, 1500, .nan, 1200, 676.53]
        let xs = [0.0, 100, 200, 300, 517].map { start + $0 * day }
        let dataset = Dataset(source: "sp.csv", xs: xs, series: [Series(name: "Close", ys: ys)], xKind: .time(unitsPerSecond: 1))
        let figures = MeasureFigures(dataset: dataset, decimals: [2], from: xs[4], to: xs[0])
        XCTAssertEqual(figures.rows.map(\.text), [
            "A  Oct 9, 2007   B  Mar 9, 2009",
            "Δx  1 year 5 months  ·  5 points",
            "Close  Δy −888.62 (−56.8%)  ·  −1.72 a day",
            "   4 values  ·  mean 1,235.42  ·  std dev 405.11",
            "   low 676.53 Mar 9, 2009  ·  high 1,565.15 Oct 9, 2007",
            "   first 1,565.15 Oct 9, 2007  ·  last 676.53 Mar 9, 2009",
        ])
        XCTAssertEqual(figures.rows.map(\.series), [nil, nil, 0, 0, 0, 0])
        XCTAssertEqual(figures.text, figures.rows.map(\.text).joined(separator: "\n") + "\n")
        let crossing = Dataset(source: "t.csv", xs: [0, 1, 2], series: [Series(name: "t", ys: [-2, 1, 3])])
        XCTAssertEqual(MeasureFigures(dataset: crossing, from: 0, to: 2).rows[2].text, "t  Δy +5 (no %: crosses zero)  ·  +2.50 per unit of x")
        XCTAssertEqual(MeasureFigures(dataset: crossing, from: 0, to: 2).rows[1].text, "Δx  2  ·  3 points", "a number axis' Δx")
    }
}

/// The summary `describe` prints and the measure read their extremes and slope units
/// from one place: for any seeded series with gaps, the summary's first, last, lowest
/// and highest are the range statistics', and both give a slope per the same kind of
/// unit, `describe` limited to an hour or a day.
final class SharedStatisticsTests: XCTestCase {
    func testTheSummaryAndTheStatisticsAgreeOnTheExtremes() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<100 {
            let count = Int.random(in: 1...500, using: &random)
            let ys = (0..<count).map { i -> Double in i % 7 == 3 ? .nan : Double(Int.random(in: -5...5, using: &random)) }
            let dataset = Dataset(source: "s.csv", xs: XValues((0..<count).map(Double.init)), series: [Series(name: "s", ys: ys)])
            let low = Double(Int.random(in: 0..<count, using: &random)), high = Double(Int.random(in: 0..<count, using: &random))
            let range = min(low, high)...max(low, high)
            let summary = ChartSummary(dataset: dataset, overX: range).series[0]
            let statistics = dataset.statistics(ofSeries: 0, overX: range)
            XCTAssertEqual(summary.pointCount, statistics.count)
            XCTAssertEqual(summary.first, statistics.first)
            XCTAssertEqual(summary.last, statistics.last)
            XCTAssertEqual(summary.minimum, statistics.minimum)
            XCTAssertEqual(summary.maximum, statistics.maximum)
            let figures = MeasureFigures(dataset: dataset, from: range.lowerBound, to: range.upperBound)
            XCTAssertEqual(figures.series[0].statistics, statistics)
        }
    }

    func testDescribeGivesSlopesPerHourOrDayOfTheSameUnits() {
        let day = 86_400.0
        for (days, unit) in [(0.5, SlopeUnit.hour), (1.9, .hour), (2.0, .day), (30, .day), (3000, .day)] {
            let xs = XValues([0, days * day])
            let dataset = Dataset(source: "t.csv", xs: xs, series: [Series(name: "t", ys: [1, 2])], xKind: .time(unitsPerSecond: 1))
            let summary = ChartSummary(dataset: dataset)
            XCTAssertEqual(summary.slopeUnit, unit, "\(days) days")
            XCTAssertEqual(summary.xUnitsPerSlopeUnit, unit.seconds)
        }
        XCTAssertEqual(SlopeUnit.suiting(span: 3 * 365 * 86_400, on: .time(unitsPerSecond: 1)), .year)
        XCTAssertEqual(SlopeUnit.year.seconds, 365.2425 * 86_400)
    }
}
