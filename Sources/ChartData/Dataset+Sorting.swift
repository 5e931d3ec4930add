extension Dataset {
    /// Sorts rows by x, keeping the file's order among equal x, and records a warning.
    /// - Returns: whether the rows were sorted.
    /// - Complexity: O(n) when already sorted, else O(n log n).
    @discardableResult
    mutating func sortByXIfNeeded() -> Bool {
        // Evenly spaced x (a formula with a positive step) ascend already.
        guard !xs.isRegular, let firstDescent = xs.indices.dropLast().first(where: { xs[$0] > xs[$0 + 1] }) else {
            return false
        }
        let order = xs.indices.sorted { xs[$0] < xs[$1] || (xs[$0] == xs[$1] && $0 < $1) }
        xs = XValues(order.map { xs[$0] })
        for s in series.indices {
            let ys = series[s].ys
            series[s].ys = ValueColumn(order.map { ys[$0] })
        }
        warnings.append("\(DisplayText.escaped(source, limit: DataLoadError.pathLimit)): x is not sorted (data row \(firstDescent + 2) has a smaller x than the row before it); rows were sorted by x")
        return true
    }
}
