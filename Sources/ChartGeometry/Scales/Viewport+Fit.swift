import ChartData

extension Viewport {
    /// Room above and below the data, as a fraction of its height.
    public static let fitMargin = 0.05

    /// The view that shows all of `dataset`, y fitted to it; `nil` when the dataset has
    /// no finite point.
    /// - Complexity: O(n × series count).
    public static func fitting(_ dataset: Dataset) -> Viewport? {
        guard let b = dataset.bounds else { return nil }
        return fitting(x: b.minX...b.maxX, y: (b.minY, b.maxY))
    }

    /// The view of x in `range` (all of the data when `nil`: half a step more either
    /// side for bars) with y fitted to the left axis's series in view (`ChartFit`);
    /// `nil` when no finite point is in view.
    /// - Parameter fit: the chart's fit, when there is one (it keeps a stack's totals).
    /// - Complexity: O(log n) per series (plus O(n) for a stack's totals without `fit`).
    public static func fitting(_ source: DataSource, x range: ClosedRange<Double>? = nil, fit: ChartFit? = nil) -> Viewport? {
        let fit = fit ?? ChartFit(source: source, composition: ChartComposition(dataset: source.dataset))
        guard !source.dataset.series.isEmpty, source.dataset.count > 0 else { return nil }
        let x = range ?? fit.composition.extent(of: source.dataset)
        guard let y = fit.y(for: .left, inX: x, visible: Array(source.dataset.series.indices))
                ?? fit.y(for: .right, inX: x, visible: Array(source.dataset.series.indices)) else { return nil }
        return fitting(x: x, fittedY: y)
    }

    /// y for data from `low` to `high`: `fitMargin` of its height above and below,
    /// never below zero for data that is not (a count, a price keeps its zero line
    /// out of view rather than below it); a flat line sits in the middle (from zero
    /// to twice its value where it is that near zero); always a
    /// valid, finite range.
    public static func fittedY(min low: Double, max high: Double) -> ClosedRange<Double> {
        // Clamped before the padding, so data out to ±1.79e308 still gives a finite view;
        // a flat line (one value, or one point) is padded as one: the clamp's least span
        // would leave a sliver of 1e-12 around it, with labels to match.
        let clamped = low == high ? FiniteDomain.clamp(low)...FiniteDomain.clamp(low) : FiniteDomain.clamp(low...high)
        var rect = DataRect(minX: 0, maxX: 1, minY: clamped.lowerBound, maxY: clamped.upperBound).paddingY(by: fitMargin)
        if low >= 0, rect.minY < 0 {
            // A flat line nearer zero than its padding (a constant 0.004) keeps the zero
            // floor and its place in the middle: as much room above it as below.
            if low == high, low > 0 { rect.maxY = 2 * clamped.upperBound }
            rect.minY = 0
        }
        return FiniteDomain.clamp(rect.minY...rect.maxY)
    }

    private static func fitting(x: ClosedRange<Double>, y: (min: Double, max: Double)) -> Viewport {
        fitting(x: x, fittedY: fittedY(min: y.min, max: y.max))
    }

    private static func fitting(x: ClosedRange<Double>, fittedY y: ClosedRange<Double>) -> Viewport {
        let clampedX = FiniteDomain.clamp(x)
        var rect = DataRect(minX: clampedX.lowerBound, maxX: clampedX.upperBound, minY: y.lowerBound, maxY: y.upperBound)
        if x.lowerBound == x.upperBound {
            let pad = max(abs(rect.minX) * 1e-6, 1)
            rect.minX -= pad
            rect.maxX += pad
        }
        return Viewport(visible: FiniteDomain.clamp(rect))
    }
}
