import ChartCore

/// The target in which a line surface gathers its dense lines' column spans before its
/// pass, and where each line's rows are.
///
/// Zoomed out, a line has tens of segments in each pixel column, and drawing each as a
/// capsule shades every pixel of the band once per overlapping quad (about a dozen).
/// Instead, a first pass writes the y extent of the segments in each sub-column
/// (`ShaderConstants.spanSubcolumns` per pixel) into a float texture one texel a
/// sub-column, and a second pass shades each pixel of the band once, from the extents
/// within the stroke's reach. The extents of a polyline with ascending x are within
/// half a sub-column (1/16 px) of the line, so the coverage is within 1/16 of the
/// capsules' (`ColumnSpansRenderTests`).
///
/// Texel column `origin + c` holds plot pixel column `c`; a line's sub-column `k` is row
/// `row + k`, and row `row + spanSubcolumns` holds the whole column. The margin of `origin` columns each side holds the segments just outside
/// the plot that still reach its edge pixels.
final class ColumnSpans {
    /// Where one line's spans are in the target.
    struct Band {
        var texture: TextureID
        /// The line's first row.
        var row: Int
        /// The texel column of plot x = 0.
        var origin: Int
        /// The target's width, texels.
        var width: Int
    }

    /// Segments a pixel column, in view, from which a line is drawn from its spans: below
    /// it the capsules' quads overlap little and cost less than the spans' two passes.
    static let densePerColumn = 2.0

    /// What a cleared texel holds: an extent whose top is below its bottom (none).
    static let empty = RGBAColor(red: -1e30, green: -1e30, blue: -1e30, alpha: -1e30)

    private let slot: TextureTargetSlot
    /// Lines the target has rows for: the most any frame asked for, so a toggle does
    /// not remake it.
    private var lineCapacity = 0

    init(device: RenderDevice) {
        slot = TextureTargetSlot(device: device, format: .rg32f, what: "a column-span target for dense lines",
                                 instead: "dense lines are drawn segment by segment")
    }

    /// The target for `lines` dense lines over a plot `plotWidth` pixels wide, reached
    /// `margin` pixels beyond its edges; `nil` where the driver cannot make one (then the
    /// lines are drawn from their segments).
    private func target(plotWidth: Int, margin: Int, lines: Int) -> TextureTarget? {
        lineCapacity = max(lineCapacity, lines)
        let size = PixelSize(width: plotWidth + 2 * margin, height: lineCapacity * Self.rowsPerLine)
        return slot.target(for: size)
    }

    /// One dense line to gather: what `LineRenderer.collectSpans` draws.
    struct Line {
        var parts: [LineSeriesBuffer]
        var viewport: Viewport
        var style: LineStyle
    }

    /// Gathers `lines`' spans over a plot `plotSize` big, in a pass of their own (call
    /// between passes); their bands, in order, or `nil` where the target cannot be made.
    func gather(_ lines: [Line], plotSize: PixelSize, with renderer: LineRenderer) -> [Band]? {
        guard !lines.isEmpty, plotSize.width > 0, plotSize.height > 0 else { return nil }
        let margin = lines.map { Self.margin(forWidth: $0.style.widthInPixels) }.max() ?? 0
        guard let target = target(plotWidth: plotSize.width, margin: margin, lines: lines.count) else { return nil }
        let bands = lines.indices.map { Self.band($0, in: target, margin: margin) }
        renderer.device.withPass(into: target.passTarget, clearTo: Self.empty) {
            for (line, band) in zip(lines, bands) {
                renderer.collectSpans(line.parts, viewport: line.viewport, plotSize: plotSize, style: line.style, into: band)
            }
        }
        return bands
    }

    /// The band of the `index`th dense line in `target`.
    private static func band(_ index: Int, in target: TextureTarget, margin: Int) -> Band {
        Band(texture: target.texture, row: index * rowsPerLine, origin: margin, width: target.width)
    }

    /// A line's rows: its sub-columns, then its whole columns (which settle most pixels
    /// of a dense band in one read).
    static let rowsPerLine = ShaderConstants.spanSubcolumns + 1

    /// Texel columns beyond each plot edge for strokes `widthInPixels` wide: a stroke's
    /// reach, half its width and the feather's half pixel.
    static func margin(forWidth widthInPixels: Double) -> Int {
        Int((widthInPixels / 2 + 0.5).rounded(.up))
    }
}
