import ChartData
import ChartGeometry
import ChartRender
import XCTest

final class CoveragePathTests: XCTestCase {
    /// The two ways of keeping each pixel's largest coverage — the destination's alpha
    /// channel (targets with alpha) and a mask texture (a window without alpha bits) —
    /// draw the same picture, on dense noisy data where segments overlap everywhere.
    func testAlphaChannelAndMaskTextureDrawTheSameLine() throws {
        var rng = SplitMix64(seed: 12)
        let xs = (0..<20_000).map(Double.init)
        var y = 0.0
        let ys = xs.map { _ in y += Double.random(in: -1...1, using: &rng); return y }
        let size = PixelSize(width: 400, height: 200)
        let visible = DataRect(minX: 0, maxX: 20_000, minY: ys.min()! - 1, maxY: ys.max()! + 1)
        let device = GLTestHarness.device
        let buffer = LineSeriesBuffer(device: device, xs: xs, ys: ys)
        var images: [RGBAImage] = []
        for format in [PixelFormat.rgba8, .rgb8] {
            let target = try TextureTarget(device: device, width: size.width, height: size.height, format: format)
            device.withPass(into: target.passTarget, clearTo: RGBAColor(red: 0.9, green: 0.95, blue: 1)) {
                GLTestHarness.lineRenderer.draw(buffer, scales: PlotScales(visible: visible, plot: PixelBox(PixelRect(size: size))),
                                                plotRect: PixelRect(size: size),
                                                style: LineStyle(widthInPixels: 2, color: RGBAColor(red: 0.8, green: 0.2, blue: 0.1, alpha: 0.8)))
            }
            images.append(target.readPixels())
        }
        var worst = 0
        var inked = 0
        for y in 0..<size.height {
            for x in 0..<size.width {
                let a = images[0][x, y], b = images[1][x, y]
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                if a.g < 200 { inked += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 2000, "the line is drawn")
        XCTAssertLessThanOrEqual(worst, 2, "the same picture within 2/255")
    }
}
