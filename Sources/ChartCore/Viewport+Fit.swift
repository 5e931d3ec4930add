import ChartData

extension Viewport {
    /// The view that shows all of `dataset`, with 5% room above and below; `nil` when
    /// the dataset has no finite point.
    /// - Complexity: O(n × series count).
    public static func fitting(_ dataset: Dataset) -> Viewport? {
        guard let b = dataset.bounds else { return nil }
        return fitting(x: b.minX...b.maxX, y: (b.minY, b.maxY))
    }

    /// The view of x in `range` (all of the data when `nil`) with y fitted to the data
    /// in view; `nil` when no finite point is in view. With `gridAligned` y spans a
    /// nice `YAxisGrid` (round labels at fixed heights), else the data with 5% room.
    /// - Complexity: O(log n) per series.
    public static func fitting(_ source: DataSource, x range: ClosedRange<Double>? = nil,
                               gridAligned: Bool = false) -> Viewport? {
        guard let range = range ?? source.dataset.xs.first.map({ $0...source.dataset.xs.last! }),
              let y = source.yBounds(inX: range) else { return nil }
        var view = fitting(x: range, y: y)
        if gridAligned {
            let grid = YAxisGrid.fit(min: y.min, max: y.max).range
            (view.visible.minY, view.visible.maxY) = (grid.lowerBound, grid.upperBound)
        }
        return view
    }

    private static func fitting(x: ClosedRange<Double>, y: (min: Double, max: Double)) -> Viewport {
        // Clamped before the padding, so data out to ±1.79e308 still gives a finite view.
        let clampedX = FiniteDomain.clamp(x), clampedY = FiniteDomain.clamp(y.min...y.max)
        var rect = DataRect(minX: clampedX.lowerBound, maxX: clampedX.upperBound,
                            minY: clampedY.lowerBound, maxY: clampedY.upperBound).paddingY(by: 0.05)
        if x.lowerBound == x.upperBound {
            let pad = max(abs(rect.minX) * 1e-6, 1)
            rect.minX -= pad
            rect.maxX += pad
        }
        return Viewport(visible: FiniteDomain.clamp(rect))
    }
}
