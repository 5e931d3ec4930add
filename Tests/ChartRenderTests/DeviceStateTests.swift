import ChartGeometry
import ChartRender
import XCTest

/// What the GL backend must keep true that only pixels show.
final class DeviceStateTests: XCTestCase {
    /// Making a texture target binds its framebuffer and making an index buffer unbinds
    /// the vertex array; the pass in progress must not notice.
    func testObjectsMadeInAPassLeaveItsTargetBound() throws {
        let device = GLTestHarness.device
        let size = PixelSize(width: 64, height: 32)
        let target = try TextureTarget(device: device, width: size.width, height: size.height)
        let line = LineSeriesBuffer(device: device, xs: [0, 1], ys: [0, 0])
        var madeInThePass: [AnyObject] = []
        try device.withPass(into: target.passTarget, clearTo: .white) {
            madeInThePass.append(try TextureTarget(device: device, width: 16, height: 16))
            madeInThePass.append(try LineRenderer(device: device))
            GLTestHarness.lineRenderer.draw(line, scales: PlotScales(visible: DataRect(minX: 0, maxX: 1, minY: -1, maxY: 1),
                                                                          plot: PixelBox(PixelRect(size: size))),
                                            plotRect: PixelRect(size: size), style: LineStyle(widthInPixels: 4, color: .black))
        }
        let image = target.readPixels()
        let dark = (0..<size.height).flatMap { y in (0..<size.width).map { image[$0, y] } }.filter { $0.r < 100 }.count
        XCTAssertGreaterThan(dark, 64 * 3, "the line went into the pass's target, not the last framebuffer made")
    }
}
