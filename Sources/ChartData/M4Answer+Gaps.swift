extension M4Answer {
    /// The answer with a break (a NaN point) wherever rows are missing for a stretch of x:
    /// between neighbouring points further apart than `XGaps.factor` times the table's
    /// spacing (`rowSpacing`: its x extent over its rows) and than two of the request's
    /// columns. A file's line breaks at such a step (`XGaps`); an answer's points are its
    /// columns' extremes, as far apart as they fall, so the step alone says nothing: a
    /// stretch with no rows is one that leaves a column empty where the rows are denser
    /// than the columns, or one far wider than the rows' spacing where they are sparser.
    public func markingGaps(rowSpacing: Double?) -> M4Answer {
        guard let rowSpacing, rowSpacing > 0, rowSpacing.isFinite else { return self }
        let threshold = max(XGaps.factor * rowSpacing, 2 * (request.end - request.start) / Double(request.columns))
        var marked = self
        marked.series = series.map { one in
            guard one.count > 1 else { return one }
            var xs: [Double] = [one.xs[0]], ys: [Double] = [one.ys[0]]
            xs.reserveCapacity(one.count)
            ys.reserveCapacity(one.count)
            for index in 1..<one.count {
                let step = one.xs[index] - one.xs[index - 1]
                if step > threshold, !one.ys[index].isNaN, !one.ys[index - 1].isNaN {
                    xs.append(one.xs[index - 1] + step / 2)
                    ys.append(.nan)
                }
                xs.append(one.xs[index])
                ys.append(one.ys[index])
            }
            return M4Series(name: one.name, xs: xs, ys: ys)
        }
        return marked
    }
}

extension SourceExtent {
    /// The mean step between rows' x (`nil` under two rows): what a step of a gap is
    /// measured against (`M4Answer.markingGaps`).
    public var rowSpacing: Double? {
        guard let first, let last else { return nil }
        return Self.rowSpacing(from: first, to: last, rows: count)
    }

    /// The mean step of `rows` rows spread over [first, last]; `nil` under two rows or
    /// for a single x.
    static func rowSpacing(from first: Double, to last: Double, rows: Int) -> Double? {
        rows > 1 && last > first ? (last - first) / Double(rows - 1) : nil
    }
}
