import ChartApp
import ChartData
import ChartGeometry
import ChartRender
import XCTest

/// On a log axis a geometric series (doubling every 100 points, over twelve doublings)
/// is a straight line in pixels; on a linear axis its first half hugs the bottom.
final class LogScaleRenderTests: XCTestCase {
    private let canvas = PixelSize(width: 1000, height: 600)

    private func dataset() -> Dataset {
        let n = 1200
        return Dataset(source: "doubling", xs: (0..<n).map(Double.init),
                       series: [Series(name: "y", ys: (0..<n).map { pow(2, Double($0) / 100) })])
    }

    /// The mean row of the series' blue ink in each column of `plot` that has any.
    private func inkRows(_ image: RGBAImage, plot: PixelRect) -> [(column: Int, row: Double)] {
        (plot.x + 8..<plot.x + plot.width - 8).compactMap { x in
            let rows = (plot.y..<plot.y + plot.height).filter { y in
                let p = image[x, y]
                return Int(p.b) - Int(p.r) > 40 && p.r < 110
            }
            return rows.isEmpty ? nil : (x, Double(rows.reduce(0, +)) / Double(rows.count))
        }
    }

    private func render(logAxes: Set<YAxisSide>) throws -> (rows: [(column: Int, row: Double)], plot: PixelRect) {
        let source = DataSource(dataset: dataset(), logAxes: logAxes)
        let scene = try ChartScene(device: GLTestHarness.device, source: source, gradient: false)
        let viewport = try XCTUnwrap(Viewport.fitting(source))
        let image = try GLTestHarness.renderer.render(scene, viewport: viewport, size: canvas)
        let plot = scene.plotRect(in: canvas)
        return (inkRows(image, plot: plot), plot)
    }

    func testAGeometricSeriesIsAStraightLineOnALogAxis() throws {
        let (rows, plot) = try render(logAxes: [.left])
        XCTAssertGreaterThan(rows.count, plot.width * 9 / 10)
        // The straight line through the first and last inked columns.
        let first = rows.first!, last = rows.last!
        let slope = (last.row - first.row) / Double(last.column - first.column)
        let worst = rows.map { abs($0.row - (first.row + slope * Double($0.column - first.column))) }.max()!
        XCTAssertLessThan(worst, 2, "on the log axis the doubling series is straight, within 2 pixels")
        XCTAssertGreaterThan(first.row - last.row, Double(plot.height) * 0.8, "and it fills the plot's height")
        // Its first half rises half the height (a linear axis: 1/64th of it, below).
        let middle = rows[rows.count / 2]
        XCTAssertEqual((first.row - middle.row) / (first.row - last.row), 0.5, accuracy: 0.03)
    }

    func testOnALinearAxisItsFirstHalfHugsTheBottom() throws {
        let (rows, _) = try render(logAxes: [])
        let first = rows.first!, last = rows.last!, middle = rows[rows.count / 2]
        XCTAssertLessThan((first.row - middle.row) / (first.row - last.row), 0.05)
    }
}
