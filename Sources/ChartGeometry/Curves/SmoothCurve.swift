import ChartData

/// One series' line as a smooth curve over one view on a plot of one size: a
/// `CatmullRomSpline` through each run of the points drawn, in plot pixels (from the
/// plot's top-left corner, y downward). A gap breaks the curve, an empty value (NaN)
/// as a jump in x (`DataSource.gaps`) does; a point alone between gaps is a dot.
///
/// Built per view because the centripetal curve's shape depends on distances in
/// pixels: a zoom in x or y reshapes it. A pan shifts every point alike and leaves the
/// shape alone; each piece is shaped by its four nearest points only, whatever else is
/// in view, so the curve does not wobble as points enter and leave the view.
///
/// Smoothing is for sparse data (tides, hourly forecasts): from `maximumPointsPerColumn`
/// points per pixel column up, the curve and the straight line look the same and the
/// line is drawn as it is (`smooths(pointCount:plotWidth:)`).
public struct SmoothCurve: Equatable, Sendable {
    /// The runs between gaps, in x order.
    public let runs: [CatmullRomSpline]
    /// The plot's size, pixels.
    public let plotSize: PixelSize

    /// Above this many points per pixel column, the line is drawn straight.
    public static let maximumPointsPerColumn = 2.0

    /// Whether a view drawing `pointCount` points across `plotWidth` pixels is drawn
    /// smoothed (the line renderer and the highlight ask the same question).
    public static func smooths(pointCount: Int, plotWidth: Int) -> Bool {
        plotWidth > 0 && Double(pointCount) <= maximumPointsPerColumn * Double(plotWidth)
    }

    /// Whether `visible` of `source` is drawn smoothed on a plot `plotWidth` pixels wide.
    /// - Complexity: O(log n).
    public static func smooths(_ source: DataSource, visible: DataRect, plotWidth: Int) -> Bool {
        smooths(pointCount: source.drawnIndices(forX: visible.minX...visible.maxX).count, plotWidth: plotWidth)
    }

    /// The curve of series `series` of `source` through the points `visible` draws (and,
    /// for the end pieces' shape, the point beyond each).
    /// - Complexity: O(points drawn).
    public init(source: DataSource, series: Int, visible: DataRect, plotSize: PixelSize) {
        self.plotSize = plotSize
        let scales = PlotScales(visible: visible, plot: PixelBox(x: 0, y: 0, width: Double(plotSize.width),
                                                                   height: Double(plotSize.height)))
        let dataset = source.dataset, line = source.lines[series]
        let xs = dataset.xs, ys = dataset.series[series].ys, gaps = line.gaps
        // The points by position: every point, or in a chart of several files the
        // series' own, with the one beyond each end of the view.
        let own = line.own
        let count = own?.indices.count ?? dataset.count
        func index(_ k: Int) -> Int { own.map { Int($0.indices[k]) } ?? k }
        var drawn = source.drawnIndices(forX: visible.minX...visible.maxX)
        if let own {
            let inside = dataset.firstIndex(atOrAfterX: visible.minX)..<dataset.firstIndex(atOrAfterX: visible.maxX.nextUp)
            drawn = max(own.position(of: inside.lowerBound) - 1, 0)..<min(own.position(of: inside.upperBound) + 1, count)
        }
        func point(_ k: Int) -> PixelPoint { scales.point(x: xs[index(k)], y: ys[index(k)]) }
        func finite(_ k: Int) -> Bool { ys[index(k)].isFinite }
        /// Whether the line joins the point at position `i` to the one at `j = i + 1`.
        func joins(_ i: Int, _ j: Int) -> Bool {
            i >= 0 && j < count && finite(i) && finite(j) && !gaps.separates(index(i), index(j))
        }
        var runs: [CatmullRomSpline] = []
        var start = drawn.lowerBound
        while start < drawn.upperBound {
            guard finite(start) else {
                start += 1
                continue
            }
            var end = start
            while end + 1 < drawn.upperBound, joins(end, end + 1) { end += 1 }
            runs.append(CatmullRomSpline(through: (start...end).map(point),
                                         before: joins(start - 1, start) ? point(start - 1) : nil,
                                         after: joins(end, end + 1) ? point(end + 1) : nil))
            start = end + 1
        }
        self.runs = runs
    }

    /// The curve as a polyline in plot pixels, each piece cut until every chord lies
    /// within `tolerance` pixels of it: the points of each run in order, a point with
    /// NaN y between runs (x halfway, so x stays ascending), and a run of one point
    /// alone (a dot). Pieces whose box (their x and y are monotone, so it is their ends'
    /// box) lies farther than `margin` outside the plot are drawn straight: no one sees
    /// them.
    /// - Complexity: O(points + samples).
    public func polyline(tolerance: Double = 0.25, margin: Double = 64) -> [PixelPoint] {
        let seen = PixelBox(x: -margin, y: -margin, width: Double(plotSize.width) + 2 * margin,
                            height: Double(plotSize.height) + 2 * margin)
        var out: [PixelPoint] = []
        for run in runs {
            if let last = out.last, let first = run.points.first {
                out.append(PixelPoint(x: last.x / 2 + first.x / 2, y: .nan))
            }
            out.append(run.points[0])
            for (index, piece) in run.pieces.enumerated() {
                let from = run.points[index], to = run.points[index + 1]
                let box = PixelBox(x: from.x, y: min(from.y, to.y), width: to.x - from.x, height: abs(to.y - from.y))
                if box.maxX >= seen.x, box.x <= seen.maxX, box.maxY >= seen.y, box.y <= seen.maxY {
                    Self.subdivide(piece, from: 0, from, to: 1, to, tolerance: tolerance, depth: 0, into: &out)
                }
                out.append(to)
            }
        }
        return out
    }

    /// Appends the points strictly inside u0…u1 that keep every chord of `piece` within
    /// `tolerance` of it, splitting in halves.
    private static func subdivide(_ piece: CatmullRomSpline.Piece, from u0: Double, _ p0: PixelPoint, to u1: Double,
                                  _ p1: PixelPoint, tolerance: Double, depth: Int, into out: inout [PixelPoint]) {
        let um = (u0 + u1) / 2
        let pm = piece.point(at: um)
        // The half-way point alone misses an S whose middle crosses the chord; three
        // samples can still miss the farthest point by a little (up to 8% in the
        // tests' random curves), so they are held to three quarters of the tolerance.
        let error = [(u0 + um) / 2, um, (um + u1) / 2].map { u in
            distance(u == um ? pm : piece.point(at: u), toSegment: p0, p1)
        }.max() ?? 0
        guard error > 0.75 * tolerance, depth < 24 else { return }
        subdivide(piece, from: u0, p0, to: um, pm, tolerance: tolerance, depth: depth + 1, into: &out)
        out.append(pm)
        subdivide(piece, from: um, pm, to: u1, p1, tolerance: tolerance, depth: depth + 1, into: &out)
    }

    /// The distance from `p` to the segment `a`…`b`, pixels.
    static func distance(_ p: PixelPoint, toSegment a: PixelPoint, _ b: PixelPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        let t = length2 > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length2, 0), 1) : 0
        let ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y
        return (ex * ex + ey * ey).squareRoot()
    }
}
