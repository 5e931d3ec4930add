import ChartGeometry
import ChartRender

/// A progress bar drawn with the line renderer: a pale track and a filled part, two
/// uploaded segments whose length is set by the view alone.
final class ProgressIndicator {
    private let renderer: LineRenderer
    private let segment: LineSeriesBuffer

    private let device: RenderDevice

    init(device: RenderDevice) throws {
        self.device = device
        renderer = try LineRenderer(device: device)
        segment = LineSeriesBuffer(device: device, xs: [0, 1], ys: [0, 0])
    }

    /// Draws the bar for `fraction` (0…1) across the middle of the pass's target.
    func draw(fraction: Double, scale: Double, color: RGBAColor) {
        guard let size = device.currentTarget?.size else { return }
        let width = min(Double(size.width) * 0.5, 480 * scale)
        let height = 12 * scale
        let rect = PixelRect(x: Int((Double(size.width) - width) / 2), y: Int((Double(size.height) - height) / 2),
                             width: Int(width), height: Int(height))
        let thickness = 6 * scale
        var track = color
        track.alpha = 0.2
        let bar = PixelBox(rect)
        renderer.draw(segment, scales: PlotScales(visible: DataRect(minX: 0, maxX: 1, minY: -1, maxY: 1), plot: bar),
                      plotRect: rect, style: LineStyle(widthInPixels: thickness, color: track))
        let shown = max(fraction, 0.001)
        renderer.draw(segment, scales: PlotScales(visible: DataRect(minX: 0, maxX: 1 / shown, minY: -1, maxY: 1), plot: bar),
                      plotRect: rect, style: LineStyle(widthInPixels: thickness, color: color))
    }
}
