import ArgumentParser
import ChartData

/// `A:B` on the command line, with A before B: numbers in data units, or dates
/// (`2020-01-01:2020-12-31`, `2020-03-01T09:30:2020-03-01T17:00`) for a time x axis.
/// A date without a time as the end means the end of that day, so a range of days
/// includes its last one.
struct RangeArgument {
    enum Bound: Equatable {
        case number(Double)
        /// Unix seconds, and whether a time of day was given.
        case date(seconds: Double, hasTime: Bool)
    }

    var lower: Bound
    var upper: Bound

    /// The range in `text`, or an error saying what is wrong with it (an option's
    /// `transform`, so the message says why).
    @Sendable static func parsing(_ text: String) throws -> RangeArgument {
        // Times have colons too: the split is the one colon with a bound on each side.
        let colons = text.indices.filter { text[$0] == ":" }
        let splits = colons.compactMap { colon -> RangeArgument? in
            guard let a = bound(text[..<colon]), let b = bound(text[text.index(after: colon)...]) else { return nil }
            return RangeArgument(lower: a, upper: b)
        }
        guard let range = splits.first else {
            throw ValidationError(colons.isEmpty
                ? "give A:B, two numbers or two dates"
                : "A and B must be numbers or dates like 2020-01-31 or 2020-01-31T09:30")
        }
        switch (range.lower, range.upper) {
        case let (.number(a), .number(b)):
            guard a.isFinite, b.isFinite else { throw ValidationError("A and B must be finite numbers") }
            try ordered(a, b)
        case let (.date(a, _), .date(b, bHasTime)):
            try ordered(a, bHasTime ? b : b + 86_400)
        default:
            throw ValidationError("A and B must both be numbers or both be dates")
        }
        return range
    }

    private static func bound(_ text: Substring) -> Bound? {
        if let number = Double(text) { return .number(number) }
        guard let seconds = DateParser.unixSeconds(from: String(text)) else { return nil }
        return .date(seconds: seconds, hasTime: text.count > 10)
    }

    private static func ordered(_ a: Double, _ b: Double) throws {
        guard a < b else { throw ValidationError(a == b ? "the range is empty (A equals B)" : "the range is reversed (A is after B)") }
    }

    /// The range in the data's x units: dates become Unix seconds × the axis' units
    /// per second.
    /// - Throws: exit 64 with a message naming `file` for dates on an axis that is not time.
    func resolved(for kind: XAxisKind, option: String, file: String) throws -> ClosedRange<Double> {
        func value(_ bound: Bound, end: Bool) throws -> Double {
            switch bound {
            case let .number(number): return number
            case let .date(seconds, hasTime):
                guard case let .time(unitsPerSecond) = kind, option != "--y-range" else {
                    throw CommandSupport.fail(message: option == "--y-range"
                        ? "--y-range takes y values (numbers), not dates"
                        : "\(option) takes dates only where x is a date or time; "
                            + "x in \(DisplayText.quoted(file)) is numbers, so give numbers", code: 64)
                }
                return (end && !hasTime ? seconds + 86_400 : seconds) * unitsPerSecond
            }
        }
        return try value(lower, end: false)...value(upper, end: true)
    }

    /// The range as `resolved` gives it, less the midnight that ends a date given without
    /// a time: the points of the days named, not the first of the day after (a summary
    /// of March counts March's points; a picture of March may show April's first at its
    /// edge).
    func resolvedForPoints(for kind: XAxisKind, option: String, file: String) throws -> ClosedRange<Double> {
        let range = try resolved(for: kind, option: option, file: file)
        guard case .date(_, hasTime: false) = upper, range.upperBound.nextDown >= range.lowerBound else { return range }
        return range.lowerBound...range.upperBound.nextDown
    }
}
