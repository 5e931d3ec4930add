import ChartData
import XCTest

/// The span between two instants as a calendar counts it, in its two largest units.
final class CalendarSpanTests: XCTestCase {
    private func seconds(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Double = 0) -> Double {
        Double(CivilCalendar.days(year: year, month: month, day: day)) * 86_400 + Double(hour * 3600 + minute * 60) + second
    }

    private func words(_ a: Double, _ b: Double) -> String { CalendarSpan(fromSeconds: a, to: b).words }

    func testWordsInTheTwoLargestUnits() {
        XCTAssertEqual(words(seconds(2007, 10, 9), seconds(2009, 3, 9)), "1 year 5 months")
        XCTAssertEqual(words(seconds(2020, 1, 15), seconds(2023, 3, 20)), "3 years 2 months")
        XCTAssertEqual(words(seconds(2020, 1, 1), seconds(2022, 1, 5)), "2 years", "days are below the two largest units")
        XCTAssertEqual(words(seconds(2024, 3, 1), seconds(2024, 3, 13)), "12 days")
        XCTAssertEqual(words(seconds(2024, 3, 1), seconds(2024, 3, 13, 6)), "12 days 6 h")
        XCTAssertEqual(words(seconds(2024, 3, 1, 9), seconds(2024, 3, 1, 15, 12)), "6 h 12 min")
        XCTAssertEqual(words(seconds(2024, 3, 1, 9), seconds(2024, 3, 1, 9, 12, 5)), "12 min 5 s")
        XCTAssertEqual(words(seconds(2024, 3, 1), seconds(2024, 3, 1, 0, 0, 42)), "42 s")
        XCTAssertEqual(words(seconds(2024, 3, 1), seconds(2024, 3, 1, 0, 0, 0.25)), "0.25 s")
        XCTAssertEqual(words(100, 100), "0 s")
        XCTAssertEqual(words(seconds(2023, 1, 1), seconds(2024, 1, 1)), "1 year")
        XCTAssertEqual(words(seconds(2023, 1, 1), seconds(2023, 2, 1)), "1 month")
        XCTAssertEqual(words(seconds(2023, 1, 1), seconds(2023, 1, 2)), "1 day")
    }

    /// Months are the calendar's: a month from Jan 31 ends on February's last day, Feb 29
    /// to the next Feb 28 is not yet a year, and dates before 1970 count alike.
    func testCalendarMonths() {
        XCTAssertEqual(words(seconds(2023, 1, 31), seconds(2023, 2, 28)), "28 days")
        XCTAssertEqual(words(seconds(2023, 1, 31), seconds(2023, 3, 1)), "1 month 1 day")
        XCTAssertEqual(words(seconds(2024, 2, 29), seconds(2025, 2, 28)), "11 months 30 days")
        XCTAssertEqual(words(seconds(2024, 2, 29), seconds(2025, 3, 1)), "1 year")
        XCTAssertEqual(words(seconds(1929, 9, 3), seconds(1932, 7, 8)), "2 years 10 months")
        XCTAssertEqual(words(seconds(2024, 3, 10, 23), seconds(2024, 4, 10, 22)), "30 days 23 h",
                       "the month is whole only where the time of day is reached too")
    }

    /// For any two instants: the months, days and seconds added to the start (the months
    /// as the calendar adds them) land on the end exactly; each part is within its unit;
    /// one more month would pass the end; and the words name at most two units.
    func testThePartsAddUpToTheSpanForAllInstants() {
        var random = SplitMix64(seed: 2024)
        for _ in 0..<20_000 {
            let a = Double.random(in: -3e9...4e9, using: &random).rounded()
            let b = a + [Double.random(in: 0...200, using: &random), Double.random(in: 0...1e6, using: &random),
                         Double.random(in: 0...3e9, using: &random)].randomElement(using: &random)!.rounded()
            let span = CalendarSpan(fromSeconds: a, to: b)
            XCTAssertGreaterThanOrEqual(span.months, 0)
            XCTAssertTrue((0..<12).contains(span.monthsOfYear))
            XCTAssertTrue((0..<86_400).contains(span.seconds))
            let anchor = adding(months: span.months, to: a)
            XCTAssertEqual(anchor + Double(span.days) * 86_400 + span.seconds, b, "\(a) → \(b)")
            XCTAssertGreaterThan(adding(months: span.months + 1, to: a), b, "\(a) → \(b): a month more passes the end")
            let units = ["year", "month", "day", " h", " min", " s"].filter { span.words.contains($0) }
            XCTAssertLessThanOrEqual(units.count, 2, span.words)
        }
    }

    /// `start` plus `months` calendar months, the day kept or clamped to the month's last.
    private func adding(months: Int, to start: Double) -> Double {
        let day = Int((start / 86_400).rounded(.down))
        let timeOfDay = start - Double(day) * 86_400
        let date = CivilCalendar.date(fromDays: day)
        let total = date.year * 12 + date.month - 1 + months
        let year = Int((Double(total) / 12).rounded(.down)), month = total - year * 12 + 1
        let clamped = min(date.day, CivilCalendar.daysInMonth(year: year, month: month))
        return Double(CivilCalendar.days(year: year, month: month, day: clamped)) * 86_400 + timeOfDay
    }
}
