extension Dataset {
    /// The most series one stack holds (the stack shader's weights and columns).
    public static let maxStackedSeries = 16

    /// The sums of `series` at point `index` the way a diverging stack draws them: the
    /// positive values up from zero, the negative ones down from it (a missing value
    /// counts as zero).
    /// - Complexity: O(series count).
    public func stackSums(at index: Int, of series: [Int]) -> (positive: Double, negative: Double) {
        var positive = 0.0, negative = 0.0
        for member in series {
            let y = self.series[member].ys[index]
            if y > 0 { positive += y } else if y < 0 { negative += y }
        }
        return (positive, negative)
    }

    /// Range indexes of the sums a diverging stack of `members` reaches at each x: the
    /// positive values' (up from zero) and, where any value is negative, the negative
    /// values' (down from zero); what a y fit of the stack reads.
    /// - Complexity: O(n × members), column by column.
    public func stackTotals(of members: [Int]) -> (upper: RangeMinMax, lower: RangeMinMax?) {
        var positives = [Double](repeating: 0, count: count)
        var negatives: [Double] = []
        for member in members {
            let column = series[member].ys
            for i in positives.indices {
                let value = column[i]
                if value > 0 {
                    positives[i] += value
                } else if value < 0 {
                    // Made at the first negative value: most stacks have none.
                    if negatives.isEmpty { negatives = [Double](repeating: 0, count: count) }
                    negatives[i] += value
                }
            }
        }
        return (RangeMinMax(ys: positives), negatives.isEmpty ? nil : RangeMinMax(ys: negatives))
    }

    /// Series `member`'s share, 0…1, of the sum of `series` at point `index`, as a stack
    /// of shares draws it: negative and missing values count as zero. Worked out on
    /// values scaled by the largest, so values near ±1.8e308 share without overflow;
    /// `nil` where the sum is zero.
    /// - Complexity: O(series count).
    public func share(of member: Int, at index: Int, among series: [Int]) -> Double? {
        func part(_ s: Int) -> Double {
            let y = self.series[s].ys[index]
            return y > 0 && y.isFinite ? y : 0
        }
        let largest = series.map(part).max() ?? 0
        guard largest > 0 else { return nil }
        let total = series.reduce(0.0) { $0 + part($1) / largest }
        return part(member) / largest / total
    }

    /// Throws when a stack would hold more series than one can draw.
    /// - Throws: `DataLoadError.usage`, naming the file and what to do.
    public func requireDrawableStacks() throws {
        guard flags.contains(.stacked) || flags.contains(.percentage) else { return }
        for (kind, word) in [(Series.Kind.bar, "bars"), (.area, "areas")] {
            let count = series.filter { $0.kind == kind }.count
            guard count > Self.maxStackedSeries else { continue }
            throw DataLoadError.usage(file: source, message: "\(count) series are stacked as \(word), and a stack holds at most "
                                      + "\(Self.maxStackedSeries); pick up to \(Self.maxStackedSeries) with --y")
        }
    }
}
