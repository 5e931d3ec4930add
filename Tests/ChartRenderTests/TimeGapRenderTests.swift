import ChartApp
import ChartData
import ChartGeometry
import ChartRender
import XCTest

/// A year missing from ten years of hourly data breaks the line there, in pixels: the
/// window's chart and its range selector (each zoomed out, so drawn from a level of
/// detail) and the PNG, zoomed out and zoomed in to every point, leave the missing
/// year's columns without ink.
final class TimeGapRenderTests: XCTestCase {
    private let canvas = PixelSize(width: 1280, height: 720)

    /// Columns of `plot` holding the series' ink: pixels mostly covered by its blue
    /// (#3D7DD8), which the value annotation's lighter line across the plot
    /// (55% opaque: red 148) and the grey grid are not.
    private func inkedColumns(_ image: RGBAImage, plot: PixelRect) -> Set<Int> {
        Set((plot.x..<plot.x + plot.width).filter { x in
            (plot.y..<plot.y + plot.height).contains { y in
                let p = image[x, y]
                return Int(p.b) - Int(p.r) > 40 && p.r < 110
            }
        })
    }

    /// The plot columns wholly inside x `range`, a stroke's reach (4 pixels) in from each end.
    private func columns(inside range: ClosedRange<Double>, visible: DataRect, plot: PixelRect) -> ClosedRange<Int> {
        func column(_ x: Double) -> Double { Double(plot.x) + (x - visible.minX) / visible.width * Double(plot.width) }
        return Int(column(range.lowerBound).rounded(.up)) + 4...Int(column(range.upperBound)) - 4
    }

    private let missing = HourlyWeather.missingFrom...HourlyWeather.missingUntil

    /// The picture a caller of `render` gets: the whole file, and a view from November
    /// 2016 to March 2018 (few enough points to draw every one).
    func testThePNGLeavesTheMissingYearEmpty() throws {
        let source = DataSource(dataset: HourlyWeather.dataset())
        let scene = try ChartScene(device: GLTestHarness.device, source: source, gradient: false)
        let zoomedIn = (HourlyWeather.missingFrom - 60 * 86_400)...(HourlyWeather.missingUntil + 60 * 86_400)
        for x in [nil, zoomedIn] {
            let viewport = try XCTUnwrap(Viewport.fitting(source, x: x))
            let image = try GLTestHarness.renderer.render(scene, viewport: viewport, size: canvas)
            let plot = scene.plotRect(in: canvas)
            let visible = viewport.visible
            let drawn = source.dataset.drawnIndices(forX: visible.minX...visible.maxX)
            let level = source.details[0].levelIndex(forVisible: drawn, plotWidth: plot.width)
            XCTAssertEqual(level == nil, x != nil, "zoomed out a level of detail is drawn, zoomed in every point")
            let inked = inkedColumns(image, plot: plot)
            let gap = columns(inside: missing, visible: visible, plot: plot)
            XCTAssertGreaterThan(gap.count, 100)
            XCTAssertTrue(inked.isDisjoint(with: gap), "ink in the missing year: \(inked.intersection(gap).sorted().prefix(10))")
            let before = columns(inside: visible.minX...HourlyWeather.missingFrom, visible: visible, plot: plot)
            let after = columns(inside: HourlyWeather.missingUntil...visible.maxX, visible: visible, plot: plot)
            XCTAssertTrue(before.allSatisfy(inked.contains), "the line before the gap")
            XCTAssertTrue(after.allSatisfy(inked.contains), "the line after the gap")
        }
    }

    /// Zoomed out, the level of detail draws the gapped series as every point does (the
    /// fidelity bound of `LODFidelityTests`): its line stops and starts again at the
    /// same pixels, since every level keeps both sides of the gap.
    func testTheLevelOfDetailBreaksWhereEveryPointDoes() throws {
        let dataset = HourlyWeather.dataset()
        let size = PixelSize(width: 1280, height: 720)
        for method in [LODMethod.minMax, .rdp] {
            let source = DataSource(dataset: dataset, lodMethod: method)
            let device = GLTestHarness.device
            let every = LODLineSeries(device: device, dataset: dataset, seriesIndex: 0, detail: FullDetail(), gaps: source.gaps)
            let reduced = LODLineSeries(device: device, dataset: dataset, seriesIndex: 0, detail: source.details[0],
                                        gaps: source.gaps)
            let x = dataset.xs.first!...dataset.xs.last!
            let visible = try XCTUnwrap(Viewport.fitting(source, x: x)).visible
            let reference = try GLTestHarness.draw(every.buffers(forVisibleX: x, plotWidth: size.width), visible: visible, size: size)
            let parts = reduced.buffers(forVisibleX: x, plotWidth: size.width)
            XCTAssertLessThan(parts.reduce(0) { $0 + $1.pointCount }, dataset.count * 2 / 3, "\(method): a reduced level")
            let drawn = try GLTestHarness.draw(parts, visible: visible, size: size)
            XCTAssertLessThanOrEqual(reference.shareDiffering(in: drawn), 0.01, "\(method)")
            let gap = columns(inside: missing, visible: visible, plot: PixelRect(size: size))
            let stray = gap.contains { px in (0..<size.height).contains { drawn.coverage(px, $0) > 0 } }
            XCTAssertFalse(stray, "\(method): nothing in the missing year")
        }
    }

    /// With `--connect-gaps` the line crosses the missing year, as before gaps in x broke it.
    func testConnectedGapsDrawAcrossTheMissingYear() throws {
        let source = DataSource(dataset: HourlyWeather.dataset(), connectsGaps: true)
        let scene = try ChartScene(device: GLTestHarness.device, source: source, gradient: false)
        let viewport = try XCTUnwrap(Viewport.fitting(source))
        let image = try GLTestHarness.renderer.render(scene, viewport: viewport, size: canvas)
        let plot = scene.plotRect(in: canvas)
        let gap = columns(inside: missing, visible: viewport.visible, plot: plot)
        XCTAssertTrue(gap.allSatisfy(inkedColumns(image, plot: plot).contains), "a line across the missing year")
    }

    /// The window's picture: the chart over all ten years and the range selector under it.
    func testTheChartAndTheRangeSelectorLeaveTheMissingYearEmpty() throws {
        let source = DataSource(dataset: HourlyWeather.dataset())
        let scene = try ExplorerScene(device: GLTestHarness.device, source: source, canvas: canvas, gradient: false,
                                      font: nil, initialFraction: 1)
        let target = try TextureTarget(device: GLTestHarness.device, width: canvas.width, height: canvas.height)
        for _ in 0..<600 where scene.advance(by: 1.0 / 60) {}
        scene.draw(into: target.passTarget)
        let image = target.readPixels()
        let selectorPlot = try XCTUnwrap(ChartLayout.explorer.minimapRect(in: canvas))
        let views = [("chart", scene.main.stage.geometry.plot, scene.main.stage.viewport.current),
                     ("range selector", selectorPlot, scene.selector.stage.viewport.current)]
        for (name, plot, visible) in views {
            let drawn = source.dataset.drawnIndices(forX: visible.minX...visible.maxX)
            XCTAssertNotNil(source.details[0].levelIndex(forVisible: drawn, plotWidth: plot.width), "\(name): a level of detail")
            let inked = inkedColumns(image, plot: plot)
            let gap = columns(inside: missing, visible: visible, plot: plot)
            XCTAssertGreaterThan(gap.count, 50, name)
            XCTAssertTrue(inked.isDisjoint(with: gap), "\(name): ink in the missing year: \(inked.intersection(gap).sorted().prefix(10))")
            XCTAssertGreaterThan(inked.count, plot.width / 2, "\(name): the line elsewhere")
        }
    }
}
