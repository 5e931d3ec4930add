import ChartApp
import ChartData
import ChartGeometry
import ChartRender
import XCTest

/// The window's refinement end to end, without a window: a chart over a coarse pyramid
/// of the 1M-row W1 walk, zoomed 200×, asks the source (the rows in memory) for its view
/// as the window's frames would tell it; the answer, taken in as the window takes it
/// (`ExplorerScene.refine`), draws the view as a chart over every row does, where the
/// pyramid alone did not.
final class RefinedViewRenderTests: XCTestCase {
    private let canvas = PixelSize(width: 1280, height: 720)

    private func settledPicture(of scene: ExplorerScene) throws -> RGBAImage {
        for _ in 0..<600 where scene.advance(by: 1.0 / 60) {}
        let target = try TextureTarget(device: GLTestHarness.device, width: canvas.width, height: canvas.height)
        scene.draw(into: target.passTarget)
        return target.readPixels()
    }

    /// Pixels of the main plot that differ by more than 10% in a channel, as a share of
    /// those `reference` inks (differs from its background).
    private func shareDiffering(_ image: RGBAImage, from reference: RGBAImage, in plot: PixelRect) -> Double {
        let background = reference[plot.x + 1, plot.y + 1]
        var inked = 0, differing = 0
        for y in plot.y..<plot.y + plot.height {
            for x in plot.x..<plot.x + plot.width {
                let (a, b) = (reference[x, y], image[x, y])
                if abs(Int(a.r) - Int(background.r)) + abs(Int(a.g) - Int(background.g)) + abs(Int(a.b) - Int(background.b)) > 30 {
                    inked += 1
                }
                if max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b))) > 25 { differing += 1 }
            }
        }
        return Double(differing) / Double(max(inked, 1))
    }

    /// GL is drawn on the test's own thread (the context's): the source's answers are
    /// waited for, not awaited.
    func testAStoppedViewIsRefinedToWhatEveryRowDraws() throws {
        let rows = RandomWalk(count: 1_000_000).dataset()
        let source = LoadedSource(dataset: rows)
        let extent = try BlockingQuery.run { try await source.extent() }
        let columns = 1 << 14
        let request = M4Request(series: extent.series, start: extent.first!, end: extent.last!.nextUp, columns: columns)
        let pyramid = try BlockingQuery.run { try await source.m4(request) }.dataset(source: rows.source, xKind: rows.xKind)
        let span = extent.last! - extent.first!
        let view = (extent.first! + span * 0.4)...(extent.first! + span * 0.405)

        let full = try ExplorerScene(device: GLTestHarness.device, source: DataSource(dataset: rows), canvas: canvas,
                                     gradient: false, font: nil)
        full.main.show(x: view)
        let reference = try settledPicture(of: full)

        let scene = try ExplorerScene(device: GLTestHarness.device, source: DataSource(dataset: pyramid), canvas: canvas,
                                      gradient: false, font: nil)
        scene.main.show(x: view)
        let plot = scene.main.geometry.plot
        let coarse = shareDiffering(try settledPicture(of: scene), from: reference, in: plot)

        let refiner = try XCTUnwrap(ViewRefiner(source: source, extent: extent, base: pyramid,
                                                baseResolution: Double(columns) / span, make: { DataSource(dataset: $0) },
                                                wake: {}))
        refiner.viewChanged(to: scene.main.targetX, columns: plot.width)
        var update: ViewRefiner.Update?
        let deadline = Date().addingTimeInterval(20)
        while update == nil, Date() < deadline {
            usleep(20_000)
            update = refiner.take()
        }
        let refined = try XCTUnwrap(update?.source, "the stopped view was answered")
        let started = Date()
        XCTAssertTrue(scene.refine(refined))
        let taken = Date().timeIntervalSince(started)
        XCTAssertEqual(scene.main.targetX, view, "the view stays")
        let fine = shareDiffering(try settledPicture(of: scene), from: reference, in: plot)
        print(String(format: "refined view against every row: %.3f%% of the line's pixels differ (the pyramid alone: %.1f%%); "
                     + "taken in %.1f ms", fine * 100, coarse * 100, taken * 1000))
        XCTAssertGreaterThan(coarse, 0.05, "the pyramid alone draws the view otherwise")
        XCTAssertLessThanOrEqual(fine, 0.01)
    }
}
