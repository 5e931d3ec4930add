import ChartData

/// How a stack's series are filled: the two kinds of `Series.Kind` that stack (a line
/// does not), apart so a stack cannot be asked to be lines.
public enum StackFill: Equatable, Sendable {
    /// A bar over each x step, filling it (from halfway to the previous x to halfway to
    /// the next).
    case bars
    /// The region under a polyline through the points.
    case areas

    /// The kind a file gives the series filled this way.
    public var seriesKind: Series.Kind {
        switch self {
        case .bars: .bar
        case .areas: .area
        }
    }
}
