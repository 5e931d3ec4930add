import Foundation

/// Moves the instants of a followed file's later lines to the wall clock of `zone`,
/// going on from where the first read's `moveToWallClock` left off, so that rows stay
/// ascending across a batch boundary and across a change of the clocks.
///
/// The points already shown cannot move any more, so where clocks go back after the
/// first read, the two hours of instants after the change are squeezed into the one
/// hour the wall clock shows after it, at half speed (the first read squeezes the hour
/// before and the hour after instead); labels there are half an hour off at most, and
/// no row is dropped for going back.
struct WallClockFollower {
    private let zone: TimeZone
    /// The last instant moved, in UTC.
    private var last: Double
    /// The offset at `last`, and the zone's next change after it.
    private var offset: Double
    private var nextChange: Double
    /// Instants in `start..<end` go to the wall clock from `wall` on at half speed.
    private var squeeze: (start: Double, end: Double, wall: Double)?

    /// Goes on after the instant `last` (UTC), which the first read moved.
    init(after last: Double, zone: TimeZone = .current) {
        self.zone = zone
        self.last = last
        offset = Self.offset(zone, last)
        nextChange = Self.change(zone, after: last)
        // The first read's squeeze around a change just before `last` goes on.
        let before = Self.offset(zone, last - Self.longestShift)
        if before > offset {
            let change = Self.change(zone, after: last - Self.longestShift)
            let drop = before - offset
            if last < change + drop { squeeze = (change - drop, change + drop, change - drop + before) }
        }
    }

    /// The longest shift of a zone's clocks looked back for, seconds.
    private static let longestShift = 2 * 3600.0

    /// `x` (UTC, at or after the last) on the wall clock.
    mutating func move(_ x: Double) -> Double {
        if x >= nextChange {
            let before = offset
            let change = nextChange
            offset = Self.offset(zone, x)
            let after = Self.offset(zone, change)
            nextChange = Self.change(zone, after: x)
            if after < before, last < change {
                let drop = before - after
                squeeze = (change, change + 2 * drop, change + before)
            }
        }
        last = x
        if let window = squeeze, x >= window.start, x < window.end {
            return window.wall + (x - window.start) / 2
        }
        return x + offset
    }

    private static func offset(_ zone: TimeZone, _ x: Double) -> Double {
        Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: x)))
    }

    private static func change(_ zone: TimeZone, after x: Double) -> Double {
        zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: x))?.timeIntervalSince1970 ?? .infinity
    }
}
