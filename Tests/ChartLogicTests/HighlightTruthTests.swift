import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

/// The highlight's circles and its board name one point, the true one, at every zoom;
/// the board lists only the series shown, pinned or not.
final class HighlightTruthTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    private func texts(_ presenter: ChartPresenter) -> [String] {
        presenter.highlight.rows
    }

    /// Ten years of hourly reports (three series) seen whole, over a year and over a
    /// week: wherever the pointer rests, each circle stands at its series' true value at
    /// the board's point, the board says that value, and the circle is on the line drawn
    /// (inside the drawn level's points around its pixel column).
    func testTheCirclesStandAtTheBoardsValues() throws {
        let source = DataSource(dataset: StationReport.dataset())
        let dataset = source.dataset
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        settle(presenter)
        let plot = geometry.plotBox
        let year = 365.0 * 86_400
        let views: [ClosedRange<Double>?] = [nil, (StationReport.start + 3 * year)...(StationReport.start + 4 * year),
                                            (StationReport.start + 6.5 * year)...(StationReport.start + 6.5 * year + 7 * 86_400)]
        var denseChecks = 0
        for view in views {
            if let view { presenter.show(x: view) }
            settle(presenter)
            for px in stride(from: plot.x + 7, to: plot.maxX - 7, by: 29.0) {
                presenter.pointerMoved(to: PixelPoint(x: px, y: plot.y + 40), time: 0)
                presenter.stage.prepareFrame()
                guard let index = presenter.highlight.index else { continue }
                let circles = presenter.highlight.circles
                XCTAssertEqual(circles.count, 3, "a circle per series at \(CivilDate(unixSeconds: dataset.xs[index]).longLabel)")
                let board = texts(presenter)
                XCTAssertTrue(board.contains(CivilDate(unixSeconds: dataset.xs[index]).longLabel), "the board names the point")
                for (series, circle) in zip(0..<3, circles) {
                    let value = dataset.series[series].ys[index]
                    let visible = presenter.stage.viewport(for: presenter.composition.axis(ofSeries: series)).current
                    let scales = PlotScales(visible: visible, plot: plot)
                    XCTAssertEqual(circle.y, scales.canvasY(value), accuracy: 1e-6,
                                   "\(dataset.series[series].name) at \(CivilDate(unixSeconds: dataset.xs[index]).longLabel)")
                    XCTAssertEqual(circle.x, scales.canvasX(dataset.xs[index]), accuracy: 1e-6)
                    let row = "\(dataset.series[series].name)  \(ValueFormat.string(value, dataDecimals: source.decimals[series]))"
                    XCTAssertTrue(board.contains(row), "the board says \(row)")
                    // On the drawn line: between the lowest and highest drawn point near its column.
                    let detail = source.details[series]
                    let drawn = source.drawnIndices(forX: visible.minX...visible.maxX)
                    guard let level = detail.levelIndex(forVisible: drawn, plotWidth: geometry.plot.width) else { continue }
                    let kept = detail.levels[level].indices.lazy.map(Int.init).filter {
                        abs(scales.canvasX(dataset.xs[$0]) - circle.x) <= 1
                    }
                    let ys = kept.map { scales.canvasY(dataset.series[series].ys[$0]) }
                    let low = try XCTUnwrap(ys.min()), high = try XCTUnwrap(ys.max())
                    XCTAssertTrue((low - 1...high + 1).contains(circle.y), "on the drawn line: \(circle.y) in \(low)…\(high)")
                    denseChecks += 1
                }
            }
        }
        XCTAssertGreaterThan(denseChecks, 60, "the whole view is drawn from a level")
    }

    /// Close and Volume as a Yahoo file loads (Volume in bars on the right axis): a pinned
    /// board drops Volume the moment it is hidden and lists it again when it is shown.
    func testAPinnedBoardDropsAHiddenSeries() throws {
        let walk = RandomWalk(count: 3_000, seed: 5).dataset()
        var rng = SplitMix64(seed: 8)
        let volume = walk.xs.map { _ in (4_000_000_000 + 400_000_000 * rng.nextStandardNormal()).rounded() }
        let dataset = Dataset(source: "spx.csv", xs: walk.xs, series: [Series(name: "Close", ys: walk.series[0].ys),
                                                                   Series(name: "Volume", ys: volume, kind: .bar, axis: .right)],
                              xKind: .time(unitsPerSecond: 1))
        let presenter = ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(), geometry: geometry,
                                       initialFraction: 1)
        XCTAssertTrue(presenter.composition.usesRightAxis, "Volume is read on the right")
        settle(presenter)
        let plot = geometry.plotBox
        let click = PixelPoint(x: plot.x + plot.width * 0.4, y: plot.y + 60)
        presenter.pointerDown(at: click, button: .primary, time: 0)
        presenter.pointerUp(at: click, button: .primary, time: 0.05)
        presenter.stage.prepareFrame()
        XCTAssertTrue(presenter.highlight.isPinned)
        let index = try XCTUnwrap(presenter.highlight.index)
        let volumeRow = "Volume  \(ValueFormat.string(volume[index], dataDecimals: 0))"
        XCTAssertTrue(texts(presenter).contains(volumeRow), "\(texts(presenter))")

        presenter.toggle(series: 1)
        presenter.stage.prepareFrame()
        XCTAssertFalse(texts(presenter).contains { $0.hasPrefix("Volume") }, "hidden at once: \(texts(presenter))")
        settle(presenter)
        XCTAssertFalse(texts(presenter).contains { $0.hasPrefix("Volume") }, "and after the fade: \(texts(presenter))")
        XCTAssertEqual(presenter.highlight.index, index, "still pinned on its point")

        presenter.toggle(series: 1)
        presenter.stage.prepareFrame()
        XCTAssertTrue(texts(presenter).contains(volumeRow), "shown again: \(texts(presenter))")
    }
}
