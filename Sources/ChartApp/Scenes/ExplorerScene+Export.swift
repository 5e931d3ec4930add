import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartRender
import ChartStage
import ChartSupport
import Foundation

extension ExplorerScene {
    /// What one export made: the picture and its alt text, as bytes to write.
    public struct Export: Sendable {
        public var picture: [UInt8]
        public var altText: [UInt8]
    }

    /// The chart shown now as `render` draws it (the still picture: the frame, the
    /// series, its notes and the legend, on the theme's flat background) for the same x
    /// and y range, theme, series shown and `size` (the window's drawable), encoded as a
    /// PNG, with its alt text (`render --alt-text`'s summary of the range, notes included).
    /// - Throws: `RenderError` when the picture cannot be drawn or encoded.
    public func export(size: PixelSize, scale: Double = 1) throws -> Export {
        let main = shownMain
        let visible = main.stage.viewport.target
        let shownSeries = main.lines.visibleSeries
        let notes = main.notes.notes
        let still = try ChartScene(device: device, source: main.source, layout: .standard, theme: main.stage.targetTheme,
                                   lineWidth: lineWidth, gradient: false, font: font, smooth: smooth, notes: notes)
        // The series hidden in the window are hidden in the picture too (and its legend).
        for case let lines as SeriesLinesController in still.stage.controllers {
            for series in main.source.dataset.series.indices where !shownSeries.contains(series) {
                lines.setVisible(series, false, animated: false)
            }
        }
        let image = try OffscreenRenderer(device: device).render(size: size) {
            still.draw(viewport: Viewport(visible: visible), into: $0, scale: scale)
        }
        let picture = try PNGFile.encode(image, for: "the export")
        let summary = ChartSummary(source: main.source, series: shownSeries, overX: visible.minX...visible.maxX).with(notes: notes)
        return Export(picture: picture, altText: Array((summary.lines.joined(separator: "\n") + "\n").utf8))
    }
}
