import ChartData
import ChartGeometry
import Foundation

/// What Ctrl+C copies of a point: tab-separated, a line of names and a line of values,
/// so it pastes into a spreadsheet as a header row and a row of data (and reads as
/// columns in a text editor). x is ISO 8601 on a time axis (`2008-10-09`, with the time
/// `2008-10-09T14:30:00Z` where it has one and `…T14:30:00.250Z` with milliseconds),
/// values are plain numbers with the file's decimals (no grouping, an ASCII minus: what
/// a spreadsheet reads back), a gap empty.
public enum ClipboardText {
    /// Point `index` of `source`'s `series` (dataset indices, in order), each value as
    /// read at the series' own point (`DataSource.reading(series:at:)`, as the board
    /// reads it: in a chart of several files, the other file's nearest point).
    public static func point(source: DataSource, index: Int, series: [Int]) -> String {
        let dataset = source.values
        let x = dataset.xs[index]
        let names = ["x"] + series.map { DisplayText.escaped(dataset.series[$0].name, limit: 200) }
        let values = [xText(x, kind: dataset.xKind, precision: .of(dataset))] + series.map { s in
            guard let y = source.reading(series: s, at: index)?.value, y.isFinite else { return "" }
            return String(format: "%.*f", min(max(source.decimals[s], 0), 17), y)
        }
        var header = names
        if case .time = dataset.xKind { header[0] = "date" }
        return header.joined(separator: "\t") + "\n" + values.joined(separator: "\t") + "\n"
    }

    /// x as a spreadsheet reads it: an ISO date (and time where there is one), or the number;
    /// monthly and yearly data as they are written (`1992-02`, `1992`).
    static func xText(_ x: Double, kind: XAxisKind, precision: DatePrecision = .day) -> String {
        guard case let .time(unitsPerSecond) = kind else {
            return String(format: "%.*f", min(SeriesPrecision.decimals(of: [x]), 17), x)
        }
        let day = CivilDate.iso8601(unixSeconds: x / unitsPerSecond, dayAlone: true)
        switch precision {
        // Data of these precisions stand at midnight on a first: `day` is `1992-02-01`.
        case .year: return String(day.dropLast(6))
        case .month: return String(day.dropLast(3))
        case .day: return day
        }
    }
}
