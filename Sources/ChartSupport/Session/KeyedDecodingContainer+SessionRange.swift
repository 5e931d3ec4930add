extension KeyedDecodingContainer {
    /// The range the session keeps under `key` as `[lower, upper]` (a measure's ends, an
    /// axis's y set by hand), read leniently: anything but two finite numbers, lower
    /// first, is `nil` (that field takes its default), never an error that costs the
    /// session.
    /// - Parameter allowingEqualEnds: whether `lower == upper` is a range: a measure may
    ///   run from a point to itself, while an axis needs a height.
    func sessionRange(forKey key: Key, allowingEqualEnds: Bool) -> ClosedRange<Double>? {
        guard let pair = try? decode([Double].self, forKey: key), pair.count == 2, pair.allSatisfy(\.isFinite),
              allowingEqualEnds ? pair[0] <= pair[1] : pair[0] < pair[1] else { return nil }
        return pair[0]...pair[1]
    }
}
