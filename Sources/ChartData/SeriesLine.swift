/// What a series' line is drawn from: its y and where its line breaks for a jump in x.
///
/// For a series with a point at every x (a chart of one file) that is its own y and the
/// data's gaps. For one of several files' series (`Series.ownIndices`), its y at the x
/// where it is absent are the y of its own line there, interpolated between its own
/// neighbours: the line through every x is then its own line, drawn, reduced (min/max
/// of a bucket is that of the line over the bucket's x) and fitted to by the code for
/// one file. Its gaps are its own file's (a step over 10× its own median spacing, or an
/// empty cell on either side), at the merged indices: absent points inside one are NaN.
public struct SeriesLine: Sendable {
    /// y to draw, one per merged x.
    public let ys: [Double]
    /// Where the line breaks for a jump in its own x.
    public let gaps: XGaps

    /// The line of `series` over `xs`; `gaps` are the data's (used when the series has a
    /// point at every x).
    /// - Parameter connectsGaps: join its points however far apart (`--connect-gaps`).
    /// - Complexity: O(n); O(1) for a series with a point at every x.
    public init(series: Series, xs: XValues, gaps: XGaps, connectsGaps: Bool) {
        guard let own = series.ownIndices else {
            (ys, self.gaps) = (series.ys, gaps)
            return
        }
        let ownGaps = connectsGaps ? XGaps.connected : XGaps(xs: XValues(own.map { xs[Int($0)] }))
        self.gaps = XGaps(medianSpacing: ownGaps.medianSpacing, threshold: ownGaps.threshold,
                          starts: ownGaps.starts.map { Int(own[$0]) })
        var ys = series.ys
        ys.withUnsafeMutableBufferPointer { y in
            var nextGap = 0
            for k in 0..<max(own.count - 1, 0) {
                let (p, q) = (Int(own[k]), Int(own[k + 1]))
                let broken = nextGap < ownGaps.starts.count && ownGaps.starts[nextGap] == k
                if broken { nextGap += 1 }
                guard q > p + 1, !broken, y[p].isFinite, y[q].isFinite else { continue }
                let (x0, span) = (xs[p], xs[q] - xs[p])
                for i in (p + 1)..<q {
                    let t = span > 0 ? (xs[i] - x0) / span : 0
                    y[i] = y[p] + (y[q] - y[p]) * t
                }
            }
        }
        self.ys = ys
    }
}
