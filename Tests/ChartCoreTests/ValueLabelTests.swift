import ChartCore
import ChartData
import XCTest

/// The value label: one per y axis, each in its axis's margin and its series' colour.
final class ValueLabelTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    /// Close on the left, Volume in bars on the right (as a Yahoo file loads).
    private func closeAndVolume() -> (ChartPresenter, RecordingSurfaceFactory) {
        let walk = RandomWalk(count: 2_000, seed: 12).dataset()
        var rng = SplitMix64(seed: 13)
        let volume = walk.xs.map { _ in (4_000_000_000 + 500_000_000 * rng.nextStandardNormal()).rounded() }
        let dataset = Dataset(source: "spx.csv", xs: walk.xs,
                              series: [Series(name: "Close", ys: walk.series[0].ys),
                                       Series(name: "Volume", ys: volume, kind: .bar, axis: .right)],
                              xKind: .time(unitsPerSecond: 1))
        let factory = RecordingSurfaceFactory()
        let presenter = ChartPresenter(source: DataSource(dataset: dataset), factory: factory, geometry: geometry, initialFraction: 0.3)
        settle(presenter)
        return (presenter, factory)
    }

    private func fill(of box: PixelBox, in factory: RecordingSurfaceFactory) -> RGBAColor? {
        for case .rect(let rect, let fill, _) in factory.shapes.flatMap(\.shapes) where rect == box { return fill }
        return nil
    }

    func testEachAxisHasItsValueLabel() throws {
        let (presenter, factory) = closeAndVolume()
        let dataset = presenter.source.dataset
        let labels = presenter.annotation.labels
        XCTAssertEqual(labels.map(\.side), [.left, .right])
        let left = try XCTUnwrap(labels.first), right = try XCTUnwrap(labels.last)
        XCTAssertEqual(left.value, dataset.series[0].ys.last)
        XCTAssertEqual(right.value, dataset.series[1].ys.last)
        assertInMargin(left.box, side: .left)
        assertInMargin(right.box, side: .right)
        XCTAssertFalse(left.box.intersects(right.box))
        let theme = presenter.stage.theme
        XCTAssertEqual(fill(of: left.box, in: factory), presenter.lines.drawnColor(ofSeries: 0, theme: theme))
        XCTAssertEqual(fill(of: right.box, in: factory), presenter.lines.drawnColor(ofSeries: 1, theme: theme))
        let texts = factory.texts.flatMap(\.runs).map(\.text)
        XCTAssertTrue(texts.contains(ValueFormat.string(right.value, dataDecimals: 0)), "\(texts)")
    }

    /// Hiding Volume takes its label away at once and leaves Close's where it was;
    /// showing it brings it back.
    func testHidingASeriesKeepsTheOtherAxisLabel() throws {
        let (presenter, _) = closeAndVolume()
        let before = try XCTUnwrap(presenter.annotation.labels.first)
        presenter.toggle(series: 1)
        presenter.stage.prepareFrame()
        XCTAssertEqual(presenter.annotation.labels.map(\.side), [.left], "Volume's label goes at once")
        settle(presenter)
        XCTAssertEqual(presenter.annotation.labels.map(\.side), [.left])
        XCTAssertEqual(presenter.annotation.labels.first?.box.x, before.box.x, "Close's label stays in its margin")
        presenter.toggle(series: 1)
        settle(presenter)
        XCTAssertEqual(presenter.annotation.labels.map(\.side), [.left, .right])
    }

    /// With one axis the label stays right of the plot.
    func testOneAxisLabelsOnTheRight() throws {
        let walk = RandomWalk(count: 2_000, seed: 12).dataset()
        let presenter = ChartPresenter(source: DataSource(dataset: walk), factory: RecordingSurfaceFactory(), geometry: geometry,
                                       initialFraction: 0.3)
        settle(presenter)
        let label = try XCTUnwrap(presenter.annotation.labels.first)
        XCTAssertEqual(presenter.annotation.labels.count, 1)
        assertInMargin(label.box, side: .right)
    }

    /// In `side`'s margin, against the plot's edge, or (a label wider than the margin)
    /// against the canvas's edge, reaching over the plot no further than it must.
    private func assertInMargin(_ box: PixelBox, side: YAxisSide, file: StaticString = #filePath, line: UInt = #line) {
        let plot = geometry.plotBox, canvas = Double(geometry.canvas.width)
        switch side {
        case .left:
            XCTAssertLessThan(box.x, plot.x, file: file, line: line)
            XCTAssertTrue(box.maxX <= plot.x || box.x == 2, "\(box)", file: file, line: line)
        case .right:
            XCTAssertGreaterThan(box.maxX, plot.maxX, file: file, line: line)
            XCTAssertTrue(box.x >= plot.maxX || box.maxX == canvas - 2, "\(box)", file: file, line: line)
        }
    }
}
