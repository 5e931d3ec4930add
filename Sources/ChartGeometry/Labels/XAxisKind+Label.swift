import ChartData

/// An x as a person reads it: the one label the board, the measure, the summaries and
/// the command line's messages write a point's x with.
extension XAxisKind {
    /// `Mar 3, 2021 14:05` on a time axis; on a number axis `x` with at most
    /// `decimals` decimals (`ValueFormat`), after `x = ` where `namingX` asks for it
    /// (a sentence's "at x = 12.5"). `precision` is the data's (`DatePrecision.of`):
    /// a monthly series' x reads `Feb 1992`, a yearly one's `1992`.
    public func label(_ x: Double, decimals: Int, namingX: Bool = false, precision: DatePrecision = .day) -> String {
        guard case let .time(unitsPerSecond) = self else {
            return (namingX ? "x = " : "") + ValueFormat.string(x, dataDecimals: decimals)
        }
        return CivilDate(unixSeconds: x / unitsPerSecond).label(precision: precision)
    }
}
