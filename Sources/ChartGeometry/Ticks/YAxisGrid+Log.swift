extension YAxisGrid {
    /// The grid of a logarithmic axis showing plotted `range` (log10 units) `pixels`
    /// tall (`LogTicks`), keeping `current` while its ticks still suit.
    public init(logRange range: ClosedRange<Double>, pixels: Double, keeping current: YAxisGrid? = nil) {
        let ticks = LogTicks(range: range, pixels: pixels, keeping: current?.logTicks)
        if let current, current.logTicks == ticks {
            self = current
            return
        }
        self.init(step: ticks.smallestGap(in: range))
        logTicks = ticks
    }

    /// The unlabelled lines of a logarithmic axis in `range`, bottom first; none on a
    /// linear one.
    public func minorValues(in range: ClosedRange<Double>, pixels: Double) -> [Double] {
        logTicks?.minor(in: range, pixels: pixels) ?? []
    }
}
