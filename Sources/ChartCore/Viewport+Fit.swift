import ChartData

extension Viewport {
    /// The view that shows all of `dataset`, with 5% room above and below; `nil` when
    /// the dataset has no finite point.
    /// - Complexity: O(n × series count).
    public static func fitting(_ dataset: Dataset) -> Viewport? {
        guard let b = dataset.bounds else { return nil }
        var rect = DataRect(minX: b.minX, maxX: b.maxX, minY: b.minY, maxY: b.maxY).paddingY(by: 0.05)
        if rect.width <= 0 {
            let pad = max(abs(rect.minX) * 1e-6, 1)
            rect.minX -= pad
            rect.maxX += pad
        }
        return Viewport(visible: rect)
    }
}
