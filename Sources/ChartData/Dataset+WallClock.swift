import Foundation

extension Dataset {
    /// Moves instants read in UTC to the wall clock of `zone` (the machine's by default),
    /// each by the zone's offset at that instant (summer time included), so that the axis,
    /// which counts its days and hours in UTC, labels them as that zone's clocks read.
    ///
    /// Where clocks go back, the wall clock shows an hour twice: the two hours of
    /// instants around the change are squeezed into that one hour at half speed, so x
    /// stays ascending and the line goes on (its labels there are half an hour off at
    /// most). Where clocks go forward, the hour they skip has no instants.
    /// - Complexity: O(n), one zone lookup per stretch of constant offset.
    mutating func moveToWallClock(of zone: TimeZone = .current) {
        instantsInLocalTime = true
        guard zone.secondsFromGMT() != 0 || zone.nextDaylightSavingTimeTransition != nil, !xs.isEmpty else { return }
        var offset = 0.0
        // The offset holds from `validFrom` up to `validUntil`, the zone's next change.
        var validFrom = Double.infinity, validUntil = -Double.infinity
        // Instants in `start..<end` go to the wall clock from `wall` on at half speed.
        var squeeze: (start: Double, end: Double, wall: Double)?
        var moved = [Double]()
        moved.reserveCapacity(xs.count)
        for x in xs {
            if !(x >= validFrom && x < validUntil) {
                let (before, change) = (offset, validUntil)
                let date = Date(timeIntervalSince1970: x)
                offset = Double(zone.secondsFromGMT(for: date))
                validFrom = x
                validUntil = zone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970 ?? .infinity
                if !moved.isEmpty, x >= change, offset < before {
                    let drop = before - offset
                    let window = (start: change - drop, end: change + drop, wall: change - drop + before)
                    squeeze = window
                    // The instants before the change, already moved by the old offset.
                    var j = moved.count - 1
                    while j >= 0, xs[j] >= window.start, xs[j] < change {
                        moved[j] = window.wall + (xs[j] - window.start) / 2
                        j -= 1
                    }
                }
            }
            if let window = squeeze, x >= window.start, x < window.end {
                moved.append(window.wall + (x - window.start) / 2)
            } else {
                moved.append(x + offset)
            }
        }
        xs = XValues(moved)
    }
}
