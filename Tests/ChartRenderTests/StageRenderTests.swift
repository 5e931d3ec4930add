import ChartApp
import ChartData
import ChartGeometry
import ChartRender
import ChartStage
import XCTest

final class StageRenderTests: XCTestCase {
    /// The mesh's colours are the field's at its vertices, interpolated between: within
    /// two levels of 8-bit colour of ChartGeometry's reference, at every pixel of a 64 × 64
    /// target and on a grid of about 96 × 96 pixels of a 1280 × 720 one, at several
    /// phases of the animation.
    func testGradientMeshMatchesTheCPUReference() throws {
        let device = GLTestHarness.device
        let renderer = try GradientRenderer(device: device)
        for size in [PixelSize(width: 64, height: 64), PixelSize(width: 1280, height: 720)] {
            let target = try TextureTarget(device: device, width: size.width, height: size.height)
            for theme in ChartTheme.all {
                for phase in [0, 0.25, 0.5, 1.7, 3.0, 6.9] {
                    let field = GradientField(centers: GradientAnimation.centers(atPhase: phase), colors: theme.gradient)
                    device.withPass(into: target.passTarget) { renderer.draw(field) }
                    let image = target.readPixels()
                    var worst = 0.0
                    for row in stride(from: 0, to: size.height, by: max(1, size.height / 96)) {
                        for column in stride(from: 0, to: size.width, by: max(1, size.width / 96)) {
                            let expected = field.color(atU: (Double(column) + 0.5) / Double(size.width),
                                                       v: (Double(row) + 0.5) / Double(size.height))
                            let p = image[column, row]
                            for (got, want) in [(p.r, expected.red), (p.g, expected.green), (p.b, expected.blue)] {
                                worst = max(worst, abs(Double(got) - Double(want) * 255))
                            }
                        }
                    }
                    XCTAssertLessThanOrEqual(worst, 2, "\(size) \(theme.name) phase \(phase): off by \(worst)/255")
                }
            }
        }
    }

    private func sampleScene(layout: ChartLayout = .standard, theme: ChartTheme = .day, gradient: Bool = true,
                             font: FontFace? = GLTestHarness.font) throws -> ChartScene {
        var csv = "time,value\n"
        for day in 0..<400 { csv += "\(1_600_000_000 + day * 86400),\(sin(Double(day) / 30) * 40 + 50)\n" }
        let bytes = Array(csv.utf8)
        let dataset = try bytes.withUnsafeBytes { try CSVLoader().load($0, source: "sine.csv") }
        return try ChartScene(device: GLTestHarness.device, source: DataSource(dataset: dataset), layout: layout,
                              theme: theme, gradient: gradient, font: font)
    }

    /// The whole picture: grid lines on the rows where the y controller puts them, a
    /// label left of each, x labels under the plot, and nothing drawn over the margins
    /// but text. Without the gradient the canvas is the theme's flat colour.
    func testLabelsSitWhereTheGridIs() throws {
        let scene = try sampleScene(gradient: false)
        let size = PixelSize(width: 800, height: 400)
        let viewport = try XCTUnwrap(Viewport.fitting(scene.source))
        let image = try GLTestHarness.renderer.render(scene, viewport: viewport, size: size)
        let plot = scene.plotRect(in: size)
        let range = viewport.visible.minY...viewport.visible.maxY
        let grid = YAxisGrid(range: range, pixels: Double(plot.height))
        XCTAssertGreaterThanOrEqual(grid.values(in: range).count, 3, "\(grid.values(in: range))")
        func isBackground(_ x: Int, _ y: Int) -> Bool {
            let p = image[x, y]
            return p.r == 255 && p.g == 255 && p.b == 255
        }
        for value in grid.values(in: range) {
            let row = Int(Double(plot.y) + (viewport.visible.maxY - value) / viewport.visible.height * Double(plot.height))
            let line = min(row, plot.y + plot.height - 1)
            // A column near the plot's right end where the sine is elsewhere.
            let gridColumns = (plot.x + 2..<plot.x + 40).filter { !isBackground($0, line) }
            XCTAssertGreaterThan(gridColumns.count, 30, "grid line at \(value) (row \(line))")
            let labelInk = (plot.x - 40..<plot.x - 4).flatMap { x in (line - 6...line + 6).map { (x, $0) } }
                .filter { !isBackground($0.0, $0.1) }
            XCTAssertGreaterThan(labelInk.count, 5, "a label beside the line at \(value)")
        }
        let underPlot = (plot.x..<plot.x + plot.width).filter { x in
            (plot.y + plot.height + 4..<size.height).contains { !isBackground(x, $0) }
        }
        XCTAssertGreaterThan(underPlot.count, 40, "x labels under the plot")
        XCTAssertTrue((0..<size.width).allSatisfy { isBackground($0, 0) }, "nothing above the plot")
    }

    /// Glyphs are drawn as FreeType rendered them, on whole pixels: a label's stems
    /// have fully covered pixels (crisp), not only half-tones from a blurred sample.
    func testTextIsCrisp() throws {
        let scene = try sampleScene(gradient: false)
        let size = PixelSize(width: 800, height: 400)
        let image = try GLTestHarness.renderer.render(scene, viewport: try XCTUnwrap(Viewport.fitting(scene.source)),
                                                      size: size)
        let plot = scene.plotRect(in: size)
        // Under the plot: the x labels on the flat day background. Inked pixels are those
        // clearly darker than it; crisp glyphs (hinted, fetched texel for pixel) put a
        // share of them at the full text colour (about 15% at 11 pt), where blurred or
        // faded glyphs put none: every stem smeared over two half-dark columns.
        let text = Int(ChartTheme.day.text.green * 255), background = Int(ChartTheme.day.background.green * 255)
        var inked = 0, full = 0
        for y in plot.y + plot.height + 2..<size.height {
            for x in 0..<size.width {
                let g = Int(image[x, y].g)
                if g < background - (background - text) / 3 { inked += 1 }
                if g <= text + 12 { full += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 150, "the x labels are drawn")
        XCTAssertGreaterThan(Double(full) / Double(inked), 0.1, "label stems reach the full text colour: \(full) of \(inked)")
    }

    /// After a resize the gradient's mesh spans the new size: the same scene drawn at two
    /// sizes shows the same field stretched, so each corner keeps its colour (light, and
    /// not the same in all four, as a blank or white canvas would be).
    func testGradientFollowsAResize() throws {
        let scene = try sampleScene()
        let viewport = try XCTUnwrap(Viewport.fitting(scene.source))
        var cornersBySize: [[Int]] = []
        for size in [PixelSize(width: 300, height: 200), PixelSize(width: 900, height: 300)] {
            let image = try GLTestHarness.renderer.render(scene, viewport: viewport, size: size)
            var corners: [Int] = []
            for (x, y) in [(1, 1), (size.width - 2, 1), (1, size.height - 2), (size.width - 2, size.height - 2)] {
                let p = image[x, y]
                XCTAssertGreaterThan(Int(p.r) + Int(p.g) + Int(p.b), 3 * 180, "\(size) corner \(x),\(y) is light")
                corners += [Int(p.r), Int(p.g), Int(p.b)]
            }
            cornersBySize.append(corners)
        }
        let (small, large) = (cornersBySize[0], cornersBySize[1])
        XCTAssertGreaterThan(Set(stride(from: 0, to: 12, by: 3).map { small[$0..<$0 + 3].map(String.init).joined() }).count, 2,
                             "the corners show different gradient colours: \(small)")
        for channel in 0..<12 {
            XCTAssertEqual(small[channel], large[channel], accuracy: 8, "corner colours keep after a resize: \(small) vs \(large)")
        }
    }

    /// Night is dark, day is light, and the gradient is never flat.
    func testThemesAndGradient() throws {
        let size = PixelSize(width: 400, height: 240)
        for (theme, light) in [(ChartTheme.day, true), (.night, false)] {
            let scene = try sampleScene(theme: theme)
            let image = try GLTestHarness.renderer.render(scene, viewport: try XCTUnwrap(Viewport.fitting(scene.source)),
                                                          size: size)
            let corners = [image[2, 2], image[397, 2], image[2, 237], image[397, 237]]
            for p in corners { XCTAssertEqual(Int(p.r) + Int(p.g) + Int(p.b) > 3 * 128, light, "\(theme.name)") }
            XCTAssertGreaterThan(Set(corners.map { "\($0.r),\($0.g),\($0.b)" }).count, 2, "the four colours differ")
        }
    }
}

/// Emits a fixed set of shapes, to test the shape surface on the GPU.
final class ShapeProbe: RenderController {
    let shapes: [Shape]
    private var surface: ShapeSurface?
    init(_ shapes: [Shape]) { self.shapes = shapes }
    func attach(to environment: RenderEnvironment) { surface = environment.surface(for: Shape.self, layer: .overlay) }
    func build(in environment: RenderEnvironment) { shapes.forEach { surface?.add($0) } }
}

final class ShapeSurfaceTests: XCTestCase {
    /// Each kind of shape lands where it was asked to, antialiased at its edge: a filled
    /// and stroked circle, a rectangle, a dashed segment (gaps where the dash is off) and
    /// a filled area under a polyline.
    func testShapesLandWhereAsked() throws {
        let device = GLTestHarness.device
        let factory = try GPUSurfaceFactory(device: device, source: nil, font: nil)
        let geometry = StageGeometry(canvas: PixelSize(width: 200, height: 100), layout: .plain)
        let stage = RenderStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1), geometry: geometry,
                                theme: .day, factory: factory)
        let red = RGBAColor(red: 1, green: 0, blue: 0), blue = RGBAColor(red: 0, green: 0, blue: 1)
        stage.add(ShapeProbe([
            .circle(center: PixelPoint(x: 30, y: 30), radius: 10, fill: red, stroke: blue, strokeWidth: 2),
            .rect(PixelBox(x: 60, y: 10, width: 20, height: 30), fill: blue),
            .segment(from: PixelPoint(x: 100, y: 20.5), to: PixelPoint(x: 190, y: 20.5), width: 3, color: red,
                     dash: Dash(on: 10, off: 10)),
            .area(top: [PixelPoint(x: 100, y: 60), PixelPoint(x: 190, y: 60)], baseline: 90, color: blue),
        ]))
        let target = try TextureTarget(device: device, width: 200, height: 100)
        stage.prepareFrame()
        factory.draw(stage, into: target.passTarget)
        let image = target.readPixels()
        func color(_ x: Int, _ y: Int) -> (Int, Int, Int) { (Int(image[x, y].r), Int(image[x, y].g), Int(image[x, y].b)) }
        XCTAssertTrue(color(30, 30) == (255, 0, 0), "circle fill \(color(30, 30))")
        XCTAssertTrue(color(30, 21) == (0, 0, 255), "circle stroke \(color(30, 21))")
        XCTAssertTrue(color(30, 17) == (255, 255, 255), "outside the circle")
        let ring = (18...42).flatMap { x in (18...42).map { color(x, $0) } }
        let partial = ring.filter { $0 != (255, 255, 255) && $0 != (0, 0, 255) && $0 != (255, 0, 0) && $0.1 > 0 }
        XCTAssertGreaterThan(partial.count, 20, "the circle's edge is antialiased, not cut")
        XCTAssertTrue(color(70, 25) == (0, 0, 255) && color(59, 25) == (255, 255, 255) && color(81, 25) == (255, 255, 255), "rect")
        XCTAssertTrue(color(105, 20) == (255, 0, 0), "dash on")
        XCTAssertTrue(color(115, 20) == (255, 255, 255), "dash off")
        XCTAssertTrue(color(125, 20) == (255, 0, 0), "dash on again")
        XCTAssertTrue(color(145, 75) == (0, 0, 255) && color(145, 55) == (255, 255, 255) && color(145, 95) == (255, 255, 255), "area")
    }
}

extension ShapeSurfaceTests {
    /// An outline (a focus ring) inks only its rim, `width` pixels inside its box, in its
    /// colour; what lies within shows through, and its corners are rounded.
    func testAnOutlineIsItsRimOnly() throws {
        let device = GLTestHarness.device
        let factory = try GPUSurfaceFactory(device: device, source: nil, font: nil)
        let geometry = StageGeometry(canvas: PixelSize(width: 120, height: 80), layout: .plain)
        let stage = RenderStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1), geometry: geometry,
                                theme: .day, factory: factory)
        let red = RGBAColor(red: 1, green: 0, blue: 0), blue = RGBAColor(red: 0, green: 0, blue: 1)
        stage.add(ShapeProbe([
            .rect(PixelBox(x: 50, y: 30, width: 20, height: 20), fill: blue),
            .outline(PixelBox(x: 20, y: 10, width: 80, height: 60), color: red, width: 3, cornerRadius: 10),
        ]))
        let target = try TextureTarget(device: device, width: 120, height: 80)
        stage.prepareFrame()
        factory.draw(stage, into: target.passTarget)
        let image = target.readPixels()
        func color(_ x: Int, _ y: Int) -> (Int, Int, Int) { (Int(image[x, y].r), Int(image[x, y].g), Int(image[x, y].b)) }
        for (x, y) in [(20, 40), (22, 40), (99, 40), (97, 40), (60, 10), (60, 12), (60, 69), (60, 67)] {
            XCTAssertTrue(color(x, y) == (255, 0, 0), "rim at \(x), \(y): \(color(x, y))")
        }
        for (x, y) in [(19, 40), (100, 40), (60, 9), (60, 70)] {
            XCTAssertTrue(color(x, y) == (255, 255, 255), "outside at \(x), \(y): \(color(x, y))")
        }
        XCTAssertTrue(color(24, 40) == (255, 255, 255) && color(60, 15) == (255, 255, 255), "clear inside the rim")
        XCTAssertTrue(color(60, 40) == (0, 0, 255), "what lies within shows through")
        XCTAssertTrue(color(20, 10) == (255, 255, 255), "a rounded corner leaves the box's corner clear")
    }
}

final class ExplorerSceneTests: XCTestCase {
    /// The range selector's overview is drawn once and copied while the main view pans
    /// and zooms; a hidden series redraws it. The copy looks like the lines themselves:
    /// the strip holds the series' colour.
    func testTheSelectorsLinesAreDrawnOnceAndCopied() throws {
        let device = GLTestHarness.device
        let walk = RandomWalk(count: 50_000, seed: 5).dataset()
        let second = Series(name: "second", ys: walk.series[0].ys.map { $0 + 5 })
        let source = DataSource(dataset: Dataset(source: "walk", xs: walk.xs, series: walk.series + [second],
                                                 xKind: .time(unitsPerSecond: 1)))
        let canvas = PixelSize(width: 800, height: 500)
        let scene = try ExplorerScene(device: device, source: source, canvas: canvas, font: nil)
        let target = try TextureTarget(device: device, width: canvas.width, height: canvas.height)
        func frame() -> RGBAImage {
            scene.advance(by: 1.0 / 60)
            scene.draw(into: target.passTarget)
            return target.readPixels()
        }
        _ = frame()
        XCTAssertEqual(scene.selectorFactory.cachedLineRenders, 1)
        for i in 0..<10 {
            scene.main.pan(byPixels: Double(i * 7))
            scene.main.wheel(steps: 0.5, at: PixelPoint(x: 400, y: 200))
            _ = frame()
        }
        XCTAssertEqual(scene.selectorFactory.cachedLineRenders, 1, "panning and zooming copy the cached overview")
        let strip = try XCTUnwrap(ChartLayout.explorer.minimapRect(in: canvas))
        let image = frame()
        let inked = (strip.y..<strip.y + strip.height).reduce(0) { total, y in
            total + (strip.x..<strip.x + strip.width).filter { x in
                let p = image[x, y]
                return abs(Int(p.b) - Int(p.r)) > 40
            }.count
        }
        XCTAssertGreaterThan(inked, strip.width, "the overview's lines (blue and red) are in the strip")
        XCTAssertLessThan(inked, strip.width * strip.height / 3, "as lines, not a filled strip")
        scene.main.toggle(series: 0)
        for _ in 0..<30 { _ = frame() }
        XCTAssertGreaterThan(scene.selectorFactory.cachedLineRenders, 1, "a change of the lines redraws it")
    }
}
