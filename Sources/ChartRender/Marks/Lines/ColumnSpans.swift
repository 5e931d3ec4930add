import ChartGeometry

/// The target in which a line surface gathers its dense lines' column spans before its
/// pass, and where each line's rows are.
///
/// Zoomed out, a line has tens of segments in each pixel column, and drawing each as a
/// capsule shades every pixel of the band once per overlapping quad (about a dozen).
/// Instead, a first pass writes the y extent of the segments in each sub-column
/// (`ShaderConstants.spanSubcolumns` per pixel) into a float texture one texel a
/// sub-column, and a second pass shades each pixel of the band once, from the extents
/// within the stroke's reach. A texel keeps two extents, one from the even blocks in
/// view and one from the odd: where the line breaks inside a texel, the pieces on
/// either side stay apart (`suit`). The extents of a polyline with ascending x are within
/// half a sub-column (1/16 px) of the line, so the coverage is within 1/16 of the
/// capsules' (`ColumnSpansRenderTests`).
///
/// Texel column `origin + c` holds plot pixel column `c`; a line's sub-column `k` is row
/// `row + k`, and row `row + spanSubcolumns` holds the whole column. The margin of
/// `origin` columns each side holds the segments just outside the plot that still reach
/// its edge pixels. The target is the plot's width plus the margins wide and nine rows
/// a line high: past the driver's largest texture (a plot near 16 384 pixels wide, or
/// some 1 800 dense lines at once) none is made, and the lines are drawn as capsules.
final class ColumnSpans {
    /// Where one line's spans are in the target.
    struct Rows {
        var texture: TextureID
        /// The line's first row.
        var first: Int
        /// The texel column of plot x = 0.
        var origin: Int
        /// The target's width, texels.
        var width: Int
    }

    /// One dense line to gather: what `LineRenderer.collectSpans` draws.
    struct Line {
        var parts: [LineSeriesBuffer]
        /// The view's mapping on a plot of the gathered size.
        var scales: PlotScales
        var style: LineStyle
    }

    /// Segments a pixel column, in view, from which a line is drawn from its spans: below
    /// it the capsules' quads overlap little and cost less than the spans' two passes.
    static let densePerColumn = 2.0

    /// A line's rows: its sub-columns, then its whole columns (which settle most pixels
    /// of a dense band in one read).
    static let rowsPerLine = ShaderConstants.spanSubcolumns + 1

    /// What a cleared texel holds: an extent whose top is below its bottom (none).
    static let empty = RGBAColor(red: -1e30, green: -1e30, blue: -1e30, alpha: -1e30)

    private let device: RenderDevice
    private let slot: TextureTargetSlot
    /// Lines the target has rows for: the most any frame asked for, so a toggle does
    /// not remake it.
    private var lineCapacity = 0

    init(device: RenderDevice) {
        self.device = device
        slot = TextureTargetSlot(device: device, format: .rgba32f, what: "a column-span target for dense lines",
                                 instead: "dense lines are drawn segment by segment")
    }

    /// Pixels a block next to a break must span for its line to be gathered into spans:
    /// each texel keeps two extents, and in a texel that three blocks reach, the first and
    /// the third share one. Blocks are hundreds of pixels wide at any level of detail but
    /// where a break cuts one short, and with a break among three blocks in one texel the
    /// middle one ends or starts at the gap (neighbours share their boundary point).
    static let narrowestBlockWithBreaks = 2.0

    /// Whether column spans suit `parts` in `visible`: dense enough there
    /// (`densePerColumn` segments or more a pixel column) that the spans' two passes cost
    /// less, and every break of the line kept apart from the pieces it separates. A
    /// texel keeps two extents, one for the even and one for the odd blocks in view, and
    /// blocks are cut at gaps (`PiecePreparation`), so the pieces on either side of a
    /// break land in different extents, unless a block holds a break between its points
    /// (gaps a few points apart) or, with a gap, is under `narrowestBlockWithBreaks`
    /// pixels wide: such views are drawn as capsules.
    /// - Complexity: O(visible blocks).
    static func suit(_ parts: [LineSeriesBuffer], visible: DataRect, plotWidth: Int) -> Bool {
        guard visible.width > 0, plotWidth > 0 else { return false }
        let pixelsPerX = Double(plotWidth) / visible.width
        var segments = 0.0
        for part in parts {
            for block in part.blocks[part.visibleBlocks(minX: visible.minX, maxX: visible.maxX)] {
                let extent = block.lastX - block.firstX
                let narrowAtABreak = block.hasGaps && !(extent * pixelsPerX >= narrowestBlockWithBreaks)
                if block.breaksInside || narrowAtABreak { return false }
                let shown = min(block.lastX, visible.maxX) - max(block.firstX, visible.minX)
                segments += extent > 0 ? Double(block.segmentCount) * min(max(shown / extent, 0), 1)
                                       : Double(block.segmentCount)
            }
        }
        return segments >= densePerColumn * Double(plotWidth)
    }

    /// Gathers `lines`' spans over a plot `plotSize` big with `renderer`, in a pass of
    /// their own (call between passes); their rows, in order, or `nil` where the target
    /// cannot be made.
    func gather(_ lines: [Line], plotSize: PixelSize, with renderer: LineRenderer) -> [Rows]? {
        guard !lines.isEmpty, plotSize.width > 0, plotSize.height > 0 else { return nil }
        let margin = lines.map { Self.margin(forWidth: $0.style.widthInPixels) }.max() ?? 0
        guard let target = target(plotWidth: plotSize.width, margin: margin, lines: lines.count) else { return nil }
        let rows = lines.indices.map {
            Rows(texture: target.texture, first: $0 * Self.rowsPerLine, origin: margin, width: target.width)
        }
        device.withPass(into: target.passTarget, clearTo: Self.empty) {
            for (line, rows) in zip(lines, rows) {
                renderer.collectSpans(line.parts, scales: line.scales, plotSize: plotSize, style: line.style, into: rows)
            }
        }
        return rows
    }

    /// The target for `lines` dense lines over a plot `plotWidth` pixels wide, reached
    /// `margin` pixels beyond its edges; `nil` where the driver cannot make one, or where
    /// it would be larger than the driver's largest texture (not a failure: the capsules
    /// draw such lines as before).
    private func target(plotWidth: Int, margin: Int, lines: Int) -> TextureTarget? {
        let largest = device.limits.maxTextureSize
        guard plotWidth + 2 * margin <= largest, lines * Self.rowsPerLine <= largest else { return nil }
        lineCapacity = min(max(lineCapacity, lines), largest / Self.rowsPerLine)
        return slot.target(for: PixelSize(width: plotWidth + 2 * margin, height: lineCapacity * Self.rowsPerLine))
    }

    /// Texel columns beyond each plot edge for strokes `widthInPixels` wide: a stroke's
    /// reach, half its width and the feather's half pixel.
    static func margin(forWidth widthInPixels: Double) -> Int {
        Int((widthInPixels / 2 + 0.5).rounded(.up))
    }
}
