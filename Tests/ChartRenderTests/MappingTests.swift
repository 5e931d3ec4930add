import ChartData
import ChartGeometry
import ChartRender
import XCTest

/// Data coordinates land where double-precision math puts them, also at deep zoom on
/// large coordinates, and nothing is uploaded while the view changes.
final class MappingTests: XCTestCase {
    func testKnownCoordinatesLandWithinHalfAPixel() throws {
        var rng = SplitMix64(seed: 11)
        let size = PixelSize(width: 640, height: 480)
        for _ in 0..<12 {
            let minX = Double.random(in: -1e6...1e6, using: &rng)
            let width = Double.random(in: 1e-3...1e6, using: &rng)
            let minY = Double.random(in: -1e3...1e3, using: &rng)
            let height = Double.random(in: 1e-2...1e4, using: &rng)
            let visible = DataRect(minX: minX, maxX: minX + width, minY: minY, maxY: minY + height)
            let scales = PlotScales(visible: visible, plot: PixelBox(PixelRect(size: size)))
            let u = minX + width * Double.random(in: 0.1...0.9, using: &rng)
            let v = minY + height * Double.random(in: 0.1...0.9, using: &rng)

            // A vertical line at x = u and a horizontal one at y = v cross at (u, v).
            let vertical = try GLTestHarness.draw(xs: [u, u], ys: [minY - height, minY + 2 * height], visible: visible, size: size)
            let horizontal = try GLTestHarness.draw(xs: [minX - width, minX + 2 * width], ys: [v, v], visible: visible, size: size)
            let expectedX = scales.x.pixel(forValue: u)
            let expectedY = scales.y.pixel(forValue: v)
            let measuredX = try XCTUnwrap(vertical.centreOfRow(size.height / 2))
            let measuredY = try XCTUnwrap(horizontal.centreOfColumn(size.width / 2))
            XCTAssertEqual(measuredX, expectedX, accuracy: 0.5, "x \(u) in \(visible)")
            XCTAssertEqual(measuredY, expectedY, accuracy: 0.5, "y \(v) in \(visible)")
        }
    }

    /// A square wave with edges at every millisecond of x = 1.6e12 + i.
    private func millisecondSquareWave(count: Int) -> (xs: [Double], ys: [Double]) {
        var xs: [Double] = []
        var ys: [Double] = []
        for i in 0..<count {
            let x = 1.6e12 + Double(i)
            let low = i % 2 == 0
            xs += [x, x]
            ys += low ? [0, 1] : [1, 0]
        }
        return (xs, ys)
    }

    func testUnixMillisecondsStayPreciseInATwentyMillisecondWindow() throws {
        let size = PixelSize(width: 1280, height: 400)
        let (xs, ys) = millisecondSquareWave(count: 4000)
        let buffer = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: ys)
        let start = 1.6e12 + 1234.3
        let visible = DataRect(minX: start, maxX: start + 20, minY: -0.5, maxY: 1.5)
        let image = try GLTestHarness.draw(buffer, visible: visible, size: size)
        let scale = PlotScales(visible: visible, plot: PixelBox(PixelRect(size: size))).x

        // Every vertical edge is a pair of vertices at an integer millisecond.
        let expected = (1235...1254).map { scale.pixel(forValue: 1.6e12 + Double($0)) }
        let measured = image.strokeCentres(inRow: size.height / 2)
        XCTAssertEqual(measured.count, expected.count, "one stroke per millisecond edge")
        for (m, e) in zip(measured, expected) {
            XCTAssertEqual(m, e, accuracy: 1, "edge at pixel \(e)")
        }

        // Panning by one pixel's worth of data moves every edge by one pixel.
        let pixel = visible.width / Double(size.width)
        var panned = visible
        panned.minX -= pixel
        panned.maxX -= pixel
        let moved = try GLTestHarness.draw(buffer, visible: panned, size: size).strokeCentres(inRow: size.height / 2)
        XCTAssertEqual(moved.count, measured.count)
        for (before, after) in zip(measured, moved) {
            XCTAssertEqual(after - before, 1, accuracy: 0.25, "edge at \(before) moved by \(after - before) px")
        }
    }

    func testPanAndZoomUploadNothing() throws {
        let size = PixelSize(width: 320, height: 200)
        let n = 50_000
        let xs = (0..<n).map { Double($0) }
        let ys = xs.map { sin($0 / 100) }
        let buffer = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: ys)
        var viewport = Viewport(visible: DataRect(minX: 0, maxX: Double(n), minY: -1.1, maxY: 1.1))
        let target = try TextureTarget(device: GLTestHarness.device, width: size.width, height: size.height)
        let style = LineStyle()
        func frame() {
            GLTestHarness.device.withPass(into: target.passTarget, clearTo: .white) {
                GLTestHarness.lineRenderer.draw(buffer, scales: PlotScales(visible: viewport.visible, plot: PixelBox(PixelRect(size: size))),
                                                plotRect: PixelRect(size: size), style: style)
            }
        }
        frame()
        let before = GLTestHarness.device.uploadedBytes
        for i in 0..<100 {
            var visible = viewport.visible
            if i % 2 == 0 {
                let shift = 7 * visible.width / Double(size.width)
                visible.minX -= shift
                visible.maxX -= shift
            } else {
                let width = visible.width / (i % 4 == 1 ? 1.3 : 0.8)
                visible.minX += (visible.width - width) / 3
                visible.maxX = visible.minX + width
            }
            viewport.visible = visible
            frame()
        }
        _ = target.readPixels()
        XCTAssertEqual(GLTestHarness.device.uploadedBytes - before, 0, "bytes uploaded during 100 pan/zoom frames")
        XCTAssertGreaterThan(before, 0, "the first frame's upload is counted")
    }

    func testAPointCostsEightBytesOfGPUMemory() {
        let n = 1_000_000
        let xs = (0..<n).map { Double($0) }
        let buffer = LineSeriesBuffer(device: GLTestHarness.device, xs: xs, ys: xs)
        let bytesPerPoint = Double(buffer.gpuByteCount) / Double(n)
        XCTAssertLessThanOrEqual(bytesPerPoint, 8.01)
        XCTAssertGreaterThanOrEqual(bytesPerPoint, 8)
    }
}
