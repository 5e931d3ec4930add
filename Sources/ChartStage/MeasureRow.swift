/// A line of the measure's panel: its text and the series whose colour it wears
/// (`nil`: the theme's text colour). The figures write them (`MeasureFigures.rows`),
/// the panel draws them and Ctrl+C copies their `text(of:)`.
public struct MeasureRow: Equatable, Sendable {
    /// The line as shown and copied.
    public var text: String
    /// The dataset index of the series whose colour the line wears.
    public var series: Int?

    public init(text: String, series: Int? = nil) {
        self.text = text
        self.series = series
    }

    /// `rows`, one a line, each line ended: what the clipboard gets.
    public static func text(of rows: [MeasureRow]) -> String {
        rows.map(\.text).joined(separator: "\n") + "\n"
    }
}
