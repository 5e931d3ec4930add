import ChartData
import Foundation

/// A bound with a zone (`2020-01-31T10:00Z`, `…+01:00`) names an instant. Where the
/// file's instants are shown in local time, the axis counts the local wall clock
/// (`Dataset.moveToWallClock`), so the bound is moved there too; read as it was, the
/// zone would be dropped and the range hours off.
extension RangeArgument {
    /// This range on `dataset`'s clock.
    func inClock(of dataset: Dataset) -> RangeArgument {
        var moved = self
        moved.lower = lower.inClock(of: dataset)
        moved.upper = upper.inClock(of: dataset)
        return moved
    }

    /// `resolved(for:option:file:)` for `dataset`'s axis, on its clock.
    func resolved(in dataset: Dataset, option: String = "--x-range") throws -> ClosedRange<Double> {
        try inClock(of: dataset).resolved(for: dataset.xKind, option: option, file: dataset.source)
    }
}

extension RangeArgument.Bound {
    /// An instant on `dataset`'s clock: moved by the local zone's offset at that
    /// instant where the file's instants are shown in local time, else as it is.
    func inClock(of dataset: Dataset) -> Self {
        guard case let .instant(seconds) = self, dataset.instantsInLocalTime else { return self }
        let offset = TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
        return .instant(seconds + Double(offset))
    }
}
