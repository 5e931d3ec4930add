import ChartGeometry
@testable import ChartRender
import ChartStage
import XCTest

/// Solid horizontal and vertical segments whose edges fall on pixel edges (the grid's
/// lines), and the whole pixels inside a filled rectangle without rounded corners (the
/// range selector's shading), are drawn as flat triangles instead of measuring a
/// distance a pixel: the same picture (within a level where shapes overlap), told from
/// the recorded pipelines and compared pixel by pixel on llvmpipe.
final class FlatShapeTests: XCTestCase {
    private let canvas = PixelSize(width: 200, height: 120)
    private let grey = RGBAColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 0.35)
    /// Queued first over the whole canvas, it keeps every shape after it measured (draws
    /// nothing: no alpha).
    private let invisible = Shape.rect(PixelBox(x: 0, y: 0, width: 200, height: 120), fill: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0),
                                       cornerRadius: 2)

    /// The range selector's window over a 160 × 40 overview: shading either side of
    /// edges between pixels, a handle on each edge (rounded, measured), a rule along the top.
    private var selector: [Shape] {
        let shade = RGBAColor(red: 0.95, green: 0.96, blue: 0.98, alpha: 0.6), edge = RGBAColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 0.55)
        let (left, right) = (63.37, 141.81)
        return [
            .rect(PixelBox(x: 20, y: 60, width: left - 20, height: 40), fill: shade),
            .rect(PixelBox(x: right, y: 60, width: 180 - right, height: 40), fill: shade),
            .rect(PixelBox(x: left, y: 60, width: 5, height: 40), fill: edge, cornerRadius: 2),
            .rect(PixelBox(x: right - 5, y: 60, width: 5, height: 40), fill: edge, cornerRadius: 2),
            .segment(from: PixelPoint(x: left, y: 60.5), to: PixelPoint(x: right, y: 60.5), width: 1, color: edge),
            .rect(PixelBox(x: 30.25, y: 10.5, width: 40.5, height: 20.75), fill: RGBAColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 0.8)),
        ]
    }

    /// A grid as the y axis draws it (rows snapped to pixel centres), two crossing
    /// vertical lines, a wide one, and lines over one another.
    private var grid: [Shape] {
        let rows = [10.2, 33.7, 57.0, 80.49].map { y in
            Shape.segment(from: PixelPoint(x: 20, y: y), to: PixelPoint(x: 180, y: y), width: 1, color: grey)
        }
        return rows + [
            .segment(from: PixelPoint(x: 60.5, y: 5), to: PixelPoint(x: 60.5, y: 110), width: 1, color: grey),
            .segment(from: PixelPoint(x: 121, y: 5), to: PixelPoint(x: 121, y: 110), width: 3, color: grey),
            .segment(from: PixelPoint(x: 20, y: 57), to: PixelPoint(x: 100, y: 57), width: 1, color: RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5)),
        ]
    }

    private func pipelines(drawing shapes: [Shape]) throws -> [String] {
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let factory = try GPUSurfaceFactory(device: device, source: nil, font: nil)
        let stage = RenderStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1),
                                geometry: StageGeometry(canvas: canvas, layout: .plain), theme: .day, factory: factory)
        stage.add(ShapeProbe(shapes))
        stage.prepareFrame()
        factory.draw(stage, into: device.screen(size: canvas))
        return backend.commands.passes.flatMap(\.pipelines)
    }

    func testGridLinesOnWholePixelsAreDrawnFlat() throws {
        XCTAssertEqual(try pipelines(drawing: grid), ["filled areas"], "every line of the grid, flat, in one draw")
        let dashed = Shape.segment(from: PixelPoint(x: 20, y: 10.5), to: PixelPoint(x: 180, y: 10.5), width: 1, color: grey,
                                   dash: Dash(on: 4, off: 4))
        let slanted = Shape.segment(from: PixelPoint(x: 20, y: 10), to: PixelPoint(x: 180, y: 50), width: 1, color: grey)
        let halfPixel = Shape.segment(from: PixelPoint(x: 20.5, y: 10), to: PixelPoint(x: 180, y: 10), width: 1, color: grey)
        for shape in [dashed, slanted, halfPixel] {
            XCTAssertEqual(try pipelines(drawing: [shape]), ["shapes"], "\(shape) keeps its distance")
        }
        XCTAssertEqual(try pipelines(drawing: [invisible] + grid), ["shapes"],
                       "over a measured shape queued before them, the lines stay measured: the order they blend in is kept")
    }

    func testTheWholePixelsOfAFilledRectangleAreDrawnFlat() throws {
        XCTAssertEqual(try pipelines(drawing: selector), ["filled areas", "shapes"],
                       "the shading's middles flat, its fractional columns, the handles and the rule measured")
        let rounded = Shape.rect(PixelBox(x: 20, y: 20, width: 50, height: 30), fill: grey, cornerRadius: 4)
        let thin = Shape.rect(PixelBox(x: 20.2, y: 20, width: 0.7, height: 30), fill: grey)
        XCTAssertEqual(try pipelines(drawing: [rounded]), ["shapes"], "rounded corners are measured")
        XCTAssertEqual(try pipelines(drawing: [thin]), ["shapes"], "so is a rectangle with no whole pixel inside")
        let pieces = GPUShapeSurface.pieces(of: PixelBox(x: 30.25, y: 10.5, width: 40.5, height: 20.75), cornerRadius: 0)
        XCTAssertEqual(pieces.filter(\.1).map(\.0), [PixelBox(x: 31, y: 11, width: 39, height: 20)], "the middle, on whole pixels")
        XCTAssertEqual(pieces.count, 5, "a row above, a row below, a column each side, measured")
        XCTAssertEqual(pieces.map { $0.0.width * $0.0.height }.reduce(0, +), 40.5 * 20.75, accuracy: 1e-9, "tiling the rectangle")
    }

    func testFlatShadingLooksAsMeasured() throws {
        let flat = try picture(selector), measured = try picture([invisible] + selector)
        var worst = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let a = flat[x, y], b = measured[x, y]
                worst = max(worst, [Int(a.r) - Int(b.r), Int(a.g) - Int(b.g), Int(a.b) - Int(b.b), Int(a.a) - Int(b.a)].map(abs).max() ?? 0)
            }
        }
        XCTAssertEqual(worst, 0, "the same pixels, flat middles or measured")
    }

    private func picture(_ shapes: [Shape]) throws -> RGBAImage {
        let device = GLTestHarness.device
        let factory = try GPUSurfaceFactory(device: device, source: nil, font: nil)
        let stage = RenderStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1),
                                geometry: StageGeometry(canvas: canvas, layout: .plain), theme: .night, factory: factory)
        stage.add(ShapeProbe(shapes))
        let target = try TextureTarget(device: device, width: canvas.width, height: canvas.height)
        stage.prepareFrame()
        factory.draw(stage, into: target.passTarget)
        return target.readPixels()
    }

    func testFlatGridLinesLookAsMeasuredOnes() throws {
        let flat = try picture(grid), measured = try picture([invisible] + grid)
        var worst = 0, elsewhere = 0, inked = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let a = flat[x, y], b = measured[x, y]
                let off = [Int(a.r) - Int(b.r), Int(a.g) - Int(b.g), Int(a.b) - Int(b.b), Int(a.a) - Int(b.a)].map(abs).max() ?? 0
                worst = max(worst, off)
                // Where the red line lies over a grey one, the measured coverage (a hair
                // under 1 inside, as interpolated) rounds the second blend a level apart.
                if off > 0, !(y == 57 && (20..<100).contains(x)) { elsewhere += 1 }
                if (a.r, a.g, a.b) != (flat[0, 0].r, flat[0, 0].g, flat[0, 0].b) { inked += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 1000, "the grid is drawn")
        XCTAssertEqual(elsewhere, 0, "these lines over the background are the same pixels, flat or measured")
        XCTAssertLessThanOrEqual(worst, 1, "and a line over a line within a level")
    }
}
