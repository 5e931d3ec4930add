import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import ChartSupport
import XCTest

/// Monthly and yearly data read as what their file says: the board, `describe`, the
/// measure and Ctrl+C write `Feb 1992` and `1992` (`1992-02`, `1992` copied), not the
/// day each point stands at; daily data read as before.
final class MonthlyDatesTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    private func load(_ text: String) throws -> Dataset {
        try Array(text.utf8).withUnsafeBytes { try CSVLoader().load($0, source: "t.csv") }
    }

    private let monthly = "Month,Sunspots\n" + (0..<36).map { i in
        "\(1990 + i / 12)-\(i % 12 < 9 ? "0" : "")\(i % 12 + 1),\(50 + i % 7)\n"
    }.joined()
    private let yearly = "Year,Catch\n" + (1980...2000).map { "\($0),\($0 % 13)\n" }.joined()

    /// Where the pointer rests, the board's first row is the point's month (or year).
    private func boards(_ dataset: Dataset) -> [(x: Double, row: String)] {
        let presenter = ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(), geometry: geometry)
        for _ in 0..<600 where presenter.advance(by: 1.0 / 60) { presenter.stage.prepareFrame() }
        presenter.stage.prepareFrame()
        let plot = geometry.plotBox
        return stride(from: plot.x + 5, to: plot.maxX - 5, by: 37.0).compactMap { px in
            presenter.pointerMoved(to: PixelPoint(x: px, y: plot.y + 40), time: 0)
            presenter.stage.prepareFrame()
            guard let index = presenter.highlight.index, let row = presenter.highlight.rows.first else { return nil }
            return (dataset.xs[index], row)
        }
    }

    func testTheBoardNamesTheMonthOrTheYear() throws {
        let months = try load(monthly)
        let seen = boards(months)
        XCTAssertGreaterThan(seen.count, 20)
        for (x, row) in seen {
            let date = CivilDate(unixSeconds: x)
            let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            XCTAssertEqual(row, "\(names[date.month - 1]) \(date.year)")
        }
        for (x, row) in boards(try load(yearly)) {
            XCTAssertEqual(row, "\(CivilDate(unixSeconds: x).year)")
        }
        let days = try load("Date,Close\n" + (1...28).map { "2023-02-\($0 < 10 ? "0" : "")\($0),\($0)\n" }.joined())
        for (x, row) in boards(days) {
            XCTAssertEqual(row, CivilDate(unixSeconds: x).longLabel, "days as before")
        }
    }

    func testDescribeMeasureAndCopyWriteTheMonth() throws {
        let months = try load(monthly)
        let summary = ChartSummary(dataset: months)
        XCTAssertEqual(summary.lines[0], "36 points from Jan 1990 to Dec 1992.")
        XCTAssertTrue(summary.lines[1].hasSuffix("between Jan 1990 and Dec 1992."), summary.lines[1])
        let extremes = try XCTUnwrap(summary.lines.first { $0.contains("was lowest") })
        XCTAssertTrue(extremes.hasPrefix("Sunspots was lowest at 50 in Jan 1990 and highest at 56 in Jul 1990"), extremes)
        XCTAssertFalse(summary.lines.joined().contains(", 199"), "no day: \(summary.lines)")
        let figures = MeasureFigures(dataset: months, from: months.xs[13], to: months.xs[25])
        XCTAssertEqual(figures.rows[0].text, "A  Feb 1991   B  Feb 1992")
        XCTAssertFalse(figures.rows.map(\.text).joined().contains(", 199"), "no day: \(figures.rows.map(\.text))")
        XCTAssertEqual(ClipboardText.point(source: DataSource(dataset: months), index: 25, series: [0]), "date\tSunspots\n1992-02\t54\n")

        let years = try load(yearly)
        XCTAssertEqual(ChartSummary(dataset: years).lines[0], "21 points from 1980 to 2000.")
        XCTAssertEqual(ClipboardText.point(source: DataSource(dataset: years), index: 12, series: [0]), "date\tCatch\n1992\t3\n")
    }
}
