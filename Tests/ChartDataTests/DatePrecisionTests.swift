import ChartData
import XCTest

/// The date precision read from a time axis's x values: months where every x is a
/// month's first at midnight and the steps are 28 days or more, years where every x is
/// a Jan 1, else days (and times) as before.
final class DatePrecisionTests: XCTestCase {
    private func seconds(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0) -> Double {
        Double(CivilCalendar.days(year: year, month: month, day: day)) * 86_400 + Double(hour * 3600)
    }

    private func civilYear(_ seconds: Double) -> Int {
        CivilCalendar.date(fromDays: Int((seconds / 86_400).rounded(.down))).year
    }

    private func precision(_ xs: [Double], unitsPerSecond: Double = 1) -> DatePrecision {
        DatePrecision.of(Dataset(source: "t", xs: xs, series: [Series(name: "y", ys: xs.map { _ in 1 })],
                                 xKind: .time(unitsPerSecond: unitsPerSecond)))
    }

    /// Seeded: monthly series with gaps of one to 14 months (from before 1970 on) are
    /// months, in seconds and milliseconds; their Jan 1s alone are years; moving any one
    /// x off its month's first (a day on, an hour on) makes them days again, as does
    /// adding a point a day after another.
    func testMonthsAndYearsHoldForEverySeriesAndBreakOnAnyOneX() {
        var random = SplitMix64(seed: 25)
        for _ in 0..<200 {
            var year = Int.random(in: 1600...2100, using: &random), month = Int.random(in: 1...12, using: &random)
            var months: [Double] = []
            for _ in 0..<Int.random(in: 2...60, using: &random) {
                months.append(seconds(year, month, 1))
                month += Int.random(in: 1...14, using: &random)
                year += (month - 1) / 12
                month = (month - 1) % 12 + 1
            }
            XCTAssertEqual(precision(months), .month, "\(months)")
            XCTAssertEqual(precision(months.map { $0 * 1000 }, unitsPerSecond: 1000), .month)
            let years = Array(Set(months.map(civilYear))).sorted().map { seconds($0, 1, 1) }
            if years.count >= 2 { XCTAssertEqual(precision(years), .year, "\(years)") }
            let moved = Int.random(in: 0..<months.count, using: &random)
            var offDay = months, offHour = months
            offDay[moved] += 86_400
            offHour[moved] += 3_600
            XCTAssertEqual(precision(offDay), .day, "x \(moved) a day on")
            XCTAssertEqual(precision(offHour), .day, "x \(moved) an hour on")
            var crowded = months
            crowded.insert(months[moved] + 86_400, at: moved + 1)
            XCTAssertEqual(precision(crowded), .day, "a day after x \(moved)")
        }
    }

    /// Daily and hourly data, a single month, and a number axis are days, as before.
    func testDaysTimesOnePointAndNumbersStayDays() {
        XCTAssertEqual(precision((0..<400).map { seconds(2020, 1, 1) + Double($0) * 86_400 }), .day)
        XCTAssertEqual(precision((0..<400).map { seconds(2020, 1, 1) + Double($0) * 3_600 }), .day)
        XCTAssertEqual(precision([seconds(1992, 2, 1)]), .day, "one point says nothing of its steps")
        XCTAssertEqual(precision([seconds(1992, 2, 1), seconds(1992, 2, 1) + 28 * 86_400]), .day, "Feb 29 is no month start")
        XCTAssertEqual(DatePrecision.of(Dataset(source: "t", xs: [seconds(1990, 1, 1), seconds(1991, 1, 1)],
                                                series: [Series(name: "y", ys: [1, 2])])), .day, "a number axis")
    }
}
