import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import ChartSupport
import XCTest

/// The window swaps in a new chart over the same values when a log axis is toggled (and
/// over more when a file is dropped): what the user set on the old one comes along.
final class ChartCarryTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    private func presenter(logAxes: Set<YAxisSide>) -> ChartPresenter {
        let xs = (0..<2_000).map(Double.init)
        let price = Series(name: "Price", ys: xs.map { 100 + 50 * sin($0 / 90) + $0 / 10 })
        let volume = Series(name: "Volume", ys: xs.map { 1_000 + 400 * cos($0 / 40) }, axis: .right)
        let dataset = Dataset(source: "/data/p.csv", xs: xs, series: [price, volume])
        return ChartPresenter(source: DataSource(dataset: dataset, logAxes: logAxes), factory: RecordingSurfaceFactory(),
                              geometry: geometry, initialFraction: 0.5)
    }

    /// Notes, the note being typed, the measure, a hidden series, x and y by hand (in
    /// values) all survive the rebuild for a log axis, and back to linear.
    func testWhatTheUserSetSurvivesALogToggleBothWays() throws {
        let linear = presenter(logAxes: [])
        linear.notes.notes = [ChartNote(x: 1_200, text: "peak"), ChartNote(x: 1_500, text: "dip")]
        linear.notes.draft = NotesController.Draft(x: 1_300, text: "typing")
        linear.measure.set(a: 1_100, b: 1_400)
        linear.lines.setVisible(1, false, animated: false)
        linear.show(x: 1_000...1_600)
        linear.setY(50...400, for: .left)

        let log = presenter(logAxes: [.left])
        log.carry(from: linear)
        XCTAssertEqual(log.notes.notes, linear.notes.notes)
        XCTAssertEqual(log.notes.draft, NotesController.Draft(x: 1_300, text: "typing"))
        XCTAssertEqual(log.measure.range, 1_100...1_400)
        XCTAssertFalse(log.lines.isVisible(1))
        XCTAssertTrue(log.lines.isVisible(0))
        XCTAssertEqual(log.targetX, 1_000...1_600)
        XCTAssertEqual(log.lockedAxes, [.left])
        let plotted = log.targetY(for: .left)
        XCTAssertEqual(plotted.lowerBound, log10(50), accuracy: 1e-12, "y by hand is plotted in log10 on a log axis")
        XCTAssertEqual(plotted.upperBound, log10(400), accuracy: 1e-12)
        let kept = try XCTUnwrap(log.manualY.left)
        XCTAssertEqual(kept.lowerBound, 50, accuracy: 1e-9, "the session keeps values as read")
        XCTAssertEqual(kept.upperBound, 400, accuracy: 1e-9)

        let back = presenter(logAxes: [])
        back.carry(from: log)
        let y = back.targetY(for: .left)
        XCTAssertEqual(y.lowerBound, 50, accuracy: 1e-9)
        XCTAssertEqual(y.upperBound, 400, accuracy: 1e-9)
        XCTAssertEqual(back.notes.notes.count, 2)
    }

    /// A y by hand that reaches 0 has no place on a log axis: that axis fits its data.
    func testYByHandAtZeroFitsOnALogAxis() {
        let linear = presenter(logAxes: [])
        linear.setY(0...400, for: .left)
        let log = presenter(logAxes: [.left])
        log.carry(from: linear)
        XCTAssertEqual(log.lockedAxes, [])
        XCTAssertEqual(log.manualY, ManualYRanges())
    }
}
