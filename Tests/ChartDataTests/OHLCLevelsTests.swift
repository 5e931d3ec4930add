@testable import ChartData
import Foundation
import XCTest

/// Every candle of every level against a plain scan of the rows: seeded random prices
/// of many lengths (1, 2, odd, long), with rows missing a value (gaps), on number x
/// and on dates (daily with weekends, hourly); and the level a view picks.
final class OHLCLevelsTests: XCTestCase {
    /// Random periods: `count` rows, about one in `gapEvery` missing a value (or all four).
    private func prices(count: Int, seed: UInt64, xs: [Double], xKind: XAxisKind, gapEvery: UInt64 = 7) -> Dataset {
        var rng = SplitMix64(seed: seed)
        var open = [Double](), high = [Double](), low = [Double](), close = [Double]()
        var last = 100.0
        for _ in 0..<count {
            let o = last + rng.nextStandardNormal(), c = o + rng.nextStandardNormal()
            var row = [o, max(o, c) + abs(rng.nextStandardNormal()), min(o, c) - abs(rng.nextStandardNormal()), c]
            if rng.next() % gapEvery == 0 {
                if rng.next() % 2 == 0 { row = [.nan, .nan, .nan, .nan] } else { row[Int(rng.next() % 4)] = .nan }
            }
            open.append(row[0]); high.append(row[1]); low.append(row[2]); close.append(row[3])
            last = c
        }
        var dataset = Dataset(source: "prices", xs: xs, series: [
            Series(name: "Volume", ys: xs.map { _ in 1 }), Series(name: "Close", ys: close), Series(name: "Open", ys: open),
            Series(name: "High", ys: high), Series(name: "Low", ys: low),
        ], xKind: xKind)
        dataset.ohlc = OHLCColumns(open: 2, high: 3, low: 4, close: 1)
        return dataset
    }

    /// A plain scan: the candle of `rows` as the rows say, skipping those missing a value.
    private func scanned(_ dataset: Dataset, rows: Range<Int>) -> (open: Double, high: Double, low: Double, close: Double)? {
        let c = dataset.ohlc!
        let whole = rows.filter { row in c.all.allSatisfy { !dataset.series[$0].ys[row].isNaN } }
        guard let first = whole.first, let last = whole.last else { return nil }
        return (dataset.series[c.open].ys[first], whole.map { dataset.series[c.high].ys[$0] }.max()!,
                whole.map { dataset.series[c.low].ys[$0] }.min()!, dataset.series[c.close].ys[last])
    }

    /// Checks every level of `dataset`: candles cover the rows in order, each level has
    /// fewer than the one before, every candle equals the plain scan of its rows, and
    /// rows share a candle exactly when `key` (level, row) says they share a period.
    private func checkLevels(_ dataset: Dataset, key: (OHLCLevels.Level, Int) -> Int,
                             file: StaticString = #filePath, line: UInt = #line) {
        let levels = OHLCLevels(dataset: dataset, columns: dataset.ohlc!)
        XCTAssertEqual(levels.levels[0].period, "row", file: file, line: line)
        XCTAssertEqual(levels.candleCount(level: 0), dataset.count, file: file, line: line)
        for level in levels.levels.indices {
            let count = levels.candleCount(level: level)
            if level > 0 { XCTAssertLessThan(count, levels.candleCount(level: level - 1), file: file, line: line) }
            var next = 0
            for candle in 0..<count {
                let rows = levels.rows(ofCandle: candle, level: level)
                XCTAssertEqual(rows.lowerBound, next, "level \(level) candle \(candle)", file: file, line: line)
                XCTAssertFalse(rows.isEmpty, file: file, line: line)
                next = rows.upperBound
                let period = levels.levels[level]
                for row in rows {
                    XCTAssertEqual(levels.candle(holding: row, level: level), candle, file: file, line: line)
                    XCTAssertEqual(key(period, row), key(period, rows.lowerBound), "\(period.period) row \(row)", file: file, line: line)
                }
                if candle > 0 {
                    XCTAssertNotEqual(key(period, rows.lowerBound), key(period, rows.lowerBound - 1),
                                      "\(period.period) candle \(candle) starts mid-period", file: file, line: line)
                }
                let found = levels.candle(candle, level: level)
                guard let expected = scanned(dataset, rows: rows) else {
                    XCTAssertNil(found, "level \(level) candle \(candle): gaps only", file: file, line: line)
                    continue
                }
                XCTAssertEqual(found?.rows, rows, file: file, line: line)
                XCTAssertEqual(found?.open, expected.open, file: file, line: line)
                XCTAssertEqual(found?.high, expected.high, file: file, line: line)
                XCTAssertEqual(found?.low, expected.low, file: file, line: line)
                XCTAssertEqual(found?.close, expected.close, file: file, line: line)
            }
            XCTAssertEqual(next, dataset.count, "level \(level) covers every row", file: file, line: line)
        }
    }

    func testNumberLevelsAreRunsOfTwoToTheKAgainstAPlainScan() {
        var rng = SplitMix64(seed: 5)
        for count in [1, 2, 3, 7, 64, 65, 1000, 1 + Int(rng.next() % 3000)] {
            let dataset = prices(count: count, seed: UInt64(count), xs: (0..<count).map { Double($0) * 0.5 }, xKind: .number)
            checkLevels(dataset) { level, row in
                guard level.period != "row" else { return row }
                let size = Int(level.period.split(separator: " ")[0])!
                return row / size
            }
            let levels = OHLCLevels(dataset: dataset, columns: dataset.ohlc!)
            XCTAssertEqual(levels.levels.map(\.period), ["row"] + (0..<levels.levels.count - 1).map { "\(2 << $0) rows" })
        }
    }

    /// The period a date falls in, from Foundation's calendar (not the code checked).
    private func calendarKey(_ period: String, seconds: Double) -> Int {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: seconds)
        let parts = calendar.dateComponents([.year, .month, .day, .weekOfYear, .yearForWeekOfYear], from: date)
        let year = parts.year!, month = parts.month!
        switch period {
        case "day": return Int((seconds / 86_400).rounded(.down))
        case "week": return parts.yearForWeekOfYear! * 100 + parts.weekOfYear!
        case "month": return year * 12 + month
        case "quarter": return year * 4 + (month - 1) / 3
        case "year": return year
        default:
            let span = Int(period.split(separator: " ")[0])!
            return Int((Double(year) / Double(span)).rounded(.down))
        }
    }

    func testDailyLevelsAreCalendarPeriodsAgainstAPlainScan() {
        for count in [1, 2, 5, 9, 40, 400, 3001] {
            // Trading days from Wednesday 2 January 1980: weekends skipped.
            var xs: [Double] = [], day = 315_619_200.0
            while xs.count < count {
                if (Int(day / 86_400) + 4) % 7 < 5 { xs.append(day) }
                day += 86_400
            }
            let dataset = prices(count: count, seed: 100 + UInt64(count), xs: xs, xKind: .time(unitsPerSecond: 1))
            checkLevels(dataset) { level, row in
                level.period == "row" ? row : self.calendarKey(level.period, seconds: xs[row])
            }
            if count == 3001 {
                let periods = OHLCLevels(dataset: dataset, columns: dataset.ohlc!).levels.map(\.period)
                XCTAssertEqual(Array(periods.prefix(5)), ["row", "week", "month", "quarter", "year"])
                XCTAssertTrue(periods.contains("2 years") && periods.contains("8 years"), "\(periods)")
            }
        }
    }

    func testHourlyRowsMergeInRunsWithinTheirDayThenByDay() {
        let count = 24 * 40 + 7
        // Millisecond x, from 06:00 on 1 March 2021.
        let xs = (0..<count).map { 1_614_578_400_000.0 + Double($0) * 3_600_000 }
        let dataset = prices(count: count, seed: 77, xs: xs, xKind: .time(unitsPerSecond: 1000))
        let days = xs.map { calendarKey("day", seconds: $0 / 1000) }
        let firstOfDay = Dictionary(days.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        let levels = OHLCLevels(dataset: dataset, columns: dataset.ohlc!)
        XCTAssertEqual(Array(levels.levels.map(\.period).prefix(7)), ["row", "2 rows", "4 rows", "8 rows", "16 rows", "day", "week"])
        checkLevels(dataset) { level, row in
            switch level.period {
            case "row": return row
            case let runs where runs.hasSuffix(" rows"):
                // Runs from each day's first row.
                let size = Int(runs.split(separator: " ")[0])!
                return days[row] * 1000 + (row - firstOfDay[days[row]]!) / size
            default: return self.calendarKey(level.period, seconds: xs[row] / 1000)
            }
        }
    }

    func testLevelChosenGivesEachCandleThreePixels() {
        var rng = SplitMix64(seed: 9)
        let count = 5000
        let xs = (0..<count).map { 1_000_000_000 + Double($0) * 86_400 }
        let dataset = prices(count: count, seed: 3, xs: xs, xKind: .time(unitsPerSecond: 1))
        let levels = OHLCLevels(dataset: dataset, columns: dataset.ohlc!)
        func touched(_ rows: Range<Int>, _ level: Int) -> Int {
            levels.candle(holding: rows.upperBound - 1, level: level) - levels.candle(holding: rows.lowerBound, level: level) + 1
        }
        for _ in 0..<300 {
            let a = Int(rng.next() % UInt64(count)), b = Int(rng.next() % UInt64(count))
            let range = xs[min(a, b)]...xs[max(a, b)] + 1
            let width = Double(20 + rng.next() % 2000)
            let (level, rows) = levels.level(forX: range, plotWidth: width)
            XCTAssertEqual(rows, levels.visibleRows(forX: range))
            if level < levels.levels.count - 1 {
                XCTAssertGreaterThanOrEqual(width / Double(touched(rows, level)), OHLCLevels.minimumCandlePixels,
                                            "\(levels.levels[level].period) at \(width) px")
            }
            if level > 0 {
                XCTAssertLessThan(width / Double(touched(rows, level - 1)), OHLCLevels.minimumCandlePixels,
                                  "a finer level than \(levels.levels[level].period) fits \(width) px")
            }
        }
    }

    func testTheDAXCenturyZoomedOutIsMonthsOrQuartersAndZoomedInIsDays() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Resources/dax-daily.csv").path
        let dataset = try DatasetReader.read(path: path)
        let levels = OHLCLevels(dataset: dataset, columns: try XCTUnwrap(dataset.ohlc))
        let all = levels.level(forX: dataset.xs.first!...dataset.xs.last!, plotWidth: 1100)
        XCTAssertTrue(["month", "quarter"].contains(levels.levels[all.level].period), levels.levels[all.level].period)
        // September to December 2008.
        let autumn = levels.level(forX: 1_220_227_200...1_230_768_000, plotWidth: 1100)
        XCTAssertEqual(levels.levels[autumn.level].period, "row")
    }
}
