import ChartMarks

/// The window's audiograph while it plays: the series, the x range it sweeps and how
/// long, and where the sweep stands after some seconds of sound, so the cursor drawn
/// on the chart and the info board keep in step with what is heard.
///
/// Time comes from the audio clock (the seconds of sound the device has taken), not
/// the frame clock: the cursor must stand where the sound is, even if frames are late.
public struct AudiographPlayback: Equatable, Sendable {
    /// The series played, an index into the dataset.
    public let series: Int
    /// The x range swept, data units, left to right.
    public let xRange: ClosedRange<Double>
    /// The sweep's length, seconds.
    public let duration: Double

    /// - Precondition: `duration` is positive.
    public init(series: Int, xRange: ClosedRange<Double>, duration: Double) {
        precondition(duration > 0, "AudiographPlayback: the duration must be positive")
        self.series = series
        self.xRange = xRange
        self.duration = duration
    }

    /// The x the sweep stands at after `seconds` of sound, data units: moving at an
    /// even pace from the range's start (at 0 and before) to its end; `nil` once the
    /// sweep is over.
    public func cursorX(afterSeconds seconds: Double) -> Double? {
        guard !isFinished(afterSeconds: seconds) else { return nil }
        let share = min(max(seconds / duration, 0), 1)
        // Halves: the difference of the range's ends may overflow near ±1.8e308.
        let halfWidth = xRange.upperBound / 2 - xRange.lowerBound / 2
        return xRange.lowerBound + share * halfWidth + share * halfWidth
    }

    /// Whether the sweep has ended after `seconds` of sound.
    public func isFinished(afterSeconds seconds: Double) -> Bool { seconds >= duration }

    /// The series the `a` key plays: `focused` (the legend entry the keyboard's focus is
    /// on, where there is one) if it is shown, else the first series shown; `nil` when
    /// every series is hidden.
    public static func series(toPlayIn lines: SeriesLinesController, focused: Int? = nil) -> Int? {
        // Candlesticks are heard by their close, whichever of their four is asked for.
        func heard(_ series: Int) -> Int {
            guard let columns = lines.composition.candles, columns.contains(series) else { return series }
            return columns.close
        }
        if let focused, lines.dataset.series.indices.contains(focused), lines.isVisible(focused) { return heard(focused) }
        return lines.visibleSeries.first.map(heard)
    }
}
