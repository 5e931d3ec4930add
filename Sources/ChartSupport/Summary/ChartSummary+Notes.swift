import ChartData

extension ChartSummary {
    /// The summary with `notes` whose points lie in its range, ascending x.
    public func with(notes: [ChartNote]) -> ChartSummary {
        var summary = self
        summary.notes = notes.filter { range.contains($0.x) }.sorted { $0.x < $1.x }
        return summary
    }

    /// A sentence per note: where it stands and its text, escaped and cut as the chart
    /// shows it.
    var noteSentences: [String] {
        notes.map { "Note at \(xLabel($0.x)): \"\($0.displayText)\"." }
    }
}
