import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import ChartSupport
import Foundation
import XCTest

/// The session keeps y set by hand in the values' units (as read), whatever the axis'
/// scale: a file left on a log axis reopens linear (and the other way round) on the same
/// values, never on their logarithms taken as values.
final class ManualYLogSessionTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)
    private let file = SessionEntry(path: "/data/prices.csv")

    private func presenter(logAxes: Set<YAxisSide>) -> ChartPresenter {
        let xs = (0..<3_000).map(Double.init)
        let dataset = Dataset(source: file.path, xs: xs, series: [Series(name: "Close", ys: xs.map { 10 * pow(1.001, $0) })])
        return ChartPresenter(source: DataSource(dataset: dataset, logAxes: logAxes), factory: RecordingSurfaceFactory(),
                              geometry: geometry, initialFraction: 0.5)
    }

    /// The entry as the window saves it and the next start reads it back.
    private func savedAndRead(_ main: ChartPresenter) throws -> SessionEntry {
        var session = Session()
        SessionRestore(file: file).viewUpdate(of: main).apply(to: &session)
        let read = try JSONDecoder().decode(Session.self, from: JSONEncoder().encode(session))
        return try XCTUnwrap(read.entry(for: file.path))
    }

    private func assertY(_ main: ChartPresenter, _ expected: ClosedRange<Double>, file: StaticString = #filePath, line: UInt = #line) {
        let y = main.targetY(for: .left)
        XCTAssertEqual(main.lockedAxes, [.left], file: file, line: line)
        XCTAssertEqual(y.lowerBound, expected.lowerBound, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(y.upperBound, expected.upperBound, accuracy: 1e-9, file: file, line: line)
    }

    func testYByHandOnALogAxisReopensLinearOnTheSameValues() throws {
        let log = presenter(logAxes: [.left])
        log.setY(1...3, for: .left)  // log10 units: 10…1,000
        let entry = try savedAndRead(log)
        let kept = try XCTUnwrap(entry.manualY.left)
        XCTAssertEqual(kept.lowerBound, 10, accuracy: 1e-9, "the session keeps values")
        XCTAssertEqual(kept.upperBound, 1_000, accuracy: 1e-9)

        let linear = presenter(logAxes: [])
        SessionRestore.apply(entry, to: linear)
        assertY(linear, 10...1_000)
        let again = presenter(logAxes: [.left])
        SessionRestore.apply(entry, to: again)
        assertY(again, 1...3)
    }

    func testYByHandOnALinearAxisReopensOnALogAxis() throws {
        let linear = presenter(logAxes: [])
        linear.setY(100...4_000, for: .left)
        let entry = try savedAndRead(linear)
        let log = presenter(logAxes: [.left])
        SessionRestore.apply(entry, to: log)
        assertY(log, 2...log10(4_000))

        // A range through 0 has no place on a log axis: that axis fits its data.
        linear.setY(-100...4_000, for: .left)
        let fitting = presenter(logAxes: [.left])
        SessionRestore.apply(try savedAndRead(linear), to: fitting)
        XCTAssertEqual(fitting.lockedAxes, [])
    }
}
