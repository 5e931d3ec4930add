/// Shares written as whole percents that add up to 100, as a pie's labels must: each
/// share rounded down, then the points still missing given one each to the shares that
/// lost most in rounding (the largest remainder method; ties go to the larger share,
/// then to the earlier one).
public enum WholePercents {
    /// Whole percents of `shares` (fractions of a whole, 0…1): 100 in all when the shares
    /// add up to 1, all 0 when they add up to 0.
    /// - Complexity: O(n log n).
    public static func of(_ shares: [Double]) -> [Int] {
        let total = shares.reduce(0, +)
        guard total > 0, total.isFinite else { return shares.map { _ in 0 } }
        let exact = shares.map { max($0, 0) / total * 100 }
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
