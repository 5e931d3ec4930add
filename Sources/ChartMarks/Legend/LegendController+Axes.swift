import ChartGeometry

extension LegendController {
    /// What follows the name of a series read against the right axis: it points there.
    public static let rightAxisMark = " →"

    /// `names` with each series `composition` reads against the right axis marked, where
    /// the left one holds series too (with one axis in use there is nothing to tell apart).
    static func markingRightAxis(_ names: [String], _ composition: ChartComposition) -> [String] {
        let right = composition.series(on: .right)
        guard !right.isEmpty, !composition.series(on: .left).isEmpty else { return names }
        var marked = names
        for index in right where marked.indices.contains(index) { marked[index] += rightAxisMark }
        return marked
    }
}
