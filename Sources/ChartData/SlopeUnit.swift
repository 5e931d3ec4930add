/// What a slope (y units per x unit) is given per: on a time axis a calendar unit that
/// suits the span, x's own unit otherwise. The measure picks among all the time units,
/// `describe` among an hour and a day (`suiting(span:on:among:)`).
public enum SlopeUnit: String, Equatable, Sendable, CaseIterable {
    case second, minute, hour, day, year
    case xUnit = "x"

    /// Seconds in the unit (a year is the Gregorian average); `nil` for x's own unit.
    public var seconds: Double? {
        switch self {
        case .second: 1
        case .minute: 60
        case .hour: 3600
        case .day: 86_400
        case .year: CivilCalendar.averageYearSeconds
        case .xUnit: nil
        }
    }

    /// "a day", "an hour", "per unit of x".
    public var words: String {
        switch self {
        case .hour: "an hour"
        case .xUnit: "per unit of x"
        default: "a \(rawValue)"
        }
    }

    /// x units in one of this unit on an axis of `kind` (1 for x's own unit or on a
    /// number axis).
    public func xUnits(on kind: XAxisKind) -> Double {
        guard case let .time(unitsPerSecond) = kind, let seconds else { return 1 }
        return seconds * unitsPerSecond
    }

    /// The unit a slope over `span` (x units) is given per: on a time axis the largest
    /// of `units` that the span holds twice (a change per unit is then no larger than
    /// what is in view), the smallest where it holds none twice; `.xUnit` otherwise.
    /// - Parameter units: time units to choose from, ascending.
    public static func suiting(span: Double, on kind: XAxisKind,
                               among units: [SlopeUnit] = [.second, .minute, .hour, .day, .year]) -> SlopeUnit {
        guard case let .time(unitsPerSecond) = kind, let smallest = units.first else { return .xUnit }
        let seconds = span / unitsPerSecond
        return units.last { unit in (unit.seconds ?? .infinity) * 2 <= seconds } ?? smallest
    }
}
