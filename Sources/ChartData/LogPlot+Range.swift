import Foundation

/// A y range in the values' units (as read: `--y-range`, the session's y by hand) and in
/// the units an axis plots it in: log10 of each end on a log axis, the values on a
/// linear one. The one place that conversion is written, for `render`, `open` and the
/// window.
extension LogPlot {
    /// `range` (values as read) as its axis plots it; `nil` when a log axis cannot hold
    /// it (an end at 0 or below has no logarithm).
    public static func plotted(_ range: ClosedRange<Double>, logarithmic: Bool) -> ClosedRange<Double>? {
        guard logarithmic else { return range }
        guard range.lowerBound > 0 else { return nil }
        return Foundation.log10(range.lowerBound)...Foundation.log10(range.upperBound)
    }

    /// `plotted` (an axis' units) as the values it shows; `nil` when a log axis' range is
    /// past what a `Double` holds (10^400).
    public static func values(ofPlotted plotted: ClosedRange<Double>, logarithmic: Bool) -> ClosedRange<Double>? {
        guard logarithmic else { return plotted }
        let lower = pow(10, plotted.lowerBound), upper = pow(10, plotted.upperBound)
        guard lower.isFinite, upper.isFinite, lower > 0, lower < upper else { return nil }
        return lower...upper
    }

    /// Why a log axis refuses `range`, given as `option` (as typed) with the log axis
    /// asked for by `flag`: the one message for `render` and `open`.
    public static func refusal(option: String, typed: String, flag: String) -> String {
        "\(option) \(DisplayText.quoted(typed)): a log axis (\(flag)) holds only values above 0"
    }
}
