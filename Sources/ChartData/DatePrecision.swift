/// How finely the data on a time axis are dated, read from their x values: a monthly
/// series as published (`1749-01`) stands at midnight on each month's first day, a
/// yearly one (`1992`) on each Jan 1, and a person reads its points as "Feb 1992" and
/// "1992", not as the day they happen to stand at. Derived, never stored, so a dataset
/// read from a file, a cache or a stream says the same.
public enum DatePrecision: Equatable, Sendable {
    /// Every x on a Jan 1 at midnight (so a year or more apart).
    case year
    /// Every x on a month's first day at midnight, 28 days or more apart.
    case month
    /// Days and times, each written as its own instant shows (`Mar 3, 2021 14:05`).
    case day

    /// The precision of `dataset`'s x values: `.day` on a number axis, with fewer than
    /// two points (one point says nothing of its neighbours), or where any x or step
    /// rules out months.
    /// - Complexity: O(n) for monthly and yearly data (whose n is at most the months
    ///   they span); daily and finer data stop at the first x or step that is not a
    ///   month's, O(1) for a regular day or time series.
    public static func of(_ dataset: Dataset) -> DatePrecision {
        guard case let .time(unitsPerSecond) = dataset.xKind else { return .day }
        return of(dataset.xs, unitsPerSecond: unitsPerSecond)
    }

    /// The precision of instants `xs` (ascending), `unitsPerSecond` to a second.
    /// - Complexity: as `of(_:)`.
    public static func of(_ xs: XValues, unitsPerSecond: Double) -> DatePrecision {
        guard xs.count >= 2 else { return .day }
        let day = 86_400.0
        var years = true
        var previous: Double?
        for x in xs {
            let seconds = x / unitsPerSecond
            // Whole days within ±10^15 s (beyond any calendar a file holds), so that the
            // conversion to Int below cannot trap.
            guard abs(seconds) <= 1e15, (seconds / day).rounded(.down) * day == seconds else { return .day }
            let date = CivilCalendar.date(fromDays: Int(seconds / day))
            guard date.day == 1 else { return .day }
            if date.month != 1 { years = false }
            if let previous {
                let step = seconds - previous
                // Distinct Jan 1s are a year or more apart: no step test of their own.
                guard step >= 28 * day else { return .day }
            }
            previous = seconds
        }
        return years ? .year : .month
    }
}
