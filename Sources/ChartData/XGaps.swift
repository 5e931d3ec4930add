/// Where x jumps far beyond its usual spacing (a year a weather station was offline, a
/// market closed for the night): the line breaks there, as at a gap in y, in every view
/// and at every level of detail, and the highlight shows no value inside.
///
/// A step between neighbouring x breaks the line when it is over `factor` (10) times the
/// median spacing, the median of the positive steps (repeated x are not spacing). The
/// median is taken once, when the data source is built.
public struct XGaps: Equatable, Sendable {
    /// How many times the median spacing a step must exceed to break the line.
    public static let factor = 10.0
    /// The most steps the median spacing is taken from.
    public static let sampleSize = 65_537

    /// The usual spacing of x, data units; `nil` with fewer than two distinct x.
    public let medianSpacing: Double?
    /// A step longer than this breaks the line, data units (`.infinity` when gaps are
    /// connected or there is no spacing).
    public let threshold: Double
    /// The index of the point before each gap, ascending: `xs[i + 1] − xs[i] > threshold`.
    public let starts: [Int]

    /// No gaps: every point joined to the next (`--connect-gaps`).
    public static let connected = XGaps(medianSpacing: nil, threshold: .infinity, starts: [])

    init(medianSpacing: Double?, threshold: Double, starts: [Int]) {
        self.medianSpacing = medianSpacing
        self.threshold = threshold
        self.starts = starts
    }

    /// The gaps of `xs` (ascending).
    /// - Complexity: O(n) (evenly spaced x: O(1)).
    public init(xs: XValues) {
        let spacing = Self.medianSpacing(of: xs)
        let threshold = spacing.map { $0 * Self.factor } ?? .infinity
        var starts: [Int] = []
        if !xs.isRegular, threshold.isFinite {
            var previous = xs.first ?? 0
            for i in 1..<max(xs.count, 1) {
                let x = xs[i]
                if x - previous > threshold { starts.append(i - 1) }
                previous = x
            }
        }
        self.init(medianSpacing: spacing, threshold: threshold, starts: starts)
    }

    /// The median of the positive, finite steps between neighbouring x (the lower of the
    /// middle two for an even count), or `nil` when there is none. Up to `sampleSize`
    /// steps it is exact; a longer series is read at `sampleSize` evenly spread steps,
    /// the two ends included, which places it among the middle steps of any data that
    /// is not built to fool it, at a fixed cost.
    /// - Complexity: O(m log m), m = min(n, sampleSize); O(1) for evenly spaced x.
    public static func medianSpacing(of xs: XValues) -> Double? {
        guard xs.count >= 2 else { return nil }
        if xs.isRegular { return xs[1] - xs[0] }
        let steps = xs.count - 1
        let count = min(steps, sampleSize)
        var sample: [Double] = []
        sample.reserveCapacity(count)
        for k in 0..<count {
            let i = count < steps ? Int(Double(k) * Double(steps - 1) / Double(count - 1)) : k
            let step = xs[i + 1] - xs[i]
            if step > 0, step.isFinite { sample.append(step) }
        }
        guard !sample.isEmpty else { return nil }
        sample.sort()
        return sample[(sample.count - 1) / 2]
    }

    /// The position in `starts` of the first gap starting at or after point `index`.
    /// - Complexity: O(log gaps).
    private func firstStart(atOrAfter index: Int) -> Int {
        starts.partitionPoint { $0 < index }
    }

    /// Whether a gap lies between points `i` and `j` (`i < j`), which a line from one to
    /// the other would cross.
    /// - Complexity: O(log gaps).
    public func separates(_ i: Int, _ j: Int) -> Bool {
        let k = firstStart(atOrAfter: i)
        return k < starts.count && starts[k] < j
    }

    /// The offsets in `indices` (ascending point indices: a level of detail's, or a
    /// stretch of every point) after which the line drawn through them breaks: those
    /// whose segment to the next index crosses a gap.
    /// - Complexity: O(g log n) for g gaps among the indices.
    public func breaks<Indices: RandomAccessCollection>(along indices: Indices) -> [Int]
        where Indices.Element: BinaryInteger, Indices.Index == Int {
        guard indices.count >= 2, !starts.isEmpty else { return [] }
        let base = indices.startIndex
        let last = Int(indices[indices.endIndex - 1])
        var result: [Int] = []
        var k = firstStart(atOrAfter: Int(indices[base]))
        while k < starts.count, starts[k] < last {
            // The last index at or before the gap's start: its segment crosses the gap.
            let start = starts[k]
            let offset = indices.partitionPoint { Int($0) <= start } - 1 - base
            if result.last != offset { result.append(offset) }
            k += 1
        }
        return result
    }
}
