/// Shares written as whole percents that add up to 100, as a pie's labels must: each
/// share rounded down, then the points still missing given one each to the shares that
/// lost most in rounding (the largest remainder method; ties go to the larger share,
/// then to the earlier one).
public enum WholePercents {
    /// Whole percents of `shares` (fractions of a whole, 0…1; a negative or non-finite
    /// one counts as 0): 100 in all, or all 0 when nothing is left.
    /// - Complexity: O(n log n).
    public static func of(_ shares: [Double]) -> [Int] {
        // A negative or non-finite share counts as none, so every percent is 0…100.
        let parts = shares.map { $0.isFinite ? max($0, 0) : 0 }
        let total = parts.reduce(0, +)
        guard total > 0, total.isFinite else { return shares.map { _ in 0 } }
        let exact = parts.map { $0 / total * 100 }
        var percents = exact.map { Int($0.rounded(.down)) }
        let missing = 100 - percents.reduce(0, +)
        let order = exact.indices.sorted { a, b in
            let (ra, rb) = (exact[a] - Double(percents[a]), exact[b] - Double(percents[b]))
            if ra != rb { return ra > rb }
            if exact[a] != exact[b] { return exact[a] > exact[b] }
            return a < b
        }
        for index in order.prefix(max(missing, 0)) { percents[index] += 1 }
        return percents
    }
}
