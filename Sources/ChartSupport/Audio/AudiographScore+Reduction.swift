import ChartData

extension AudiographScore {
    /// The score of series `series` of `source` swept over x in `range` as `audiograph`
    /// plays it.
    ///
    /// Where the points in view fit one per `minimumStepSeconds`, each point is a note
    /// at its own time, with the points just beyond the ends that the drawn line runs
    /// out to, so the sound starts and ends where the line does. Where they do not, x is
    /// cut into steps of twice that length and each step gives two notes, its lowest and
    /// its highest value in x order, so a one-point spike among a million is heard as a
    /// leap up and back. The tone sounds from note to note where the line is drawn, and
    /// falls silent where it breaks: a gap in y (NaN) or in x (`DataSource.gaps`). A
    /// point alone between gaps sounds for one `minimumStepSeconds`. A range with no
    /// finite value has no runs; a flat one plays the middle pitch throughout.
    /// - Complexity: O(n) for the n points in `range`.
    init(series: Int, of source: DataSource, overX range: ClosedRange<Double>, audiograph: Audiograph) {
        let duration = audiograph.seconds
        self.init(duration: duration, runs: [])
        let dataset = source.dataset
        let ys = dataset.series[series].ys
        guard let bounds = source.yBounds(inX: range, series: [series]) else { return }
        // Halves throughout: the difference of two values near ±1.8e308 overflows.
        let halfSpread = bounds.max / 2 - bounds.min / 2
        func pitch(_ y: Double) -> Double {
            audiograph.frequency(atFraction: halfSpread > 0 ? (y / 2 - bounds.min / 2) / halfSpread : 0.5)
        }
        let low = range.lowerBound
        let halfWidth = range.upperBound / 2 - low / 2
        guard halfWidth > 0 else {
            // A range of a single x: its value held for the whole sweep.
            runs = [Run(start: 0, end: duration, notes: [Note(time: 0, frequency: pitch(bounds.min))])]
            return
        }
        func time(_ x: Double) -> Double { (x / 2 - low / 2) / halfWidth * duration }
        let inside = dataset.firstIndex(atOrAfterX: low)..<dataset.firstIndex(atOrAfterX: range.upperBound.nextUp)
        let capacity = max(Int(duration / audiograph.minimumStepSeconds), 2)
        let points: [(index: Int, note: Note)]
        // How far the sound reaches past a run's first and last note: nothing where the
        // line ends at its point; a quarter step where a note stands for the half of a
        // step around it, so a reduced line sounds from its step's start to its end.
        let reach: Double
        if inside.count <= capacity {
            points = source.drawnIndices(forX: range).filter { ys[$0].isFinite }.map { index in
                (index, Note(time: time(dataset.xs[index]), frequency: pitch(ys[index])))
            }
            reach = 0
        } else {
            let steps = capacity / 2
            points = Self.extremes(of: ys, in: dataset, overX: range, steps: steps, duration: duration).map { point in
                (point.index, Note(time: point.time, frequency: pitch(ys[point.index])))
            }
            reach = duration / Double(steps) / 4
        }
        runs = Self.runs(through: points, ys: ys, gaps: source.gaps, duration: duration, reach: reach,
                         shortest: audiograph.minimumStepSeconds)
    }

    /// The lowest and highest finite value of each of `steps` equal slices of x in
    /// `range`, in x order, timed at a quarter and three quarters of the slice's time.
    /// - Complexity: O(n + steps log n).
    private static func extremes(of ys: ValueColumn<Double>, in dataset: Dataset, overX range: ClosedRange<Double>, steps: Int,
                                 duration: Double) -> [(index: Int, time: Double)] {
        let low = range.lowerBound, halfWidth = range.upperBound / 2 - low / 2
        func boundary(_ k: Int) -> Int {
            guard k < steps else { return dataset.firstIndex(atOrAfterX: range.upperBound.nextUp) }
            let share = Double(k) / Double(steps)
            return dataset.firstIndex(atOrAfterX: low + share * halfWidth + share * halfWidth)
        }
        var result: [(index: Int, time: Double)] = []
        result.reserveCapacity(2 * steps)
        var start = boundary(0)
        for k in 0..<steps {
            let end = boundary(k + 1)
            defer { start = end }
            var lowest: Int?, highest: Int?
            for i in start..<end where ys[i].isFinite {
                if lowest.map({ ys[i] < ys[$0] }) ?? true { lowest = i }
                if highest.map({ ys[i] > ys[$0] }) ?? true { highest = i }
            }
            guard let lowest, let highest else { continue }
            let stepSeconds = duration / Double(steps)
            result.append((min(lowest, highest), (Double(k) + 0.25) * stepSeconds))
            result.append((max(lowest, highest), (Double(k) + 0.75) * stepSeconds))
        }
        return result
    }

    /// `points` (ascending index) cut into runs where the line between neighbours breaks,
    /// each sounding `reach` seconds before its first note and after its last, at least
    /// `shortest` seconds long, clipped to the sweep and not overlapping.
    /// - Complexity: O(n) for the n points between the first and the last.
    private static func runs(through points: [(index: Int, note: Note)], ys: ValueColumn<Double>, gaps: XGaps, duration: Double,
                             reach: Double, shortest: Double) -> [Run] {
        var runs: [Run] = []
        var notes: [Note] = []
        func close() {
            guard let first = notes.first, let last = notes.last else { return }
            var start = first.time - reach, end = last.time + reach
            if end - start < shortest {
                let middle = (start + end) / 2
                (start, end) = (middle - shortest / 2, middle + shortest / 2)
            }
            start = max(start, runs.last?.end ?? 0, 0)
            end = min(end, duration)
            if end > start { runs.append(Run(start: start, end: end, notes: notes)) }
            notes = []
        }
        var previous: Int?
        for point in points {
            if let previous, !connected(previous, point.index, ys: ys, gaps: gaps) { close() }
            notes.append(point.note)
            previous = point.index
        }
        close()
        return runs
    }

    /// Whether the line runs unbroken from point `i` to point `j` (`i <= j`): no gap in
    /// x between them and no gap in y from one to the other.
    private static func connected(_ i: Int, _ j: Int, ys: ValueColumn<Double>, gaps: XGaps) -> Bool {
        i == j || !gaps.separates(i, j) && ys[i...j].allSatisfy(\.isFinite)
    }
}
