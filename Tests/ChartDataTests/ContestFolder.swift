import ChartData
import Foundation

/// Writes a chart folder as round 2 of Telegram's 2019 contest ships one: `overview.json`
/// with a point a day (UTC midnight, Unix ms) for "Views", "Joined" and "Left", and for
/// the newest days `YYYY-MM/DD.json` with 24 hourly points whose sum is the day's value
/// exactly, shaped by a daily rhythm (quiet nights, an evening peak) with noise.
///
/// Seeded, so the same settings write the same bytes: the bundled sample
/// (`Resources/contest-views`) is checked against it, and written by it with
/// `SIGHTLINE_WRITE_CONTEST_SAMPLE=1 swift test --filter DayFilesTests`.
struct ContestFolder {
    /// The first day, UTC.
    var start = (year: 2018, month: 10, day: 1)
    /// How many days the overview holds.
    var days = 182
    /// How many of the newest days get a day file.
    var daysWithFiles = 59
    var seed: UInt64 = 2019

    static let names = ["Views", "Joined", "Left"]
    static let colors = ["#3896E8", "#3DC23F", "#F34C44"]

    /// Unix ms of day `index`'s midnight.
    func dayStart(_ index: Int) -> Double {
        Double(CivilCalendar.days(year: start.year, month: start.month, day: start.day) + index) * 86_400_000
    }

    /// The three series' values of every day, in the overview's order.
    func dailyValues() -> [[Int]] {
        var random = SplitMix64(seed: seed)
        var views: [Int] = [], joined: [Int] = [], left: [Int] = []
        for day in 0..<days {
            let weekday = (CivilCalendar.days(year: start.year, month: start.month, day: start.day) + day + 3) % 7
            let weekend = weekday >= 5 ? 0.78 : 1.0
            let trend = 1 + 0.5 * Double(day) / Double(max(days - 1, 1))
            let base = 3200 * trend * weekend * (1 + 0.12 * random.signed())
            views.append(Int(base.rounded()))
            joined.append(Int((base * 0.11 * (1 + 0.25 * random.signed())).rounded()))
            left.append(Int((base * 0.045 * (1 + 0.35 * random.signed())).rounded()))
        }
        return [views, joined, left]
    }

    /// Day `index`'s 24 hourly values of each series, summing to `totals`.
    func hourlyValues(day index: Int, totals: [Int]) -> [[Int]] {
        var random = SplitMix64(seed: seed &+ UInt64(index + 1) &* 0x9E37_79B9)
        return totals.map { total in
            let weights = (0..<24).map { hour -> Double in
                let h = Double(hour)
                let rhythm = 1 + 0.6 * cos(2 * .pi * (h - 20) / 24) + 0.2 * cos(4 * .pi * (h - 13) / 24)
                return rhythm * (1 + 0.3 * random.signed())
            }
            return Self.apportion(total, by: weights)
        }
    }

    /// `total` split in proportion to `weights` into whole numbers that sum to it
    /// (largest remainder first).
    static func apportion(_ total: Int, by weights: [Double]) -> [Int] {
        let sum = weights.reduce(0, +)
        let exact = weights.map { Double(total) * $0 / sum }
        var parts = exact.map { Int($0.rounded(.down)) }
        let order = exact.indices.sorted { exact[$0] - Double(parts[$0]) > exact[$1] - Double(parts[$1]) }
        for i in order.prefix(total - parts.reduce(0, +)) { parts[i] += 1 }
        return parts
    }

    /// A chart in the contest's JSON: `xs` in Unix ms, one line column per series.
    static func chartJSON(xs: [Double], values: [[Int]]) -> String {
        func column(_ id: String, _ items: [String]) -> String { "[\"\(id)\"," + items.joined(separator: ",") + "]" }
        let ids = values.indices.map { "y\($0)" }
        let columns = [column("x", xs.map { String(Int64($0)) })]
            + zip(ids, values).map { column($0, $1.map(String.init)) }
        func map(_ pairs: [(String, String)]) -> String {
            "{" + pairs.map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",") + "}"
        }
        return "{\"columns\":[" + columns.joined(separator: ",") + "],"
            + "\"types\":" + map(ids.map { ($0, "line") } + [("x", "x")]) + ","
            + "\"names\":" + map(Array(zip(ids, names))) + ","
            + "\"colors\":" + map(Array(zip(ids, colors))) + "}\n"
    }

    /// Every file of the folder: relative path and content.
    func files() -> [(path: String, text: String)] {
        let daily = dailyValues()
        var files = [(path: "overview.json", text: Self.chartJSON(xs: (0..<days).map(dayStart), values: daily))]
        for day in max(days - daysWithFiles, 0)..<days {
            let date = CivilCalendar.date(fromDays: Int(dayStart(day) / 86_400_000))
            let path = String(format: "%04d-%02d/%02d.json", date.year, date.month, date.day)
            let hourly = hourlyValues(day: day, totals: daily.map { $0[day] })
            files.append((path, Self.chartJSON(xs: (0..<24).map { dayStart(day) + Double($0) * 3_600_000 }, values: hourly)))
        }
        return files
    }

    /// Writes the folder at `folder` (made if missing).
    func write(to folder: String) throws {
        for file in files() {
            let path = folder + "/" + file.path
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try file.text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}

extension SplitMix64 {
    /// Uniform in −1…1.
    mutating func signed() -> Double {
        Double(next() >> 11) / Double(1 << 53) * 2 - 1
    }
}
