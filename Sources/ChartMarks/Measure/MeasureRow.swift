/// A line of the measure's panel: its text and the series whose colour it wears
/// (`nil`: the theme's text colour).
public struct MeasureRow: Equatable, Sendable {
    public var text: String
    public var series: Int?

    public init(text: String, series: Int? = nil) {
        self.text = text
        self.series = series
    }
}
