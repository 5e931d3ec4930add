import ChartGeometry
import ChartRender
import ChartStage
import XCTest

/// Emits a fixed set of text runs, to test the text surface on the GPU.
private final class TextProbe: RenderController {
    let runs: [TextRun]
    private var surface: TextSurface?
    init(_ runs: [TextRun]) { self.runs = runs }
    func attach(to environment: RenderEnvironment) { surface = environment.surface(for: TextRun.self, layer: .overlay) }
    func build(in environment: RenderEnvironment) { runs.forEach { surface?.add($0) } }
}

/// Series names come from CSV headers and Telegram exports in any language: they must
/// be drawn with real glyphs, found in whichever installed font has them, not as the
/// primary font's "missing glyph" boxes.
final class TextScriptsRenderTests: XCTestCase {
    /// Russian, Greek, Chinese and Arabic for "temperature".
    static let names = ["Температура", "Θερμοκρασία", "温度", "درجة"]
    /// A private-use code point no font has: it draws as the missing-glyph box.
    static let noGlyph: Unicode.Scalar = "\u{10FFFD}"

    private static let pointSize = 24.0, cellHeight = 40

    /// Texts drawn black on white, each at the top left of its own cell (40 pixels
    /// high, `cellWidth` wide), `columns` cells to a row.
    private struct Cells {
        let image: CoverageImage
        let cellWidth: Int, columns: Int

        init(_ texts: [String], cellWidth: Int = 40, columns: Int = 10) throws {
            self.cellWidth = cellWidth
            self.columns = columns
            let device = GLTestHarness.device
            let factory = try GPUSurfaceFactory(device: device, source: nil, font: GLTestHarness.font)
            let rows = (texts.count + columns - 1) / columns
            let canvas = PixelSize(width: cellWidth * columns, height: TextScriptsRenderTests.cellHeight * rows)
            let stage = RenderStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1),
                                    geometry: StageGeometry(canvas: canvas, layout: .plain), theme: .day, factory: factory)
            stage.add(TextProbe(texts.enumerated().map { index, text in
                let origin = PixelPoint(x: Double(index % columns * cellWidth + 6),
                                        y: Double(index / columns * TextScriptsRenderTests.cellHeight + 4))
                return TextRun(text, at: origin, anchor: .topLeft, pointSize: TextScriptsRenderTests.pointSize, color: .black)
            }))
            let target = try TextureTarget(device: device, width: canvas.width, height: canvas.height)
            stage.prepareFrame()
            factory.draw(stage, into: target.passTarget)
            image = CoverageImage(target.readPixels())
        }

        /// The inked pixels (more than half covered) of cell `index`, relative to its corner.
        func ink(_ index: Int) -> Set<[Int]> {
            let x0 = index % columns * cellWidth, y0 = index / columns * TextScriptsRenderTests.cellHeight
            var inked: Set<[Int]> = []
            for y in 0..<TextScriptsRenderTests.cellHeight {
                for x in 0..<cellWidth where image.coverage(x0 + x, y0 + y) > 0.5 { inked.insert([x, y]) }
            }
            return inked
        }
    }

    /// Every letter of the four names, drawn alone, inks its cell with a shape that is
    /// not the missing-glyph box (the box is the same for every missing letter, so a
    /// letter drawn as a box matches the rendering of U+10FFFD pixel for pixel).
    func testNamesInFourScriptsAreDrawnWithGlyphsNotBoxes() throws {
        let letters = Self.names.flatMap { $0.unicodeScalars.map(String.init) }
        let cells = try Cells([String(Self.noGlyph)] + letters)
        let box = cells.ink(0)
        XCTAssertGreaterThan(box.count, 20, "the missing glyph is drawn as a box")
        var boxes: [String] = []
        for (index, letter) in letters.enumerated() {
            let glyph = cells.ink(index + 1)
            XCTAssertGreaterThan(glyph.count, 10, "\(letter) leaves ink")
            if glyph.symmetricDifference(box).count < box.count / 4 { boxes.append(letter) }
        }
        XCTAssertEqual(boxes, [], "drawn as missing-glyph boxes")
    }

    /// Each name drawn as one run, on its own line, inks it, and differs from a run of
    /// as many missing-glyph boxes by more than half the boxes' ink.
    func testEachNameIsDrawnAsARunNotAsBoxes() throws {
        let boxes = Self.names.map { String(repeating: String(Self.noGlyph), count: $0.unicodeScalars.count) }
        let cells = try Cells(Self.names + boxes, cellWidth: 400, columns: 1)
        for (index, name) in Self.names.enumerated() {
            let run = cells.ink(index), reference = cells.ink(Self.names.count + index)
            XCTAssertGreaterThan(run.count, 30, "\(name) leaves ink")
            XCTAssertGreaterThan(run.symmetricDifference(reference).count, reference.count / 2,
                                 "\(name) is not drawn as \(name.unicodeScalars.count) boxes")
        }
    }

    /// A glyph from a fallback font sits on the primary font's baseline: 温 after an x
    /// ends within a few pixels of where the x ends (ideographs reach a little below
    /// the baseline, by design), not above it or far below.
    func testAFallbackGlyphSitsOnThePrimaryBaseline() throws {
        let cells = try Cells(["x", "\u{6E29}"])
        let xBottom = try XCTUnwrap(cells.ink(0).map { $0[1] }.max())
        let hanBottom = try XCTUnwrap(cells.ink(1).map { $0[1] }.max())
        XCTAssertGreaterThanOrEqual(hanBottom, xBottom - 1, "温 ends at or below the baseline")
        XCTAssertLessThanOrEqual(hanBottom, xBottom + Int(Self.pointSize / 5), "温 ends near the baseline")
    }
}
