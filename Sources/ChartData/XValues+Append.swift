extension XValues {
    /// These values followed by `more` (ascending after them): still a formula when
    /// each new value is exactly the next of it, else an array.
    /// - Complexity: O(more.count) while evenly spaced; else O(count + more.count).
    public func appending(_ more: [Double]) -> XValues {
        guard !more.isEmpty else { return self }
        if isRegular, count >= 2 {
            let first = self[0], step = self[1] - self[0]
            if more.indices.allSatisfy({ more[$0] == first + Double(count + $0) * step }) {
                return XValues(first: first, step: step, count: count + more.count)
            }
        }
        // An array (or a mapped column) is copied whole (one memcpy) rather than read
        // value by value.
        var values = column ?? ValueColumn(Array(self))
        values.append(contentsOf: more)
        return count < 2 ? XValues(Array(values)) : XValues(explicit: values)
    }
}
