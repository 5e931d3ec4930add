/// What the x values mean, so axes can label them as numbers or as dates.
public enum XAxisKind: Equatable, Sendable {
    /// Plain numbers.
    case number
    /// Instants since 1970-01-01T00:00:00Z; `unitsPerSecond` is 1 for seconds (and for
    /// parsed dates), 1000 for milliseconds.
    case time(unitsPerSecond: Double)

    /// Guesses Unix timestamps from magnitude: whole numbers between 1973 and 2100 in
    /// seconds or in milliseconds. Checks the first and last values and a sample between.
    /// - Complexity: O(1).
    static func guessing(fromSorted xs: XValues) -> XAxisKind {
        guard let first = xs.first, let last = xs.last else { return .number }
        let sample = stride(from: 0, to: xs.count, by: max(xs.count / 64, 1)).map { xs[$0] } + [last]
        guard sample.allSatisfy({ $0 == $0.rounded() }) else { return .number }
        if first >= 1e8 && last <= 4.1e9 { return .time(unitsPerSecond: 1) }
        if first >= 1e11 && last <= 4.1e12 { return .time(unitsPerSecond: 1000) }
        return .number
    }
}
