import ChartData
import ChartGeometry
import XCTest

/// The renderers' ready transform agrees with `PlotScales`, carries the very numbers
/// the renderers set before it existed, and stays finite at the edges of `Double`.
final class PlotTransformTests: XCTestCase {
    private func randomView(_ rng: inout SplitMix64) -> (visible: DataRect, plot: PixelRect) {
        let minX = Double.random(in: -1e12...1e12, using: &rng), minY = Double.random(in: -1e6...1e6, using: &rng)
        let visible = DataRect(minX: minX, maxX: minX + Double.random(in: 1e-3...1e9, using: &rng),
                               minY: minY, maxY: minY + Double.random(in: 1e-3...1e6, using: &rng))
        let plot = PixelRect(x: Int.random(in: 0...200, using: &rng), y: Int.random(in: 0...200, using: &rng),
                             width: Int.random(in: 1...2000, using: &rng), height: Int.random(in: 1...1200, using: &rng))
        return (visible, plot)
    }

    /// A point the transform puts (x right, y up from the plot's lower-left corner) is
    /// the canvas point `PlotScales` puts it at (y down from the top).
    func testItDrawsWherePlotScalesPutsThePoint() {
        var rng = SplitMix64(seed: 23)
        for _ in 0..<5000 {
            let (visible, rect) = randomView(&rng)
            let scales = PlotScales(visible: visible, plot: PixelBox(rect))
            let transform = scales.transform
            let x = visible.minX + visible.width * Double.random(in: -0.5...1.5, using: &rng)
            let y = visible.minY + visible.height * Double.random(in: -0.5...1.5, using: &rng)
            XCTAssertEqual(Double(rect.x) + transform.pixelX(x), scales.canvasX(x), accuracy: 1e-3)
            XCTAssertEqual(Double(rect.y + rect.height) - transform.pixelY(y), scales.canvasY(y), accuracy: 1e-3)
            XCTAssertEqual(Double(transform.offsetX(to: x)), transform.pixelX(x), accuracy: abs(transform.pixelX(x)) * 1e-6 + 1e-3)
            let span = Double.random(in: 0...visible.width, using: &rng)
            XCTAssertEqual(transform.spanX(coveredBy: transform.pixels(spanningX: span)), span, accuracy: span * 1e-12)
        }
    }

    /// The factors are bit for bit the plot's pixels over the view's span, as the line
    /// and stack renderers worked them out themselves: the GPU gets the same numbers.
    func testItsFactorsAreThePixelsOverTheSpan() {
        var rng = SplitMix64(seed: 29)
        for _ in 0..<1000 {
            let (visible, rect) = randomView(&rng)
            let transform = PlotScales(visible: visible, plot: PixelBox(rect)).transform
            XCTAssertEqual(transform.pixelsPerUnitX, Double(rect.width) / visible.width)
            XCTAssertEqual(transform.pixelsPerUnitY, Double(rect.height) / visible.height)
            XCTAssertEqual(transform.originX, visible.minX)
            XCTAssertEqual(transform.originY, visible.minY)
        }
    }

    /// The view the scales map is the one they were made for, bit for bit: renderers
    /// cull blocks by it.
    func testTheScalesGiveBackTheirView() {
        var rng = SplitMix64(seed: 31)
        for _ in 0..<1000 {
            let (visible, rect) = randomView(&rng)
            XCTAssertEqual(PlotScales(visible: visible, plot: PixelBox(rect)).visible, visible)
        }
    }

    /// An offset across the whole of `Double` neither overflows on the way nor leaves
    /// `Float`: it is clamped to ±2⁶⁰ pixels.
    func testOffsetsStayFiniteAcrossTheWholeRange() {
        let wide = PlotTransform(originX: -.greatestFiniteMagnitude, originY: .greatestFiniteMagnitude,
                                 pixelsPerUnitX: 1, pixelsPerUnitY: 1)
        XCTAssertEqual(wide.offsetX(to: .greatestFiniteMagnitude), Float(0x1p60))
        XCTAssertEqual(wide.offsetY(to: -.greatestFiniteMagnitude), -Float(0x1p60))
        let fine = PlotTransform(originX: 1.6e12, originY: 0, pixelsPerUnitX: 64, pixelsPerUnitY: 2)
        XCTAssertEqual(fine.offsetX(to: 1.6e12 + 10.5), 672)
        XCTAssertEqual(fine.offsetY(to: -3), -6)
    }
}
