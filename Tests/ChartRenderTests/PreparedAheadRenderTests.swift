import ChartData
import ChartGeometry
import ChartRender
import XCTest

/// Pieces prepared ahead on quiet frames draw the same pixels as pieces prepared in the
/// frame that needs them.
final class PreparedAheadRenderTests: XCTestCase {
    func testAZoomDrawnFromPiecesPreparedAheadIsPixelIdentical() throws {
        let size = PixelSize(width: 640, height: 360)
        let dataset = RandomWalk(count: 2_000_000).dataset()
        let source = DataSource(dataset: dataset)
        let device = GLTestHarness.device
        let ahead = LODLineSeries(device: device, dataset: dataset, seriesIndex: 0, detail: source.details[0])
        let inFrame = LODLineSeries(device: device, dataset: dataset, seriesIndex: 0, detail: source.details[0])
        let first = dataset.xs.first!, last = dataset.xs.last!
        let centre = first + (last - first) * 0.6
        func view(_ width: Double) -> ClosedRange<Double> { (centre - width / 2)...(centre + width / 2) }

        let wide = (last - first) / 20
        _ = ahead.buffers(forVisibleX: view(wide), plotWidth: size.width)
        ahead.endFrame()
        var quietFrames = 0
        while ahead.prepareAhead(), quietFrames < 1_000 {
            _ = ahead.buffers(forVisibleX: view(wide), plotWidth: size.width)
            ahead.endFrame()
            quietFrames += 1
        }
        XCTAssertGreaterThan(quietFrames, 0)

        // Two zoom steps in and one out: the finer and coarser levels' pieces.
        for width in [wide / 1.6, wide / 2.6, wide * 1.8] {
            let x = view(width)
            let visible = try XCTUnwrap(Viewport.fitting(source, x: x)).visible
            let blocks = ahead.preparedInFrameBlockCount
            let fromAhead = try GLTestHarness.draw(ahead.buffers(forVisibleX: x, plotWidth: size.width),
                                                   visible: visible, size: size)
            let preparedAhead = ahead.preparedInFrameBlockCount == blocks
            let fromFrame = try GLTestHarness.draw(inFrame.buffers(forVisibleX: x, plotWidth: size.width),
                                                   visible: visible, size: size)
            var covered = 0
            var differing = 0
            for py in 0..<size.height {
                for px in 0..<size.width {
                    if fromFrame.image[px, py] != fromAhead.image[px, py] { differing += 1 }
                    if fromFrame.coverage(px, py) > 0.5 { covered += 1 }
                }
            }
            XCTAssertGreaterThan(covered, size.width, "a line is drawn at width \(width)")
            XCTAssertEqual(differing, 0, "width \(width), prepared ahead: \(preparedAhead)")
            ahead.endFrame()
            inFrame.endFrame()
        }
        XCTAssertGreaterThan(ahead.preparedBlockCount - ahead.preparedInFrameBlockCount, 0)
    }
}
