import ChartData
import Foundation

/// A daily-prices file as Yahoo Finance exports it: `Date,Open,High,Low,Close,Adj Close,Volume`,
/// trading days only (no weekends), prices a random walk near 150, volumes in the tens of
/// millions, and on the days it lists without a price, `null` in every column but the date.
struct YahooCSV {
    /// Trading days, from Wednesday 2 January 2019.
    var days: Int
    /// The data rows (from 0) written as `null`.
    var nullRows: Set<Int> = []
    var seed: UInt64 = 11

    /// The file's line of data row `row` (the header is line 1).
    static func line(ofRow row: Int) -> Int { row + 2 }

    var text: String {
        var rng = SplitMix64(seed: seed)
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd"
        var lines = ["Date,Open,High,Low,Close,Adj Close,Volume"]
        var day = 1_546_387_200.0 // 2019-01-02
        var close = 150.0
        for row in 0..<days {
            // Saturday and Sunday are not trading days (1970-01-01 was a Thursday).
            while (Int(day / 86_400) + 4) % 7 >= 5 { day += 86_400 }
            let date = format.string(from: Date(timeIntervalSince1970: day))
            day += 86_400
            if nullRows.contains(row) {
                lines.append("\(date),null,null,null,null,null,null")
                continue
            }
            let open = close * (1 + 0.01 * rng.nextStandardNormal())
            close = open * (1 + 0.015 * rng.nextStandardNormal())
            let high = max(open, close) * (1 + 0.005 * abs(rng.nextStandardNormal()))
            let low = min(open, close) * (1 - 0.005 * abs(rng.nextStandardNormal()))
            let volume = 40_000_000 + Int(rng.next() % 60_000_000)
            func price(_ value: Double) -> String { String(format: "%.6f", value) }
            lines.append("\(date),\(price(open)),\(price(high)),\(price(low)),\(price(close)),\(price(close * 0.98)),\(volume)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
