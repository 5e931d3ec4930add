import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import Foundation
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
        // Four billion in every digit is wider than the margin: written as its axis writes it.
        XCTAssertEqual(right.text, ValueFormat.withRealMinus(NumberLabel.format(right.value, significantDigits: 3)))
        XCTAssertTrue(texts.contains(right.text), "\(texts)")
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

    /// Close (2,000 ± 300, newest 2,020.90) on the left, Volume (1.5B ± 0.3B, newest
    /// 1,557,830,318) in bars on the right, a day apart, in a canvas of `size`.
    private func roundLabels(size: PixelSize, close last: Double = 2_020.90,
                             volume lastVolume: Double = 1_557_830_318) -> (ChartPresenter, RecordingSurfaceFactory) {
        let xs = (0..<400).map { Double($0) * 86_400 }
        var close = xs.indices.map { 2_000 + 300 * sin(Double($0) / 30) + Double($0 % 7) / 100 }
        var volume = xs.indices.map { (1_500_000_000 + 300_000_000 * sin(Double($0) / 7)).rounded() }
        close[close.count - 1] = last
        volume[volume.count - 1] = lastVolume
        let dataset = Dataset(source: "spx.csv", xs: xs,
                              series: [Series(name: "Close", ys: close), Series(name: "Volume", ys: volume, kind: .bar, axis: .right)],
                              xKind: .time(unitsPerSecond: 1))
        let factory = RecordingSurfaceFactory()
        let presenter = ChartPresenter(source: DataSource(dataset: dataset), factory: factory,
                                       geometry: StageGeometry(canvas: size, layout: .explorer), initialFraction: 1)
        settle(presenter)
        return (presenter, factory)
    }

    /// The text drawn (not faded out) whose box overlaps `box`, other than the text inside it.
    private func textsPeeking(under box: PixelBox, in factory: RecordingSurfaceFactory) -> [String] {
        factory.texts.flatMap { surface in
            zip(surface.runs, surface.boxes).filter { run, runBox in
                run.color.alpha > 0 && runBox.intersects(box) && !box.contains(runBox)
            }.map(\.0.text)
        }
    }

    /// A value label on a tick label (2,000 under 2,020.90, 1.5B under 1,557,830,318)
    /// hides it: no half-covered tick text peeks out; the grid lines stay.
    func testTickLabelsUnderAValueLabelAreHidden() throws {
        for size in [PixelSize(width: 1280, height: 720), PixelSize(width: 640, height: 400)] {
            let (presenter, factory) = roundLabels(size: size)
            let labels = presenter.annotation.labels
            XCTAssertEqual(labels.map(\.side), [.left, .right], "\(size)")
            for label in labels {
                XCTAssertEqual(textsPeeking(under: label.box, in: factory), [], "\(size) \(label.side)")
            }
            let grid = factory.shapes.filter { $0.layer == .grid }.flatMap(\.shapes)
            let plot = presenter.geometry.plotBox
            let lineY = presenter.scales.canvasY(2_000)
            XCTAssertTrue(grid.contains { shape in
                if case .segment(let from, let to, _, _, _) = shape { return from.x == plot.x && to.x == plot.maxX && abs(from.y - lineY) <= 0.5 }
                return false
            }, "the 2,000 grid line under the label stays (\(size))")
            if size.width == 640 {
                // 2,020.90 is 7 pixels above 2,000 there: the tick goes.
                XCTAssertFalse(factory.texts.flatMap(\.runs).contains { $0.text == "2,000" && $0.color.alpha > 0 })
            }
            // A tick label clear of the value labels still shows.
            XCTAssertTrue(factory.texts.flatMap(\.runs).contains { $0.text == "1,800" && $0.color.alpha > 0 }, "\(size)")
        }
    }

    /// A value whose every digit does not fit its margin is written compactly, like
    /// its axis, with more digits than the ticks; no label reaches into the plot.
    func testValueLabelsFitTheirMargins() throws {
        for size in [PixelSize(width: 640, height: 400), PixelSize(width: 700, height: 450), PixelSize(width: 1280, height: 720)] {
            let (presenter, factory) = roundLabels(size: size)
            let labels = presenter.annotation.labels
            XCTAssertEqual(labels.map(\.side), [.left, .right], "\(size)")
            let plot = presenter.geometry.plotBox
            for label in labels {
                XCTAssertFalse(label.box.intersects(plot), "\(size) \(label.side): \(label.box) over \(plot)")
                XCTAssertGreaterThanOrEqual(label.box.x, 0, "\(size)")
                XCTAssertLessThanOrEqual(label.box.maxX, Double(size.width), "\(size)")
                assertInMargin(label.box, side: label.side, geometry: presenter.geometry)
            }
            let texts = factory.texts.flatMap(\.runs).map(\.text)
            XCTAssertTrue(texts.contains("1.56B"), "\(size): \(texts)")
            XCTAssertFalse(texts.contains("1,557,830,318"), "\(size)")
        }
    }

    /// A value that fits its margin keeps every digit.
    func testAValueThatFitsKeepsEveryDigit() throws {
        let (presenter, factory) = roundLabels(size: PixelSize(width: 1280, height: 720), volume: 155_783)
        XCTAssertEqual(presenter.annotation.labels.last?.text, "155,783")
        XCTAssertTrue(factory.texts.flatMap(\.runs).contains { $0.text == "155,783" })
    }

    /// A constant series on the right axis (a tide file's Sigma, always 0.004) sits in
    /// the middle of its axis, as one on the left does, not on the bottom edge.
    func testAFlatRightSeriesIsCentred() throws {
        let xs = (0..<200).map(Double.init)
        let dataset = Dataset(source: "tide.csv", xs: xs,
                              series: [Series(name: "Water Level", ys: xs.map { 1.2 * sin($0 / 2) }),
                                       Series(name: "Sigma", ys: xs.map { _ in 0.004 }, axis: .right)])
        let presenter = ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(), geometry: geometry,
                                       initialFraction: 1)
        settle(presenter)
        let right = presenter.stage.rightViewport.current
        XCTAssertEqual((right.minY + right.maxY) / 2, 0.004, accuracy: 1e-9, "\(right)")
        XCTAssertGreaterThanOrEqual(right.minY, 0)
        let label = try XCTUnwrap(presenter.annotation.labels.last)
        XCTAssertEqual(label.side, .right)
        let plot = presenter.geometry.plotBox
        XCTAssertEqual(label.box.y + label.box.height / 2, plot.y + plot.height / 2, accuracy: 1)
    }

    /// In `side`'s margin, against the plot's edge, or (a label wider than the margin)
    /// against the canvas's edge, reaching over the plot no further than it must.
    private func assertInMargin(_ box: PixelBox, side: YAxisSide, geometry: StageGeometry? = nil,
                                file: StaticString = #filePath, line: UInt = #line) {
        let geometry = geometry ?? self.geometry
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
