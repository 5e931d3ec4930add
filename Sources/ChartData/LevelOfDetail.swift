/// How a series is reduced for drawing at a distance: a ladder of levels, finest first.
public protocol LevelOfDetail: Sendable {
    /// Reduced levels, finest first; the full series itself is not among them.
    var levels: [LODLevel] { get }
}

/// The reduction the app draws with.
public enum LODMethod: String, CaseIterable, Sendable {
    /// Per bucket of points: the first, the lowest, the highest and the last (M4), so
    /// every spike survives. The default.
    case minMax = "minmax"
    /// The heap-based Ramer–Douglas–Peucker sparsifier: the most important points first.
    case rdp
    /// No reduction: every point is drawn, at every zoom. The reference the others are
    /// measured against.
    case none

    /// Builds the levels for one series, each keeping the points around every gap in x.
    public func build(xs: XValues, ys: ValueColumn<Double>, gaps: XGaps = .connected) -> LevelOfDetail {
        switch self {
        case .minMax: return MinMaxLOD(ys: ys, gapStarts: gaps.starts)
        // An array: RDP's scoring is written for arrays, and it copies x the same way.
        case .rdp: return RDPLOD(xs: Array(xs), ys: Array(ys), gapStarts: gaps.starts)
        case .none: return FullDetail()
        }
    }
}

/// How many visible points per pixel column the drawn level may have.
public enum LODBudget {
    /// 32: with min/max buckets of four points, eight buckets a column (density 16–32,
    /// as levels halve). With round joins, the line drawn from such a level differs by
    /// over 10% in 0.35% of the full line's pixels on the 1M walk at 1× (8 a column:
    /// 8.7%; 16: 2.5%): the edge of a dense line is made by points close to each
    /// column's extremes, and buckets must be narrow enough to keep them.
    public static let pointsPerPixel = 32
}

extension LevelOfDetail {
    /// The position in `levels` of the level to draw the original index range `visible`
    /// with, on a plot `plotWidth` pixels wide: the finest one whose points in view stay
    /// within `pointsPerPixel × plotWidth`; `nil` means the full series is light enough.
    /// Drawing and the highlight both ask here with the default budget, so the circle
    /// always sits on the level that is drawn.
    /// - Parameter own: the series' own points in a chart of several files
    ///   (`SeriesLine.own`), which its full resolution draws; `nil`: every point.
    /// - Complexity: O(levels × log n).
    public func levelIndex(forVisible visible: Range<Int>, plotWidth: Int, pointsPerPixel: Int = LODBudget.pointsPerPixel,
                           own: LODLevel? = nil) -> Int? {
        let budget = max(plotWidth, 1) * pointsPerPixel
        if (own?.count(in: visible) ?? visible.count) <= budget || levels.isEmpty { return nil }
        return levels.firstIndex { $0.count(in: visible) <= budget } ?? levels.count - 1
    }
}

/// No levels: the full series is always drawn.
public struct FullDetail: LevelOfDetail {
    public let levels: [LODLevel] = []
    public init() {}
}
