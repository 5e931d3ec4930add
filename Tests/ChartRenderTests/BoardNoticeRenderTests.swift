import ChartApp
import ChartData
import ChartGeometry
import XCTest

/// The window's scene keeps the info board clear of its notice (a day file that could
/// not be read), which would otherwise cover the board's date at the top of the plot.
final class BoardNoticeRenderTests: XCTestCase {
    func testTheBoardMovesClearOfTheNotice() throws {
        let canvas = PixelSize(width: 1280, height: 720)
        let scene = try ExplorerScene(device: GLTestHarness.device, source: DataSource(dataset: HourlyWeather.dataset()),
                                      canvas: canvas, gradient: false, font: nil, initialFraction: 0.01)
        for _ in 0..<600 where scene.advance(by: 1.0 / 60) {}
        let plot = scene.main.geometry.plotBox
        let middle = PixelPoint(x: plot.x + plot.width / 2, y: plot.maxY - 20)
        scene.main.pointerDown(at: middle, button: .primary, time: 0)
        scene.main.pointerUp(at: middle, button: .primary, time: 0.05)
        scene.main.stage.prepareFrame()
        let alone = try XCTUnwrap(scene.main.highlight.boardBox)
        scene.notice.show("/charts/contest/2/2019-03/14.json: no such file")
        _ = scene.advance(by: 1.0 / 60)
        scene.main.stage.prepareFrame()
        let panel = try XCTUnwrap(scene.notice.panelBox)
        XCTAssertTrue(alone.intersects(panel), "the case: the board where the notice goes")
        let board = try XCTUnwrap(scene.main.highlight.boardBox)
        XCTAssertFalse(board.intersects(panel), "the board \(board) clear of the notice \(panel)")
    }
}
