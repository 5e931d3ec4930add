import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

/// The window's audiograph without a sound card: where the sweep stands after some
/// seconds of sound, which series the key plays, and the sweep line on the chart.
final class AudiographPlaybackTests: XCTestCase {
    func testTheCursorSweepsTheRangeAtAnEvenPaceAndStopsAtTheEnd() throws {
        let playback = AudiographPlayback(series: 0, xRange: 100...300, duration: 4)
        XCTAssertEqual(playback.cursorX(afterSeconds: 0), 100)
        XCTAssertEqual(try XCTUnwrap(playback.cursorX(afterSeconds: 1)), 150, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(playback.cursorX(afterSeconds: 3.9)), 295, accuracy: 1e-9)
        XCTAssertEqual(playback.cursorX(afterSeconds: -0.5), 100, "before the first sound: at the start")
        XCTAssertNil(playback.cursorX(afterSeconds: 4))
        XCTAssertTrue(playback.isFinished(afterSeconds: 4.2))
        XCTAssertFalse(playback.isFinished(afterSeconds: 3.99))
        let wide = AudiographPlayback(series: 0, xRange: -1.7e308...1.7e308, duration: 2)
        XCTAssertEqual(try XCTUnwrap(wide.cursorX(afterSeconds: 1)), 0, accuracy: 1e292, "no overflow")
    }

    private func presenter(series: Int) -> ChartPresenter {
        let xs = (0..<50).map(Double.init)
        let dataset = Dataset(source: "t", xs: xs, series: (0..<series).map { Series(name: "s\($0)", ys: xs) })
        return ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(),
                              geometry: StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer),
                              initialFraction: 1)
    }

    func testTheKeyPlaysTheFocusedSeriesOrTheFirstShown() {
        let chart = presenter(series: 3)
        XCTAssertEqual(AudiographPlayback.series(toPlayIn: chart.lines), 0)
        XCTAssertEqual(AudiographPlayback.series(toPlayIn: chart.lines, focused: 2), 2)
        chart.toggle(series: 0)
        XCTAssertEqual(AudiographPlayback.series(toPlayIn: chart.lines), 1, "the first one shown")
        chart.toggle(series: 2)
        XCTAssertEqual(AudiographPlayback.series(toPlayIn: chart.lines, focused: 2), 1, "a hidden focus is not heard")
        XCTAssertEqual(AudiographPlayback.series(toPlayIn: chart.lines, focused: 7), 1)
        chart.lines.setVisible(1, false, animated: false)
        XCTAssertNil(AudiographPlayback.series(toPlayIn: chart.lines), "nothing shown, nothing to play")
    }

    func testTheSweepLineStandsAtTheCursorsXInTheSeriesColour() throws {
        let chart = presenter(series: 2)
        chart.stage.prepareFrame()
        XCTAssertNil(chart.audioCursor.drawnX, "hidden until a sweep plays")
        chart.audioCursor.series = 1
        chart.audioCursor.x = 24.5
        chart.stage.prepareFrame()
        let drawn = try XCTUnwrap(chart.audioCursor.drawnX)
        XCTAssertEqual(drawn, chart.scales.canvasX(24.5), accuracy: 1e-9)
        let segments = chart.stage.surfaces.compactMap { $0 as? RecordingShapeSurface }.flatMap(\.shapes).filter {
            if case let .segment(from, to, _, color, _) = $0 {
                return from.x == drawn && to.x == drawn && color == chart.lines.drawnColor(ofSeries: 1, theme: chart.stage.theme)
            }
            return false
        }
        XCTAssertEqual(segments.count, 1)
        chart.audioCursor.x = nil
        chart.stage.prepareFrame()
        XCTAssertNil(chart.audioCursor.drawnX)
        chart.audioCursor.x = 1e6
        chart.stage.prepareFrame()
        XCTAssertNil(chart.audioCursor.drawnX, "out of view: not drawn")
    }
}
