extension M4Answer {
    /// The answer as a chart's data: one x axis, the union of the series' points, each
    /// series drawn through its own (`Series.ownIndices`, as `DatasetMerge` does for
    /// several files), so one series' extremes do not break another's line.
    /// - Throws: `DataLoadError.tooLarge` past 2^31 − 1 points in all.
    public func dataset(source: String, xKind: XAxisKind) throws -> Dataset {
        let parts = series.map { one in
            Dataset(source: source, xs: one.xs, series: [Series(name: one.name, ys: one.ys)], xKind: xKind)
        }
        var answer = parts.count == 1 ? parts[0] : try DatasetMerge.merge(parts)
        answer.source = source
        // Its points are each column's extremes, as far apart as they fall: only a NULL breaks.
        answer.breaksAreMarked = true
        return answer
    }

    /// `answers` to adjoining requests (each starting where the one before ended, for the
    /// same series), as one answer over their whole range at their columns summed.
    /// - Precondition: `answers` is not empty; they adjoin and ask for the same series.
    public static func joining(_ answers: [M4Answer]) -> M4Answer {
        precondition(!answers.isEmpty, "M4Answer.joining: at least one answer")
        let first = answers[0].request, last = answers[answers.count - 1].request
        let request = M4Request(series: first.series, start: first.start, end: last.end,
                                columns: answers.reduce(0) { $0 + $1.request.columns })
        let series = first.series.indices.map { s in
            M4Series(name: answers[0].series[s].name, xs: answers.flatMap { $0.series[s].xs },
                     ys: answers.flatMap { $0.series[s].ys })
        }
        return M4Answer(request: request, series: series, rowsInRange: answers.reduce(0) { $0 + $1.rowsInRange },
                        bytesReceived: answers.reduce(0) { $0 + $1.bytesReceived })
    }
}
