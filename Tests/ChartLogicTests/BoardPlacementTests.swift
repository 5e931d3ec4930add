import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import XCTest

/// The info board never covers the pointer, the highlighted column or a notice.
final class BoardPlacementTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    /// Ten years of hourly reports seen whole (the line fills every column): wherever the
    /// pointer rests, high or low, the board stands beside the highlight line and clear
    /// of the pointer.
    func testTheBoardKeepsClearOfThePointerInADenseView() throws {
        let presenter = ChartPresenter(source: DataSource(dataset: StationReport.dataset()), factory: RecordingSurfaceFactory(),
                                       geometry: geometry, initialFraction: 1)
        settle(presenter)
        let plot = geometry.plotBox
        var checked = 0
        for px in stride(from: plot.x + 3, to: plot.maxX - 3, by: 31.0) {
            for py in [plot.y + 4, plot.y + 25, plot.y + 60, plot.y + plot.height / 2] {
                let pointer = PixelPoint(x: px, y: py)
                presenter.pointerMoved(to: pointer, time: 0)
                presenter.stage.prepareFrame()
                guard let index = presenter.highlight.index else { continue }
                let board = try XCTUnwrap(presenter.highlight.boardBox)
                let lineX = presenter.scales.canvasX(presenter.source.dataset.xs[index])
                XCTAssertTrue(board.maxX <= lineX || board.x >= lineX, "the board \(board) across the line at \(lineX)")
                XCTAssertFalse(board.contains(pointer), "the board \(board) over the pointer at \(pointer)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// A hover that stays on one point rebuilds the board only when the pointer comes
    /// onto it (which moves it clear); elsewhere a move draws nothing new.
    func testAMoveOnOnePointRebuildsOnlyWhenThePointerMeetsTheBoard() throws {
        let xs = (0..<20).map { 1_672_704_000 + Double($0) * 86_400 }
        let dataset = Dataset(source: "daily", xs: xs, series: [Series(name: "Close", ys: xs.indices.map { 100 + Double($0 % 7) })],
                              xKind: .time(unitsPerSecond: 1))
        let presenter = ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(),
                                       geometry: geometry, initialFraction: 1)
        settle(presenter)
        let plot = geometry.plotBox
        let reach = presenter.highlight.pointerReach * geometry.scale
        let lineX = presenter.scales.canvasX(xs[10])
        presenter.pointerMoved(to: PixelPoint(x: lineX, y: plot.y + 2), time: 0)
        presenter.stage.frames.beginFrame()
        presenter.stage.prepareFrame()
        let index = presenter.highlight.index
        var board = try XCTUnwrap(presenter.highlight.boardBox)
        // Down the plot a little to the board's side of the line: still nearest point 10
        // (the points are 60 pixels apart), and over the board's column.
        let x = board.x >= lineX ? lineX + 20 : lineX - 20
        var rebuilt = 0, still = 0
        for y in stride(from: plot.y + 4, to: plot.maxY, by: 3.0) {
            let pointer = PixelPoint(x: x, y: y)
            let meets = PixelBox(x: x - reach, y: y - reach, width: 2 * reach, height: 2 * reach).intersects(board)
            presenter.pointerMoved(to: pointer, time: 0)
            XCTAssertEqual(presenter.highlight.index, index, "the same point all the way down")
            XCTAssertEqual(presenter.stage.frames.isPending, meets, "at \(pointer), board \(board)")
            if meets { rebuilt += 1 } else { still += 1 }
            presenter.stage.frames.beginFrame()
            presenter.stage.prepareFrame()
            board = try XCTUnwrap(presenter.highlight.boardBox)
            XCTAssertFalse(board.contains(pointer), "the board \(board) over the pointer at \(pointer)")
        }
        XCTAssertGreaterThan(rebuilt, 0, "the pointer came onto the board")
        XCTAssertGreaterThan(still, 20, "and moved clear of it")
    }

    /// A notice over the plot (a day file that could not be read) and a pinned board at
    /// the plot's middle, where the notice is: the board moves clear of it while it is
    /// shown, and back when it has gone. The notice is added as the window's scene adds
    /// it (`ChartAssembly.add(_:over:)`).
    func testTheBoardKeepsClearOfANotice() throws {
        let presenter = ChartPresenter(source: DataSource(dataset: StationReport.dataset()), factory: RecordingSurfaceFactory(),
                                       geometry: geometry, initialFraction: 0.01)
        let notice = NoticeController()
        ChartAssembly.add(notice, over: presenter)
        settle(presenter)
        let plot = geometry.plotBox
        let middle = PixelPoint(x: plot.x + plot.width / 2, y: plot.maxY - 20)
        presenter.pointerDown(at: middle, button: .primary, time: 0)
        presenter.pointerUp(at: middle, button: .primary, time: 0.05)
        presenter.stage.prepareFrame()
        let alone = try XCTUnwrap(presenter.highlight.boardBox)
        notice.show("/charts/contest/2/2019-03/14.json: no such file")
        presenter.stage.prepareFrame()
        let panel = try XCTUnwrap(notice.panelBox)
        XCTAssertTrue(alone.intersects(panel), "the case: the board at the top where the notice goes")
        let moved = try XCTUnwrap(presenter.highlight.boardBox)
        XCTAssertFalse(moved.intersects(panel), "the board \(moved) clear of the notice \(panel)")
        for _ in 0..<Int(60 * (notice.duration + 0.5)) {
            presenter.advance(by: 1.0 / 60)
            presenter.stage.prepareFrame()
        }
        XCTAssertNil(notice.message)
        XCTAssertEqual(presenter.highlight.boardBox, alone, "back at the top once the notice has gone")
    }
}
