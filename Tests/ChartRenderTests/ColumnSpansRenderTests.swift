import ChartData
import ChartGeometry
@testable import ChartRender
import XCTest

/// Dense lines drawn from their column spans (`ColumnSpans`) against the same points
/// drawn as capsules (`LineRenderer.draw`), read back from llvmpipe: the spans are within
/// half a sub-column (1/16 px) of the line, so no pixel's coverage may differ by more
/// than that and a rounding step.
final class ColumnSpansRenderTests: XCTestCase {
    private let size = PixelSize(width: 640, height: 360)
    /// Half a sub-column of distance, and one 8-bit step each way for rounding.
    private let tolerance = 0.5 / Double(ShaderConstants.spanSubcolumns) + 2.0 / 255

    /// Draws `parts` as one black stroke on white from their column spans.
    private func drawFromSpans(_ parts: [LineSeriesBuffer], visible: DataRect, width: Double = 2,
                               opacity: Float = 1) throws -> CoverageImage {
        let device = GLTestHarness.device
        let renderer = GLTestHarness.lineRenderer
        let scales = PlotScales(visible: visible, plot: PixelBox(PixelRect(size: size)))
        let style = LineStyle(widthInPixels: width, color: RGBAColor(red: 0, green: 0, blue: 0, alpha: opacity))
        let spans = ColumnSpans(device: device)
        let rows = try XCTUnwrap(spans.gather([ColumnSpans.Line(parts: parts, scales: scales, style: style)],
                                              plotSize: size, with: renderer))
        let target = try TextureTarget(device: device, width: size.width, height: size.height)
        device.withPass(into: target.passTarget, clearTo: .white) {
            renderer.drawSpans(parts, from: rows[0], scales: scales, plotRect: PixelRect(size: size), style: style)
        }
        return CoverageImage(target.readPixels())
    }

    /// The largest coverage difference between the two pictures, and where.
    private func largestDifference(_ a: CoverageImage, _ b: CoverageImage) -> (difference: Double, x: Int, y: Int, covered: Int) {
        var worst = (difference: 0.0, x: 0, y: 0, covered: 0)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let reference = a.coverage(x, y)
                if reference > 0 { worst.covered += 1 }
                let difference = abs(reference - b.coverage(x, y))
                if difference > worst.difference { worst = (difference, x, y, worst.covered) }
            }
        }
        return worst
    }

    private func assertSpansMatchCapsules(_ parts: [LineSeriesBuffer], visible: DataRect, width: Double = 2, opacity: Float = 1,
                                          _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertTrue(ColumnSpans.suit(parts, visible: visible, plotWidth: size.width), "\(what) is dense", file: file, line: line)
        let capsules = try GLTestHarness.draw(parts, visible: visible, size: size, width: width, opacity: opacity)
        let spans = try drawFromSpans(parts, visible: visible, width: width, opacity: opacity)
        let worst = largestDifference(capsules, spans)
        XCTAssertGreaterThan(worst.covered, size.width, "\(what): the line is drawn", file: file, line: line)
        XCTAssertLessThanOrEqual(worst.difference, tolerance,
                                 "\(what): pixel (\(worst.x), \(worst.y)) differs by \(worst.difference)", file: file, line: line)
    }

    private func walk(count: Int, seed: UInt64) -> (xs: [Double], ys: [Double]) {
        let dataset = RandomWalk(count: count, seed: seed).dataset()
        return (Array(dataset.xs), Array(dataset.series[0].ys))
    }

    func testAWalkAtEveryZoomAndWidth() throws {
        let (xs, ys) = walk(count: 200_000, seed: 3)
        let buffer = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: ys)
        let low = ys.min()!, high = ys.max()!
        for zoom in [1.0, 8, 40] {
            // Zoomed in, the data runs on past both edges, whose pixels its strokes reach.
            let span = (xs.last! - xs.first!) / zoom
            let minX = xs.first! + (xs.last! - xs.first!) * 0.3
            let visible = DataRect(minX: minX, maxX: minX + span, minY: low, maxY: high)
            for width in [1.0, 2, 4.5] {
                try assertSpansMatchCapsules([buffer], visible: visible, width: width, "walk at \(zoom)×, \(width) px")
            }
        }
    }

    /// Several dense lines share one target, each in its own rows: every line's picture
    /// is its own, not its neighbour's.
    func testSeveralLinesInOneTargetEachKeepTheirOwnRows() throws {
        let device = GLTestHarness.device
        let renderer = GLTestHarness.lineRenderer
        let lines = (0..<3).map { seed in
            let (xs, ys) = walk(count: 60_000, seed: UInt64(20 + seed))
            return (buffer: LineSeriesBuffer(device: device, xs: xs, ys: ys),
                    visible: DataRect(minX: xs.first!, maxX: xs.last!, minY: ys.min()!, maxY: ys.max()!),
                    width: [1.5, 2, 3][seed])
        }
        let spans = ColumnSpans(device: device)
        let gathered = lines.map { ColumnSpans.Line(parts: [$0.buffer], scales: PlotScales(visible: $0.visible, plot: PixelBox(PixelRect(size: size))),
                                                    style: LineStyle(widthInPixels: $0.width, color: .black)) }
        let rows = try XCTUnwrap(spans.gather(gathered, plotSize: size, with: renderer))
        XCTAssertEqual(rows.map(\.first), [0, 9, 18])
        for (index, line) in lines.enumerated() {
            let target = try TextureTarget(device: device, width: size.width, height: size.height)
            device.withPass(into: target.passTarget, clearTo: .white) {
                renderer.drawSpans([line.buffer], from: rows[index], scales: gathered[index].scales,
                                   plotRect: PixelRect(size: size), style: gathered[index].style)
            }
            let capsules = try GLTestHarness.draw([line.buffer], visible: line.visible, size: size, width: line.width)
            let worst = largestDifference(capsules, CoverageImage(target.readPixels()))
            XCTAssertLessThanOrEqual(worst.difference, tolerance, "line \(index): pixel (\(worst.x), \(worst.y))")
        }
    }

    /// A translucent line, whose pixels would darken where the paint's rectangles
    /// overlapped: each pixel is painted once.
    func testATranslucentLinePaintsEachPixelOnce() throws {
        var rng = SplitMix64(seed: 31)
        let n = 80_000
        let xs = (0..<n).map(Double.init)
        let ys = xs.map { x in sin(x / 3_000) * 10 + Double.random(in: -3...3, using: &rng) }
        let buffer = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: ys)
        try assertSpansMatchCapsules([buffer], visible: DataRect(minX: 0, maxX: Double(n - 1), minY: -14, maxY: 14),
                                     opacity: 0.5, "a noisy band at half opacity")
    }

    func testSpikes() throws {
        var rng = SplitMix64(seed: 8)
        let n = 30_000
        let xs = (0..<n).map(Double.init)
        var ys = xs.map { _ in Double.random(in: -1...1, using: &rng) }
        for i in stride(from: 500, to: n, by: 1_700) { ys[i] = 40 }
        let buffer = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: ys)
        try assertSpansMatchCapsules([buffer], visible: DataRect(minX: 0, maxX: Double(n - 1), minY: -3, maxY: 45), "spikes")
    }

    /// A break narrower than a sub-column (x 50 059 to 50 061, all in sub-column 3 of
    /// pixel column 320), with the line jumping 30 units across it: the pieces on either
    /// side end and start neighbouring blocks (cut at the gap), whose extents a texel
    /// keeps apart, so no stroke joins them where the capsules break.
    func testABreakInsideASubcolumnStaysABreak() throws {
        var rng = SplitMix64(seed: 8)
        let n = 100_000
        let xs = (0..<n).map(Double.init)
        var ys = xs.map { x in Double.random(in: -1...1, using: &rng) + (x > 50_060 ? 30 : 0) }
        ys[50_060] = .nan
        let buffer = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: ys)
        try assertSpansMatchCapsules([buffer], visible: DataRect(minX: 0, maxX: Double(n - 1), minY: -3, maxY: 33),
                                     "a break and a jump")
    }

    /// Several breaks in one texel would put two pieces in one extent: a block holding a
    /// break between its points (gaps closer than `minimumPointsBeforeCut` once a piece's
    /// short blocks are spent), or one cut narrower than `narrowestBlockWithBreaks` pixels,
    /// keeps the view on capsules.
    func testBreaksTooCloseForSpansAreDrawnAsCapsules() throws {
        var rng = SplitMix64(seed: 8)
        let n = 100_000
        let xs = (0..<n).map(Double.init)
        var ys = xs.map { _ in Double.random(in: -1...1, using: &rng) }
        for gap in stride(from: 90_000, to: n, by: 50) { ys[gap] = .nan }
        let buffer = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: ys)
        let whole = DataRect(minX: 0, maxX: Double(n - 1), minY: -1, maxY: 1)
        XCTAssertTrue(buffer.blocks.contains(where: \.breaksInside), "200 gaps 50 points apart: more than a piece cuts short")
        XCTAssertFalse(ColumnSpans.suit([buffer], visible: whole, plotWidth: size.width), "gaps 50 points apart")
        XCTAssertTrue(ColumnSpans.suit([buffer], visible: DataRect(minX: 0, maxX: 60_000, minY: -1, maxY: 1),
                                       plotWidth: size.width), "the blocks before them")

        var cut = xs.map { _ in Double.random(in: -1...1, using: &rng) }
        cut[40_000] = .nan
        cut[40_300] = .nan
        let narrow = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: cut)
        XCTAssertTrue(narrow.blocks.contains { $0.lastX - $0.firstX == 300 }, "a block cut at both gaps")
        XCTAssertFalse(ColumnSpans.suit([narrow], visible: whole, plotWidth: size.width), "300 points: 1.9 pixels")
        XCTAssertTrue(ColumnSpans.suit([narrow], visible: DataRect(minX: 30_000, maxX: 50_000, minY: -1, maxY: 1),
                                       plotWidth: size.width), "zoomed in, the block is 9.6 pixels wide")
        try assertSpansMatchCapsules([narrow], visible: DataRect(minX: 30_000, maxX: 50_000, minY: -1, maxY: 1), "two breaks")
    }

    /// A plot whose spans with their margins would be wider than the driver's largest
    /// texture gets none, and says nothing: its lines are drawn as capsules, a whole
    /// picture, not a failure (`render` refuses incomplete pictures).
    func testAPlotTooWideForASpanTargetIsNotAFailure() throws {
        let device = GLTestHarness.device
        let largest = device.limits.maxTextureSize
        let failuresBefore = device.failures.count
        let xs = (0..<100_000).map(Double.init)
        let buffer = LineSeriesBuffer(device: device, xs: xs, ys: xs.map { sin($0) })
        func line(plotWidth: Int) -> ColumnSpans.Line {
            ColumnSpans.Line(parts: [buffer],
                             scales: PlotScales(visible: DataRect(minX: 0, maxX: 99_999, minY: -1, maxY: 1),
                                                plot: PixelBox(x: 0, y: 0, width: Double(plotWidth), height: 100)),
                             style: LineStyle(widthInPixels: 2))
        }
        let spans = ColumnSpans(device: device)
        XCTAssertNil(spans.gather([line(plotWidth: largest - 1)], plotSize: PixelSize(width: largest - 1, height: 100),
                                  with: GLTestHarness.lineRenderer))
        XCTAssertNotNil(spans.gather([line(plotWidth: largest - 4)], plotSize: PixelSize(width: largest - 4, height: 100),
                                     with: GLTestHarness.lineRenderer),
                        "two columns of margin each side still fit")
        XCTAssertEqual(device.failures.count, failuresBefore, "nothing said")
    }

    func testASparseLineIsDrawnAsCapsules() throws {
        let xs = (0..<1_000).map(Double.init)
        let buffer = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: xs.map { sin($0 / 10) })
        XCTAssertFalse(ColumnSpans.suit([buffer], visible: DataRect(minX: 0, maxX: 999, minY: -1, maxY: 1),
                                                   plotWidth: size.width), "fewer than two segments a pixel column")
    }

    /// x in clusters (thousands of points in a sub-column, then long strides, and ties):
    /// each texel's search from the evenly-spread guess gallops either way to its segment.
    func testUnevenlySpacedX() throws {
        var rng = SplitMix64(seed: 12)
        var x = 0.0
        var xs: [Double] = []
        var ys: [Double] = []
        for i in 0..<40_000 {
            let clustered = (i / 4_000) % 2 == 0
            x += clustered ? (i % 7 == 0 ? 0 : 0.0001) : Double.random(in: 0...3, using: &rng)
            xs.append(x)
            ys.append(Double.random(in: -1...1, using: &rng) + (clustered ? 3 : 0))
        }
        let buffer = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: ys)
        try assertSpansMatchCapsules([buffer], visible: DataRect(minX: 0, maxX: x, minY: -2, maxY: 5), "clustered x")
    }

    /// Deep in a zoom, a block whose origin is far from the view rounds its points' x by
    /// whole pixels (Float offsets): the span pass covers the columns of the rounded
    /// points, as the capsules draw them, not those of the exact x. (The view makes 65 536
    /// pixels a unit, so scaling an offset is exact and both passes round x alike: at
    /// other scales the vertex and fragment stages may fuse the multiply-add differently,
    /// a pixel or two apart where the offsets' precision is gone anyway.)
    func testXRoundedByWholePixelsInABlockFarFromItsOrigin() throws {
        var rng = SplitMix64(seed: 13)
        let near: [Double] = (0..<20_000).map { Double($0) * 5e-7 }
        let xs = near + near.map { $0 + 1_000 }
        var y = 0.0
        let ys = xs.map { _ in
            y += Double.random(in: -1...1, using: &rng)
            return y
        }
        let buffer = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: ys)
        let shown = ys[..<20_000]
        let width = Double(size.width) / 65_536
        try assertSpansMatchCapsules([buffer], visible: DataRect(minX: 0, maxX: width, minY: shown.min()!, maxY: shown.max()!),
                                     "x rounded to pixels")
    }

    /// Far ends: segments to points far outside the view are cut to it from their near
    /// end, as the capsules' are, in the span pass's sub-columns too.
    func testSegmentsFromFarOutsideTheView() throws {
        var rng = SplitMix64(seed: 9)
        let n = 20_000
        let xs = (0..<n).map(Double.init)
        let ys = xs.map { i in i.truncatingRemainder(dividingBy: 97) == 0 ? 1e9 * (i.truncatingRemainder(dividingBy: 2) == 0 ? 1 : -1)
                                                                       : Double.random(in: -1...1, using: &rng) }
        let buffer = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: ys)
        try assertSpansMatchCapsules([buffer], visible: DataRect(minX: 0, maxX: Double(n - 1), minY: -2, maxY: 2), "spikes off the plot")
    }

    /// Unix milliseconds and values near 1e300 keep their block origins in Double, as
    /// capsules do.
    func testLargeMagnitudes() throws {
        let (walkXs, ys) = walk(count: 50_000, seed: 4)
        let start = 1.7e12
        let xs = walkXs.map { start + ($0 - walkXs[0]) * 60_000 }
        let buffer = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: ys.map { 1e300 + $0 * 1e290 })
        let huge = ys.map { 1e300 + $0 * 1e290 }
        try assertSpansMatchCapsules([buffer], visible: DataRect(minX: xs.first!, maxX: xs.last!, minY: huge.min()!, maxY: huge.max()!),
                                     "Unix milliseconds and 1e300")
    }

    /// The level of detail drawn from its spans against every point drawn as capsules:
    /// the same bound as `LODFidelityTests` (≤ 1% of the line's pixels more than 10% off).
    func testALevelOfDetailDrawnFromSpansKeepsTheFidelityBound() throws {
        let dataset = RandomWalk(count: 1_000_000).dataset()
        let source = DataSource(dataset: dataset)
        let device = GLTestHarness.device
        let full = LineSeriesBuffer(device: device, xs: dataset.xs, ys: dataset.series[0].ys)
        let reduced = LODLineSeries(device: device, dataset: dataset, seriesIndex: 0, detail: source.details[0])
        let first = dataset.xs.first!, last = dataset.xs.last!
        var shares: [String] = []
        for zoom in [1.0, 4, 16, 64] {
            let width = (last - first) / zoom
            let minX = first + (last - first) / 2 - width / 2
            let x = minX...(minX + width)
            let visible = try XCTUnwrap(Viewport.fitting(source, x: x)).visible
            let parts = reduced.buffers(forVisibleX: x, plotWidth: size.width)
            guard ColumnSpans.suit(parts, visible: visible, plotWidth: size.width) else { continue }
            let reference = try GLTestHarness.draw(full, visible: visible, size: size)
            let drawn = try drawFromSpans(parts, visible: visible)
            let share = reference.shareDiffering(in: drawn)
            shares.append(String(format: "%.2f%% at %.0f×", share * 100, zoom))
            XCTAssertLessThanOrEqual(share, 0.01, "at \(zoom)×")
        }
        XCTAssertGreaterThanOrEqual(shares.count, 2, "the wide views are dense")
        print("LOD from column spans against every point as capsules, pixels over 10% off: \(shares.joined(separator: ", "))")
    }
}
