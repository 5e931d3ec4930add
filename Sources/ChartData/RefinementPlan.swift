/// Which question refines a view: the M4 of a range a little wider than the view (so a
/// small pan is still answered), at the view's pixel columns scaled to that width, held
/// to the source's extent; none where the rows in it are estimated past what the
/// source answers fast (the pyramid stays drawn there).
public struct RefinementPlan: Sendable {
    /// M4 columns asked for per pixel column. The paper's one a pixel is exact for
    /// one-pixel aliased lines; the chart's lines are 2 px, smooth, with round joins,
    /// whose edge in a dense column is made by points near its extremes at sub-pixel x:
    /// drawn from one column a pixel, 16% of the W1 walk's line pixels differ by over
    /// 10% from every row drawn; from 8 a pixel, 0.04% (`M4FidelityTests`), within
    /// the LOD fidelity rule (1%), as `LODBudget`'s eight buckets a column are.
    public static let columnsPerPixel = 8
    /// The share of the view's width asked for beyond each side.
    public static let margin = 0.25

    /// The source's extent: [first, last] x and the rows between.
    public var first: Double
    public var last: Double
    public var rows: Int
    /// The series asked for.
    public var series: [String]
    /// The mean step between rows' x (`SourceExtent.rowSpacing`).
    public var rowSpacing: Double? {
        SourceExtent.rowSpacing(from: first, to: last, rows: rows)
    }
    /// The most rows in range asked about (`QueryableSource.refinementRowLimit`).
    public var rowLimit: Int

    public init(first: Double, last: Double, rows: Int, series: [String], rowLimit: Int) {
        self.first = first
        self.last = last
        self.rows = rows
        self.series = series
        self.rowLimit = rowLimit
    }

    public init?(extent: SourceExtent, rowLimit: Int) {
        guard let first = extent.first, let last = extent.last, first < last else { return nil }
        self.init(first: first, last: last, rows: extent.count, series: extent.series, rowLimit: rowLimit)
    }

    /// The extent as a range, for `RefinedData.isCoarse`.
    public var range: ClosedRange<Double> { first...last }

    /// The question for `view` drawn `columns` pixels wide (at `columnsPerPixel` M4
    /// columns each); `nil` where the view holds
    /// none of the extent or more rows than `rowLimit` (estimated from the rows'
    /// mean density).
    public func request(for view: ClosedRange<Double>, columns: Int) -> M4Request? {
        let width = view.upperBound - view.lowerBound
        guard width > 0, columns >= 1 else { return nil }
        // The last row belongs in the range: it ends just past it.
        let start = max(view.lowerBound - width * Self.margin, first)
        let end = min(view.upperBound + width * Self.margin, last.nextUp)
        guard start < end else { return nil }
        let estimated = Double(rows) * (end - start) / (last - first)
        guard estimated <= Double(rowLimit) else { return nil }
        let wanted = (Double(columns * Self.columnsPerPixel) * (end - start) / width).rounded(.up)
        return M4Request(series: series, start: start, end: end, columns: max(1, Int(min(wanted, 1e7))))
    }

    /// Whether `request` answers `view` at `columns` pixels: it covers the view (within
    /// the extent) at least as finely as `request(for:columns:)` would ask.
    public func answers(_ request: M4Request, view: ClosedRange<Double>, columns: Int) -> Bool {
        let width = view.upperBound - view.lowerBound
        guard width > 0 else { return true }
        let start = max(view.lowerBound, first), end = min(view.upperBound, last)
        return request.start <= start && request.end >= end && request.resolution >= Double(columns * Self.columnsPerPixel) / width
    }
}
