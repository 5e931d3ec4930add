import ArgumentParser
import ChartData
import ChartSupport

/// `A:B` on the command line, with A before B: numbers in data units, or calendar
/// bounds for a time x axis: dates (`2020-01-01:2020-12-31`,
/// `2020-03-01T09:30:2020-03-01T17:00`), years (`2020:2021`) and months
/// (`2020-03:2020-06`). A bound without a time of day covers its whole day, month or
/// year: as the start it starts it, as the end it ends it, so `2020:2021` is two years.
/// A year, a month or a date alone (`2020`) is that one period.
struct RangeArgument {
    enum Bound: Equatable {
        case number(Double)
        /// Four digits: a year on a time axis, a number on any other.
        case year(Int)
        /// `YYYY-MM`.
        case month(year: Int, month: Int)
        /// Unix seconds, and whether a time of day was given.
        case date(seconds: Double, hasTime: Bool)
        /// A date and time with a zone (`2020-01-31T10:00Z`): Unix seconds of that
        /// instant, moved to the axis' clock where it shows local time (`inClock`).
        case instant(Double)

        /// Where the bound starts, Unix seconds; `nil` for a number.
        var startSeconds: Double? {
            switch self {
            case .number: nil
            case let .year(year): Self.seconds(year: year, month: 1)
            case let .month(year, month): Self.seconds(year: year, month: month)
            case let .date(seconds, _), let .instant(seconds): seconds
            }
        }

        /// Where the bound ends, Unix seconds: the start of the next year, month or day
        /// for a bound without a time; `nil` for a number.
        var endSeconds: Double? {
            switch self {
            case .number: nil
            case let .year(year): Self.seconds(year: year + 1, month: 1)
            case let .month(year, month): month == 12 ? Self.seconds(year: year + 1, month: 1) : Self.seconds(year: year, month: month + 1)
            case let .date(seconds, hasTime): hasTime ? seconds : seconds + 86_400
            case let .instant(seconds): seconds
            }
        }

        /// The bound as a number, where it can be read as one.
        var number: Double? {
            switch self {
            case let .number(value): value
            case let .year(year): Double(year)
            case .month, .date, .instant: nil
            }
        }

        /// Whether it names a whole period (a year, a month, a day), whose end is the
        /// midnight that starts the next.
        var isPeriod: Bool {
            switch self {
            case .number, .date(_, hasTime: true), .instant: false
            case .year, .month, .date(_, hasTime: false): true
            }
        }

        private static func seconds(year: Int, month: Int) -> Double {
            Double(CivilCalendar.days(year: year, month: month, day: 1)) * 86_400
        }
    }

    var lower: Bound
    var upper: Bound
    /// The range as typed on the command line, for messages that name it.
    var typed = ""

    /// What every command's `--x-range` help says after naming the range.
    static let xHelp = "A:B: numbers in data units (--x-range=-5:10), or on a date axis dates (2020-01-01:2020-12-31), "
        + "months (2020-03:2020-06) or years (2020:2021), each end taking its whole day, month or year; "
        + "a year, month or date alone is that period; dates may be written as files export them "
        + "(31.01.2020, \"Jan 31, 2020\", 2020/01/31)"

    /// The range in `text`, or an error saying what is wrong with it (an option's
    /// `transform`, so the message says why).
    @Sendable static func parsing(_ text: String) throws -> RangeArgument {
        // Times have colons too: the split is the one colon with a bound on each side.
        let colons = text.indices.filter { text[$0] == ":" }
        let splits = colons.compactMap { colon -> RangeArgument? in
            guard let a = bound(text[..<colon]), let b = bound(text[text.index(after: colon)...]) else { return nil }
            return RangeArgument(lower: a, upper: b)
        }
        guard var range = splits.first ?? period(text) else {
            if let single = bound(Substring(text)) {
                throw ValidationError(single.number != nil
                    ? "give A:B, two numbers (a number alone is no range)"
                    : "give A:B; a date with a time alone is no range")
            }
            if let ambiguity = slashDateAmbiguity(in: Substring(text)) { throw ValidationError(ambiguity) }
            throw ValidationError(colons.isEmpty
                ? "give A:B, two numbers or two dates"
                : "A and B must be numbers or dates like 2020-01-31, 2020-01-31T09:30, 2020-01 or 2020")
        }
        // Two years are read as calendar periods here; as numbers they are ordered alike.
        let isCalendar = range.lower.startSeconds != nil && range.upper.startSeconds != nil
        if !isCalendar, let a = range.lower.number, let b = range.upper.number {
            guard a.isFinite, b.isFinite else { throw ValidationError("A and B must be finite numbers") }
            try ordered(a, b)
        } else if isCalendar, let a = range.lower.startSeconds, let b = range.upper.endSeconds, let bStart = range.upper.startSeconds {
            // 2024:2023 ends where it starts, but it is a reversed range, not an empty one.
            guard a <= bStart else { throw ValidationError("the range is reversed (A is after B)") }
            try ordered(a, b)
        } else {
            throw ValidationError("A and B must both be numbers or both be dates")
        }
        range.typed = text
        return range
    }

    /// A year, a month or a date without a time, alone: that one period.
    private static func period(_ text: String) -> RangeArgument? {
        guard let single = bound(Substring(text)), single.isPeriod else { return nil }
        return RangeArgument(lower: single, upper: single)
    }

    static func bound(_ text: Substring) -> Bound? {
        func digits(_ part: Substring) -> Int? { part.allSatisfy { $0.isASCII && $0.isNumber } ? Int(part) : nil }
        if text.count == 4, let year = digits(text) { return .year(year) }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = digits(parts[0]), let month = digits(parts[1]),
           (1...12).contains(month) {
            return .month(year: year, month: month)
        }
        if let number = Double(text) { return .number(number) }
        if let seconds = DateParser.unixSeconds(from: String(text)) {
            return DatePattern.commandLineHasZone(String(text)) ? .instant(seconds) : .date(seconds: seconds, hasTime: text.count > 10)
        }
        // The forms files export dates in (31.01.2020, Jan 31, 2020; 1/31/2020 where 31 says which is the day).
        return DatePattern.commandLineSeconds(from: String(text)).map {
            DatePattern.commandLineHasZone(String(text)) ? .instant($0.seconds) : .date(seconds: $0.seconds, hasTime: $0.hasTime)
        }
    }

    private static func ordered(_ a: Double, _ b: Double) throws {
        guard a < b else { throw ValidationError(a == b ? "the range is empty (A equals B)" : "the range is reversed (A is after B)") }
    }

    /// The range in the data's x units. On a time axis, calendar bounds become Unix
    /// seconds × the axis' units per second (a year's start or end, a month's, a day's),
    /// and numbers are x itself; on any other axis, four digits are the number they spell.
    /// - Throws: exit 64 with a message naming `file` for dates on an axis that is not
    ///   time, or for a range that is empty once read as numbers.
    func resolved(for kind: XAxisKind, option: String, file: String) throws -> ClosedRange<Double> {
        if case let .time(unitsPerSecond) = kind, option != "--y-range" {
            if let low = lower.startSeconds, let high = upper.endSeconds {
                return (low * unitsPerSecond)...(high * unitsPerSecond)
            }
            // A year beside a plain number: neither reading is surely what was meant.
            guard lower.startSeconds == nil, upper.startSeconds == nil else {
                throw CommandSupport.fail(message: "\(option) must be two numbers (x itself) or two dates, months or years, "
                                              + "not one of each", code: 64)
            }
        }
        guard let low = lower.number, let high = upper.number else {
            throw CommandSupport.fail(message: option.hasPrefix("--y")
                ? "\(option) takes y values (numbers), not dates"
                : "\(option) takes dates only where x is a date or time; "
                    + "x in \(DisplayText.quoted(file)) is numbers, so give numbers", code: 64)
        }
        guard low < high else {
            // Only a year alone (or twice) gets here: numbers were ordered when parsed.
            throw CommandSupport.fail(message: "\(option) \(Int(low)) alone is a year, and "
                                          + (option.hasPrefix("--y") ? "y is numbers" : "x in \(DisplayText.quoted(file)) is numbers")
                                          + ": give A:B", code: 64)
        }
        return low...high
    }

    /// The range as `resolved` gives it, less the midnight that ends a bound given
    /// without a time: the points of the days (months, years) named, not the first of the
    /// one after (a summary of March counts March's points; a picture of March may show
    /// April's first at its edge).
    func resolvedForPoints(for kind: XAxisKind, option: String, file: String) throws -> ClosedRange<Double> {
        let range = try resolved(for: kind, option: option, file: file)
        guard case .time = kind, upper.isPeriod, range.upperBound.nextDown >= range.lowerBound else { return range }
        return range.lowerBound...range.upperBound.nextDown
    }
}

extension RangeArgument {
    /// The range's points as `resolvedForPoints` gives them, once the one rule every
    /// command applies holds: some x in them has a finite value in some series.
    /// - Throws: `emptyFailure` (exit 65) when no finite point lies in the range.
    /// - Complexity: O(log n + points in range × series) at most; it stops at the first
    ///   finite point.
    func requiringData(in dataset: Dataset, option: String = "--x-range") throws -> ClosedRange<Double> {
        let points = try inClock(of: dataset).resolvedForPoints(for: dataset.xKind, option: option, file: dataset.source)
        let xs = dataset.xs
        let first = xs.partitionPoint { $0 < points.lowerBound }
        let end = max(first, xs.partitionPoint { $0 <= points.upperBound })
        guard (first..<end).contains(where: { i in dataset.series.contains { $0.ys[i].isFinite } }) else {
            throw emptyFailure(try resolved(in: dataset, option: option), in: dataset, option: option)
        }
        return points
    }

    /// The refusal of an x range with no data in it, the same from every command: the
    /// range asked for and where the data is, exit 65. A range that misses the data is a
    /// wrong range: an empty picture, silence or "no points" would let a script carry on
    /// as if it had what it asked for.
    /// - Parameter range: this range as `resolved` gave it.
    private func emptyFailure(_ range: ClosedRange<Double>, in dataset: Dataset, option: String) -> ExitCode {
        let kind = dataset.xKind
        var end = range.upperBound
        // A period's end is the midnight after it: named by its last day.
        if case let .time(unitsPerSecond) = kind, upper.isPeriod { end -= 86_400 * unitsPerSecond }
        let label = { (x: Double) in ChartSummary.boundLabel(x, kind: kind) }
        var message = "\(DisplayText.quoted(dataset.source)) has no data in \(option) "
            + "(from \(label(range.lowerBound)) to \(label(max(end, range.lowerBound))))"
        if let first = dataset.xs.first, let last = dataset.xs.last {
            message += "; its data runs from \(label(first)) to \(label(last))"
        }
        return CommandSupport.fail(message: message, code: 65)
    }
}
