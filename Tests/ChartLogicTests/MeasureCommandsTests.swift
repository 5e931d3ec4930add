import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import ChartSupport
import XCTest

/// What Ctrl+C put on the clipboard (the window's is SDL's; the routing is the subject here).
final class RecordedClipboard: Clipboard {
    var copied: [String] = []
    func copy(_ text: String) -> Bool {
        copied.append(text)
        return true
    }
}

/// The measure between two points through the window's router, on recording surfaces:
/// shift-clicks and `m` set A and B, Esc clears the measure before the pin, Ctrl+C
/// copies the figures or the pinned point; the band lies between A and B and the panel
/// never covers the pinned point.
final class MeasureCommandsTests: XCTestCase {
    private let esc = ChartEvent.command(.chart(.escape))

    private func assembled() -> (RecordedExplorer, CommandRouter, RecordedClipboard) {
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        let clipboard = RecordedClipboard()
        let owners = ExplorerCommands(chart: explorer, theme: ThemeCommands(given: nil) { _ in }, player: RecordedPlayer(),
                                      speech: RecordedSpeech(), days: nil, clipboard: clipboard) { _ in }
        explorer.settle()
        return (explorer, CommandRouter(owners: owners.owners, frames: explorer.frames), clipboard)
    }

    private func click(_ router: CommandRouter, at point: PixelPoint, shift: Bool) {
        router.send(.pointerDown(at: point, button: .primary, clicks: 1, shift: shift, time: 0))
        router.send(.pointerUp(at: point, button: .primary, time: 0.05))
    }

    /// The plot's point at `fraction` of its width, half way down.
    private func plotPoint(_ main: ChartPresenter, _ fraction: Double) -> PixelPoint {
        let plot = main.geometry.plotBox
        return PixelPoint(x: plot.x + plot.width * fraction, y: plot.y + plot.height / 2)
    }

    private func nearestX(_ main: ChartPresenter, _ point: PixelPoint) -> Double {
        let dataset = main.source.dataset
        return dataset.xs[dataset.nearestIndex(toX: main.scales.dataX(atCanvasX: point.x))!]
    }

    /// A shift-click sets A at the nearest point, the next B, the third a new A; a plain
    /// click still pins, and a shift-click on a legend toggle still shows its series alone.
    func testShiftClicksSetAThenBThenANewMeasure() throws {
        let (explorer, router, _) = assembled()
        let main = explorer.main
        let first = plotPoint(main, 0.7), second = plotPoint(main, 0.2)
        click(router, at: first, shift: true)
        XCTAssertEqual(main.measure.a, nearestX(main, first))
        XCTAssertNil(main.measure.b)
        XCTAssertFalse(main.highlight.isPinned, "a shift-click measures, it does not pin")
        click(router, at: second, shift: true)
        XCTAssertEqual(main.measure.range, nearestX(main, second)...nearestX(main, first), "A is the earlier")
        explorer.settle()
        XCTAssertTrue(main.measure.rows.contains { $0.text.hasPrefix("Δx  ") }, "\(main.measure.rows)")
        XCTAssertTrue(main.measure.rows.contains { $0.text.hasPrefix("Views  Δy ") && $0.series == 0 })

        let band = try XCTUnwrap(main.measure.bandBox)
        XCTAssertEqual(band.x, main.scales.canvasX(main.measure.range!.lowerBound), accuracy: 1e-6)
        XCTAssertEqual(band.maxX, main.scales.canvasX(main.measure.range!.upperBound), accuracy: 1e-6)
        XCTAssertEqual(band.height, main.geometry.plotBox.height, accuracy: 1e-9)

        click(router, at: plotPoint(main, 0.5), shift: true)
        XCTAssertEqual(main.measure.a, nearestX(main, plotPoint(main, 0.5)))
        XCTAssertNil(main.measure.b, "a third shift-click starts anew")

        click(router, at: plotPoint(main, 0.4), shift: false)
        XCTAssertTrue(main.highlight.isPinned)
        XCTAssertNil(main.measure.b, "a plain click pins, it does not measure")

        explorer.settle()
        let toggle = try XCTUnwrap(main.legend.boxes.last)
        click(router, at: PixelPoint(x: toggle.x + toggle.width / 2, y: toggle.y + toggle.height / 2), shift: true)
        XCTAssertEqual(main.lines.visibleSeries, [main.lines.dataset.series.count - 1], "shift-click on a toggle: that one alone")
    }

    /// `m` marks the pinned point as A, then (the pin stepped on) B; without a pin it says
    /// how. With a measure and a pin, the first Esc clears the measure, the second the pin.
    func testMOnPinnedPointsAndEscClearsTheMeasureBeforeThePin() {
        let (explorer, router, _) = assembled()
        let main = explorer.main
        XCTAssertTrue(router.send(.command(.measure)))
        XCTAssertNil(main.measure.a)
        XCTAssertTrue(explorer.said.last?.contains("Pin a point first") == true, "\(explorer.said)")
        main.highlight.pin(index: 80)
        router.send(.command(.measure))
        XCTAssertEqual(main.measure.a, main.source.dataset.xs[80])
        for _ in 0..<10 { router.send(.command(.chart(.right))) }
        XCTAssertEqual(main.highlight.index, 90)
        router.send(.command(.measure))
        XCTAssertEqual(main.measure.range, main.source.dataset.xs[80]...main.source.dataset.xs[90])

        XCTAssertTrue(router.send(esc))
        XCTAssertFalse(main.measure.isActive)
        XCTAssertTrue(main.highlight.isPinned, "the first Esc clears the measure only")
        XCTAssertTrue(router.send(esc))
        XCTAssertFalse(main.highlight.isPinned)

        main.highlight.pin(index: 20)
        router.send(.command(.measure))
        XCTAssertTrue(main.measure.isActive)
        router.send(esc)
        XCTAssertFalse(main.measure.isActive, "A alone is cleared too")
    }

    /// Ctrl+C copies the measure's figures, one a line as the panel shows them; without a
    /// measure the pinned point, tab-separated; with neither it says so.
    func testCtrlCCopiesTheMeasureOrThePinnedPoint() throws {
        let (explorer, router, clipboard) = assembled()
        let main = explorer.main
        router.send(.command(.copy))
        XCTAssertTrue(clipboard.copied.isEmpty)
        XCTAssertTrue(explorer.said.last?.hasPrefix("Nothing to copy") == true)

        main.highlight.pin(index: 100)
        router.send(.command(.copy))
        let dataset = main.source.dataset
        let date = ClipboardTextTests.isoDay(dataset.xs[100] / 1000)
        let decimals = main.source.decimals
        XCTAssertEqual(clipboard.copied.last, "date\tViews\tJoined\n\(date)\t\(String(format: "%.*f", decimals[0], dataset.series[0].ys[100]))\t"
                       + "\(String(format: "%.*f", decimals[1], dataset.series[1].ys[100]))\n")
        XCTAssertEqual(explorer.said.last, "Copied the pinned point")

        main.measure.set(a: dataset.xs[60], b: dataset.xs[100])
        explorer.settle()
        router.send(.command(.copy))
        XCTAssertEqual(clipboard.copied.last, main.measure.rows.map(\.text).joined(separator: "\n") + "\n")
        let range = try XCTUnwrap(main.measure.range)
        XCTAssertEqual(clipboard.copied.last, MeasureFigures(dataset: main.source.values, decimals: main.source.decimals,
                                                             series: main.lines.visibleSeries, from: range.lowerBound,
                                                             to: range.upperBound).text,
                       "the panel's rows are the figures' own, and Ctrl+C copies their text")
        XCTAssertTrue(clipboard.copied.last?.contains("Δx  1 month 9 days") == true, clipboard.copied.last ?? "")
    }

    /// Wherever the pinned point stands, the panel keeps clear of its column, and the
    /// info board of the panel.
    func testThePanelNeverCoversThePinnedPoint() throws {
        let (explorer, _, _) = assembled()
        let main = explorer.main
        let dataset = main.source.dataset
        let shown = dataset.firstIndex(atOrAfterX: main.targetX.lowerBound)..<dataset.count
        main.measure.set(a: dataset.xs[shown.lowerBound + 2], b: dataset.xs[shown.upperBound - 3])
        for index in stride(from: shown.lowerBound, to: shown.upperBound, by: 3) {
            main.highlight.pin(index: index)
            explorer.settle()
            let panel = try XCTUnwrap(main.measure.panelBox)
            let x = main.scales.canvasX(dataset.xs[index])
            XCTAssertFalse(panel.x - 6 < x && x < panel.maxX + 6, "index \(index): the panel \(panel) covers x \(x)")
            for circle in main.highlight.circles { XCTAssertFalse(panel.contains(circle), "index \(index)") }
            if let board = main.highlight.boardBox { XCTAssertFalse(board.intersects(panel), "index \(index): board over panel") }
        }
    }
}
