import ChartGeometry
import ChartMarks
import ChartStage
import XCTest

/// Surfaces are found by the kind of mark: a new kind needs no new method on any
/// factory or environment, and the recording backend keeps its marks unasked.
final class SurfaceMakersTests: XCTestCase {
    /// A kind of mark no backend has heard of.
    private struct Candle: Mark, Equatable {
        var open, close: Double
    }

    private final class CandleController: RenderController {
        var surface: (any MarkSurface<Candle>)?
        func attach(to environment: RenderEnvironment) { surface = environment.surface(for: Candle.self, layer: .series) }
        func build(in environment: RenderEnvironment) { surface?.add(Candle(open: 1, close: 2)) }
    }

    /// The recording factory makes a surface for a kind it never registered, the stage
    /// draws it on the layer asked for, and a rebuild empties it first.
    func testANewKindIsRecordedWithoutRegisteringIt() throws {
        let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1))
        recorded.stage.add(GradientController())
        recorded.stage.add(CandleController())
        recorded.frame()
        let candles = recorded.surfaces.surfaces(RecordingSurface<Candle>.self)
        XCTAssertEqual(candles.count, 1)
        XCTAssertEqual(candles.first?.marks, [Candle(open: 1, close: 2)])
        XCTAssertEqual(recorded.stage.surfaces.map(\.layer), [.background, .series])
        XCTAssertTrue(recorded.stage.surfaces.last === candles.first)
        recorded.stage.setGeometry(StageGeometry(canvas: PixelSize(width: 400, height: 300), layout: .standard))
        recorded.frame()
        XCTAssertEqual(candles.first?.marks.count, 1, "emptied before the rebuild")
    }

    /// Each kind's maker is found by its type alone, and a kind with none gets none.
    func testMakersAreKeyedByTheKind() throws {
        var makers = SurfaceMakers()
        let factory = RecordingSurfaceFactory()
        makers.register(Shape.self) { factory.makeSurface(for: Shape.self, layer: $0) }
        XCTAssertTrue(makers.makes(Shape.self))
        XCTAssertFalse(makers.makes(Candle.self))
        XCTAssertNil(makers.make(Candle.self, layer: .series))
        let shapes = try XCTUnwrap(makers.make(Shape.self, layer: .overlay))
        XCTAssertEqual(shapes.layer, .overlay)
        XCTAssertTrue(shapes is RecordingShapeSurface)
    }
}
