/// The y of a smooth curve at the centre of every pixel column of the plot, worked out
/// once for a curve (one series, view and plot size) so that a circle riding the curve
/// under a moving pointer finds its y at once (Pocket Weather's tide graph: "a set of
/// (X, Y) points with just enough granularity for every X position of the graph ... done
/// once for a data set + graph layout configuration and cached").
///
/// Values are canvas pixels. A column whose centre no run of the curve reaches (a gap,
/// beyond the data) has none; a point alone between gaps (a dot) gives the column it
/// lies in its y.
public struct SmoothCurveLookup: Equatable, Sendable {
    /// The plot, canvas pixels.
    public let plot: PixelBox
    /// Canvas y per column of the plot, left to right; NaN where the curve has none.
    public let columnYs: [Double]

    /// Solves the curve at every column centre of `plot` (whose size `curve` was built for).
    /// - Complexity: O(columns + points): columns and pieces are walked together.
    public init(curve: SmoothCurve, plot: PixelBox) {
        self.plot = plot
        let width = curve.plotSize.width
        var ys = [Double](repeating: .nan, count: max(width, 0))
        for run in curve.runs {
            guard let first = run.points.first, let last = run.points.last else { continue }
            if run.pieces.isEmpty {
                let column = Int((first.x).rounded(.down))
                if ys.indices.contains(column) { ys[column] = plot.y + first.y }
                continue
            }
            // Columns whose centres c + 0.5 lie in first.x…last.x.
            let low = max(Int((first.x - 0.5).rounded(.up)), 0)
            let high = min(Int((last.x - 0.5).rounded(.down)), width - 1)
            guard low <= high else { continue }
            var piece = 0
            for column in low...high {
                let x = Double(column) + 0.5
                while piece < run.pieces.count - 1, run.points[piece + 1].x < x { piece += 1 }
                let p = run.pieces[piece]
                ys[column] = plot.y + p.point(at: p.parameter(forX: x)).y
            }
        }
        columnYs = ys
    }

    /// The curve's canvas y at the centre of column `column` (0 at the plot's left
    /// edge), `nil` where it has none.
    /// - Complexity: O(1).
    public func y(atColumn column: Int) -> Double? {
        guard columnYs.indices.contains(column), !columnYs[column].isNaN else { return nil }
        return columnYs[column]
    }

    /// The column holding canvas x `x`, `nil` off the plot.
    /// - Complexity: O(1).
    public func column(atCanvasX x: Double) -> Int? {
        let offset = x - plot.x
        guard offset >= 0, offset < Double(columnYs.count) else { return nil }
        return Int(offset)
    }

    /// The canvas x of column `column`'s centre.
    public func canvasX(ofColumn column: Int) -> Double { plot.x + Double(column) + 0.5 }

    /// The curve's point at the centre of the column holding canvas x `x`: where a
    /// circle under a pointer at `x` sits; `nil` off the plot or where there is no curve.
    /// - Complexity: O(1).
    public func point(atCanvasX x: Double) -> PixelPoint? {
        guard let column = column(atCanvasX: x), let y = y(atColumn: column) else { return nil }
        return PixelPoint(x: canvasX(ofColumn: column), y: y)
    }
}
