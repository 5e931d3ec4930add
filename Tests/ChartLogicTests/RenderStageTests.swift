import ChartData
import ChartGeometry
import ChartMarks
import ChartStage
import XCTest

final class RenderStageTests: XCTestCase {
    /// Counts its builds.
    private final class Probe: RenderController {
        let follows: Bool
        var builds = 0
        var environment: RenderEnvironment?
        init(follows: Bool) { self.follows = follows }
        var followsViewport: Bool { follows }
        func attach(to environment: RenderEnvironment) {
            self.environment = environment
            _ = environment.surface(for: Shape.self, layer: .grid)
        }
        func build(in environment: RenderEnvironment) { builds += 1 }
    }

    /// Only the invalid targets are rebuilt: a pan rebuilds the controllers that follow
    /// the viewport, an invalidation only its own controller, a resize everything.
    func testOnlyInvalidTargetsAreRebuilt() {
        let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1))
        let follower = Probe(follows: true), still = Probe(follows: false)
        recorded.stage.add(follower)
        recorded.stage.add(still)
        recorded.frame()
        XCTAssertEqual([follower.builds, still.builds], [1, 1])
        recorded.stage.viewport.set(.init(x: 1...2))
        recorded.frame()
        XCTAssertEqual([follower.builds, still.builds], [2, 1])
        still.environment!.invalidate()
        recorded.frame()
        XCTAssertEqual([follower.builds, still.builds], [2, 2])
        recorded.frame()
        XCTAssertEqual([follower.builds, still.builds], [2, 2], "nothing changed, nothing rebuilt")
        XCTAssertFalse(recorded.stage.frames.isPending)
        recorded.stage.setGeometry(StageGeometry(canvas: PixelSize(width: 400, height: 300), layout: .standard))
        recorded.frame()
        XCTAssertEqual([follower.builds, still.builds], [3, 3])
    }

    /// The stage's scales for each side are its viewport for that side as drawn now on
    /// its plot: what every surface of the frame and every controller draws through.
    func testEachSidesScalesAreItsViewOnThePlot() {
        let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 10, minY: 0, maxY: 1))
        recorded.stage.rightViewport.set(.init(y: 100...300))
        let left = recorded.stage.scales(for: .left), right = recorded.stage.scales(for: .right)
        XCTAssertEqual(left.visible, DataRect(minX: 0, maxX: 10, minY: 0, maxY: 1))
        XCTAssertEqual(right.visible, DataRect(minX: 0, maxX: 10, minY: 100, maxY: 300))
        XCTAssertEqual(left.plot, PixelBox(x: 60, y: 20, width: 1000, height: 500))
        XCTAssertEqual(right.canvasY(200), 270, "halfway up the right axis is halfway down the plot")
        XCTAssertEqual(left.canvasX(2.5), 310)
    }

    /// Surfaces draw by layer, then by controller order.
    func testSurfacesAreOrderedByLayer() {
        let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1))
        let bytes = Array("x,y\n1,2\n2,3\n".utf8)
        let dataset = try! bytes.withUnsafeBytes { try CSVLoader().load($0, source: "t.csv") }
        recorded.stage.add(YAxisController())
        recorded.stage.add(SeriesLinesController(source: DataSource(dataset: dataset)))
        recorded.stage.add(GradientController())
        // The lines controller has two series surfaces: the lines and the trend baseline.
        XCTAssertEqual(recorded.stage.surfaces.map(\.layer), [.background, .grid, .series, .series, .overlay])
    }

    /// The gradient is drawn again only while its centres move: a pan does not touch it,
    /// a shift animates it for its duration and then it rests.
    func testGradientRedrawsOnlyWhileMoving() {
        let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1))
        let gradient = GradientController()
        recorded.stage.add(gradient)
        recorded.frame()
        let surface = recorded.surfaces.gradients[0]
        XCTAssertEqual(surface.updates, 1)
        for i in 0..<10 {
            recorded.stage.viewport.set(.init(x: Double(i)...Double(i + 1)))
            recorded.frame()
        }
        XCTAssertEqual(surface.updates, 1, "a pan does not redraw the gradient")
        gradient.shift()
        var frames = 0
        while recorded.stage.advance(by: 1.0 / 60) {
            recorded.stage.prepareFrame()
            frames += 1
        }
        recorded.stage.prepareFrame()
        XCTAssertEqual(frames, 30, "0.5 s at 60 Hz")
        XCTAssertEqual(gradient.phase, 1)
        let updates = surface.updates
        recorded.frame()
        XCTAssertEqual(surface.updates, updates, "at rest it is not redrawn")
        XCTAssertEqual(surface.field?.centers, GradientAnimation.centers(atPhase: 1))
    }

    /// An animated theme switch passes through the colours in between and lands on the
    /// new theme.
    func testThemeSwitchAnimates() {
        let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1))
        recorded.stage.add(GradientController())
        recorded.frame()
        recorded.stage.setTheme(.night, animated: true)
        recorded.frame()
        let mid = recorded.stage.theme.background
        XCTAssertNotEqual(mid, ChartTheme.day.background)
        XCTAssertNotEqual(mid, ChartTheme.night.background)
        for _ in 0..<30 { recorded.frame() }
        XCTAssertEqual(recorded.stage.theme, .night)
        XCTAssertEqual(recorded.surfaces.gradients[0].field?.colors, ChartTheme.night.gradient)
    }
}
