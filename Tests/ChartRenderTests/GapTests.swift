import ChartApp
import ChartData
import ChartGeometry
import ChartMarks
import ChartRender
import XCTest

/// NaN is a gap: the line stops before it and starts again after it, never drawing
/// towards zero or across the hole; a point alone between gaps is a dot.
final class GapTests: XCTestCase {
    func testLineBreaksAtNaN() throws {
        let size = PixelSize(width: 400, height: 100)
        let xs = (0...40).map { Double($0) }
        var ys = [Double](repeating: 5, count: xs.count)
        for i in 18...22 { ys[i] = .nan }
        // A NaN at the very start draws nothing; a lone point between gaps is a dot.
        ys[0] = .nan
        ys[30] = .nan
        ys[32] = .nan
        let visible = DataRect(minX: 0, maxX: 40, minY: 0, maxY: 10)
        let image = try GLTestHarness.draw(xs: xs, ys: ys, visible: visible, size: size)
        let scale = Viewport(visible: visible).xScale(in: size)
        func covered(atX x: Double) -> Bool {
            image.coverage(Int(scale.pixel(forValue: x)), size.height / 2) > 0.5
        }
        XCTAssertTrue(covered(atX: 5), "line before the gap")
        XCTAssertTrue(covered(atX: 25), "line after the gap")
        XCTAssertFalse(covered(atX: 18.5), "nothing in the gap")
        XCTAssertFalse(covered(atX: 20), "nothing in the gap")
        XCTAssertFalse(covered(atX: 0.5), "nothing before the first real point")
        XCTAssertTrue(covered(atX: 31), "a lone point between gaps is a dot")
        XCTAssertFalse(covered(atX: 30.5), "only a dot")
        XCTAssertFalse(covered(atX: 31.5))
        // Nothing anywhere else in the image: a gap never falls to zero.
        let stray = (0..<size.width).contains { x in
            (0..<size.height).contains { y in abs(y - size.height / 2) > 3 && image.coverage(x, y) > 0.05 }
        }
        XCTAssertFalse(stray)
    }

    /// The newest point after a gap in x (a NaN is uploaded there) and a first point
    /// before one are drawn as dots, as the value label and the highlight show them.
    func testPointsAtTheEndsOfGapsAreDots() throws {
        let size = PixelSize(width: 400, height: 100)
        let xs: [Double] = [0, 1, 2, 3, 4, 5, 6]
        let ys: [Double] = [5, .nan, 5, 5, 5, .nan, 5]
        let visible = DataRect(minX: -0.5, maxX: 6.5, minY: 0, maxY: 10)
        let image = try GLTestHarness.draw(xs: xs, ys: ys, visible: visible, size: size)
        let scale = Viewport(visible: visible).xScale(in: size)
        func ink(atX x: Double) -> Double { image.coverage(Int(scale.pixel(forValue: x)), size.height / 2) }
        XCTAssertGreaterThan(ink(atX: 0), 0.5, "the first point, before a gap")
        XCTAssertGreaterThan(ink(atX: 6), 0.5, "the last point, after a gap")
        XCTAssertLessThan(ink(atX: 0.5), 0.05)
        XCTAssertLessThan(ink(atX: 5.5), 0.05)
        // A dot is round: as tall as the stroke, not a streak.
        let column = Int(scale.pixel(forValue: 6))
        let rows = (0..<size.height).filter { image.coverage(column, $0) > 0.5 }
        XCTAssertLessThanOrEqual(rows.count, 3)
    }

    /// A series of one point (a file of one row) is drawn as a round dot in the middle
    /// of the plot, `SeriesLinesController.dotRadius` line widths across each way (the
    /// line alone, a stroke of no length, draws nothing); a point of one gap draws none.
    func testASeriesOfOnePointIsADot() throws {
        func solid(_ ys: [Double]) throws -> (inked: [(x: Int, y: Int)], centre: (x: Int, y: Int), radius: Double) {
            let canvas = PixelSize(width: 600, height: 400)
            let dataset = Dataset(source: "one", xs: [1_672_704_000], series: [Series(name: "Close", ys: ys)],
                                  xKind: .time(unitsPerSecond: 1))
            let scene = try ExplorerScene(device: GLTestHarness.device, source: DataSource(dataset: dataset), canvas: canvas,
                                          gradient: false, font: nil)
            let target = try TextureTarget(device: GLTestHarness.device, width: canvas.width, height: canvas.height)
            for _ in 0..<600 where scene.advance(by: 1.0 / 60) {}
            scene.draw(into: target.passTarget)
            let image = target.readPixels()
            let blue = scene.main.lines.drawnColor(ofSeries: 0, theme: scene.main.stage.targetTheme)
            let plot = scene.main.geometry.plot
            var inked: [(x: Int, y: Int)] = []
            for y in plot.y..<plot.y + plot.height {
                for x in plot.x..<plot.x + plot.width {
                    let p = image[x, y]
                    let red = abs(Float(p.r) / 255 - blue.red), green = abs(Float(p.g) / 255 - blue.green)
                    let off: Float = red + green + abs(Float(p.b) / 255 - blue.blue)
                    if off < 0.15 { inked.append((x, y)) }
                }
            }
            return (inked, (plot.x + plot.width / 2, plot.y + plot.height / 2), SeriesLinesController.dotRadius * 2)
        }
        let dot = try solid([125.07])
        let r = dot.radius
        XCTAssertTrue(dot.inked.allSatisfy { Double(abs($0.x - dot.centre.x)) <= r + 1 && Double(abs($0.y - dot.centre.y)) <= r + 1 },
                      "round, in the middle of the plot \(dot.centre): \(dot.inked)")
        XCTAssertEqual(Double(dot.inked.count), Double.pi * r * r, accuracy: Double.pi * r * r * 0.4,
                       "a dot \(2 * r) pixels across")
        XCTAssertEqual(try solid([.nan]).inked.count, 0, "a gap draws nothing")
    }
}
