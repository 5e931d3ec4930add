import ArgumentParser
import ChartData

extension ScaleOptions {
    /// Refuses, before any file is read, a y range given for an axis asked logarithmic
    /// that reaches 0 or below, which that axis has no place for: `--y-range` with
    /// `--log-y`, `--y2-range` with `--log-y2`, named as given.
    func refuseNonPositive(yRange: RangeArgument?, y2Range: RangeArgument?) throws {
        for (range, option, flag, asked) in [(yRange, "--y-range", "--log-y", logY), (y2Range, "--y2-range", "--log-y2", logY2)] {
            guard asked, let range, let lower = range.lower.number, lower <= 0 else { continue }
            throw ValidationError("\(option) \(DisplayText.quoted(range.given)): a log axis (\(flag)) holds only values above 0")
        }
    }
}
