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

    /// The chart shown now as `render` draws it, encoded as a PNG, with its alt text
    /// (`render --alt-text`'s), both from `picture(size:scale:)`.
    /// - Throws: `RenderError` when the picture cannot be drawn or encoded.
    public func export(size: PixelSize, scale: Double = 1) throws -> Export {
        let main = shownMain
        let picture = picture(size: size, scale: scale)
        let still = try picture.scene(device: device, source: main.source, lineWidth: lineWidth, font: font, smooth: smooth)
        let image = try picture.render(still, with: OffscreenRenderer(device: device))
        return Export(picture: try PNGFile.encode(image, for: "the export"), altText: Array(picture.altText(of: main.source).utf8))
    }

    /// The view as a still picture (what `render` draws with the same options): the
    /// frame, the series shown, their notes, the measure and the legend, on the theme's
    /// flat background, for the same x and y ranges (the right axis's too where it was
    /// set by hand, else fitted to the series shown) and `size` (the window's drawable).
    public func picture(size: PixelSize, scale: Double = 1) -> StillPicture {
        let main = shownMain
        return StillPicture(visible: main.stage.viewport.target,
                            rightY: main.lockedAxes.contains(.right) ? main.targetY(for: .right) : nil,
                            shownSeries: main.lines.visibleSeries, notes: main.notes.notes, measure: main.measure.range,
                            theme: main.stage.targetTheme, size: size, scale: scale)
    }
}
