import ChartGeometry

/// Where in the plot a line's strokes can be, as one rectangle per column of `binWidth`
/// pixels: the paint pass fills these instead of the whole plot. A full-plot pass costs
/// llvmpipe about 3 ms at 1280 × 720; zoomed out, a dense line reaches a fraction of
/// each column's height.
///
/// The rectangles come from the runs' boxes (64 segments each, kept by
/// `LineSeriesBuffer`), grown by the stroke's reach, so every pixel a segment covers is
/// inside one. Columns never overlap, so a pass that would darken a pixel painted twice
/// (the mask path) paints each pixel at most once.
struct PaintBands {
    static let binWidth = 8

    /// Triangles, (x, y) pairs in framebuffer pixels from the bottom-left, covering every
    /// pixel within `reach` pixels of a visible segment of `parts`.
    /// - Parameters:
    ///   - scales: data ↔ pixels for the view on a plot of `plotRect`'s size.
    ///   - plotRect: the plot in framebuffer pixels, from the top-left.
    ///   - bottom: the plot's bottom edge in framebuffer pixels, from the bottom.
    /// - Complexity: O(visible runs + plot width).
    static func triangles(for parts: [LineSeriesBuffer], scales: PlotScales, plotRect: PixelRect, bottom: Int,
                          reach: Double) -> [Float] {
        let width = Double(plotRect.width), height = Double(plotRect.height)
        let visible = scales.visible, transform = scales.transform
        let binCount = (plotRect.width + binWidth - 1) / binWidth
        var low = [Double](repeating: .infinity, count: binCount)
        var high = [Double](repeating: -.infinity, count: binCount)
        // Runs just outside the view whose strokes reach its edge pixels count too.
        let margin = reach / abs(transform.pixelsPerUnitX)
        for part in parts {
            for run in part.visibleRuns(minX: visible.minX - margin, maxX: visible.maxX + margin) where run.minY <= run.maxY {
                // Clamped before any conversion to Int: an end can be far outside the view.
                let x0 = min(max(transform.pixelX(run.firstX) - reach, -1), width + 1)
                let x1 = min(max(transform.pixelX(run.lastX) + reach, -1), width + 1)
                let y0 = transform.pixelY(run.minY) - reach
                let y1 = transform.pixelY(run.maxY) + reach
                guard x1 >= 0, x0 <= width, y1 >= 0, y0 <= height else { continue }
                let first = max(Int(x0) / binWidth, 0), last = min(Int(x1) / binWidth, binCount - 1)
                guard first <= last else { continue }
                for bin in first...last {
                    low[bin] = min(low[bin], y0)
                    high[bin] = max(high[bin], y1)
                }
            }
        }
        var vertices: [Float] = []
        vertices.reserveCapacity(binCount * 12)
        for bin in 0..<binCount where low[bin] <= high[bin] {
            let left = Float(plotRect.x + bin * binWidth)
            let right = Float(plotRect.x + min((bin + 1) * binWidth, plotRect.width))
            let lower = Float(Double(bottom) + max(low[bin].rounded(.down), 0))
            let upper = Float(Double(bottom) + min(high[bin].rounded(.up), height))
            vertices += [left, lower, right, lower, left, upper, left, upper, right, lower, right, upper]
        }
        return vertices
    }
}
