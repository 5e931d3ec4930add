/// What the x values mean, so axes can label them as numbers or as dates.
public enum XAxisKind: Equatable, Sendable {
    /// Plain numbers.
    case number
    /// Instants since 1970-01-01T00:00:00Z; `unitsPerSecond` is 1 for seconds (and for
    /// parsed dates), 1000 for milliseconds.
    case time(unitsPerSecond: Double)

    /// Guesses Unix timestamps from magnitude: values between 1973 and 2100 in seconds or
    /// in milliseconds, whole numbers, or with fractions (a 10 Hz log's `1700000000.1`)
    /// where the column's name says it holds time (`timeIsNamed`): a fraction alone is
    /// as likely an amount. Checks the first and last values and a sample between.
    /// - Complexity: O(1).
    static func guessing(fromSorted xs: XValues, named name: String? = nil) -> XAxisKind {
        guard let first = xs.first, let last = xs.last else { return .number }
        let sample = stride(from: 0, to: xs.count, by: max(xs.count / 64, 1)).map { xs[$0] } + [last]
        guard sample.allSatisfy({ $0 == $0.rounded() }) || name.map(timeIsNamed) == true else { return .number }
        if first >= 1e8 && last <= 4.1e9 { return .time(unitsPerSecond: 1) }
        if first >= 1e11 && last <= 4.1e12 { return .time(unitsPerSecond: 1000) }
        return .number
    }

    /// Whether a column's name says it holds instants: one of its words (split at
    /// anything not a letter) is time, timestamp, datetime, epoch, unix or ts.
    static func timeIsNamed(_ name: String) -> Bool {
        let words = name.lowercased().split { !$0.isLetter }
        return words.contains { ["time", "timestamp", "datetime", "epoch", "unix", "ts"].contains($0) }
    }
}
