import ChartApp
import ChartData
import ChartGeometry
@testable import ChartRender
import ChartStage
import XCTest

/// The range selector's still layers (its panel and its lines) are drawn once into a
/// cache and copied in one draw while what decides their pixels stays the same
/// (`LayerCache`): read from the recorded calls, and compared pixel by pixel with the
/// layers drawn directly on llvmpipe.
final class StillLayerTests: XCTestCase {
    private let canvas = PixelSize(width: 800, height: 500)

    private func scene(on device: RenderDevice) throws -> ExplorerScene {
        let walk = RandomWalk(count: 600, seed: 5).dataset()
        let second = Series(name: "s1", ys: walk.series[0].ys.map { $0 + 5 })
        let source = DataSource(dataset: Dataset(source: "walk", xs: walk.xs, series: walk.series + [second],
                                                 xKind: .time(unitsPerSecond: 1)))
        return try ExplorerScene(device: device, source: source, canvas: canvas, font: nil)
    }

    private func frame(_ scene: ExplorerScene, into target: PassTarget) {
        scene.advance(by: 1.0 / 60)
        scene.frames.beginFrame()
        scene.draw(into: target)
    }

    /// The pipelines the range selector's pass on the screen applies (the second pass
    /// on the screen: the chart's comes first).
    private func selectorScreenPipelines(_ commands: [RecordingBackend.Command]) -> [String] {
        let screen = commands.passes.filter { $0.target == 0 }
        return screen.count == 2 ? screen[1].pipelines : []
    }

    func testTheSelectorsPanelAndLinesAreDrawnOnceWhileTheirKeyIsEqualAndAgainWhenItChanges() throws {
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let scene = try scene(on: device)
        let screen = device.screen(size: canvas)
        frame(scene, into: screen)
        XCTAssertEqual(scene.selectorFactory.cachedLayerRenders, 1, "the first frame draws the layer into its cache")

        for step in 0..<10 {
            backend.clear()
            // The selector's window follows the chart's range, so its controller is built
            // again every frame: its panel's shapes come again, equal.
            scene.main.pan(byPixels: Double(step * 7))
            scene.main.wheel(steps: 0.5, at: PixelPoint(x: 400, y: 200))
            frame(scene, into: screen)
            XCTAssertEqual(selectorScreenPipelines(backend.commands), ["cached plot copy", "filled areas", "shapes"],
                           "one copy of the panel and lines, then the window's shading and edges over it")
            XCTAssertFalse(backend.commands.passes.contains { $0.target != 0 && $0.pipelines.contains("shapes") },
                           "the panel is not drawn again")
        }
        XCTAssertEqual(scene.selectorFactory.cachedLayerRenders, 1, "panning and zooming the chart copy the layer")

        scene.setTheme(.night, animated: false)
        frame(scene, into: screen)
        XCTAssertEqual(scene.selectorFactory.cachedLayerRenders, 2, "another theme: another panel colour")
        frame(scene, into: screen)
        XCTAssertEqual(scene.selectorFactory.cachedLayerRenders, 2)

        scene.main.toggle(series: 1)
        for _ in 0..<120 { frame(scene, into: screen) }
        let afterToggle = scene.selectorFactory.cachedLayerRenders
        XCTAssertGreaterThan(afterToggle, 2, "a hidden series changes the overview's lines")
        frame(scene, into: screen)
        XCTAssertEqual(scene.selectorFactory.cachedLayerRenders, afterToggle, "and not once the fade has settled")

        scene.resize(to: PixelSize(width: 700, height: 450), scale: 1)
        frame(scene, into: device.screen(size: PixelSize(width: 700, height: 450)))
        XCTAssertEqual(scene.selectorFactory.cachedLayerRenders, afterToggle + 1, "another size, drawn again")
    }

    /// Bars and areas are drawn from the store, which a refined view replaces under them:
    /// a selector showing them draws its layers directly, every frame.
    func testASelectorWithBarsDrawsItsLayersDirectly() throws {
        let rows = (0..<200).map { "\($0),\(Double($0 % 17)),\(Double($0 % 5) + 1)" }.joined(separator: "\n")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bars-\(UUID().uuidString).csv").path
        try ("x,line,bar\n" + rows + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let dataset = try DatasetReader.read(path: path, options: LoadOptions(kinds: SeriesKinds(bars: ["bar"])))
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let scene = try ExplorerScene(device: device, source: DataSource(dataset: dataset), canvas: canvas, font: nil)
        for _ in 0..<3 {
            backend.clear()
            frame(scene, into: device.screen(size: canvas))
        }
        XCTAssertEqual(scene.selectorFactory.cachedLayerRenders, 0, "nothing cached")
        XCTAssertEqual(selectorScreenPipelines(backend.commands).first, "shapes", "the panel drawn on the canvas")
    }

    /// The copy of the cached layer differs from the layer drawn directly by the one
    /// rounding of its premultiplied 8-bit texture: at most a level in a channel, and
    /// only inside the overview, in either theme.
    func testTheCachedLayerLooksAsTheLayerDrawnDirectly() throws {
        let device = GLTestHarness.device
        let target = try TextureTarget(device: device, width: canvas.width, height: canvas.height)
        let overview = PixelBox(try XCTUnwrap(ChartLayout.explorer.minimapRect(in: canvas)))
        func picture(cached: Bool, theme: ChartTheme) throws -> RGBAImage {
            let scene = try scene(on: device)
            scene.selectorFactory.cachesStillLayers = cached
            scene.setTheme(theme, animated: false)
            frame(scene, into: target.passTarget)
            // A second frame after a pan: the cache, when there is one, is copied, not drawn.
            scene.main.pan(byPixels: 40)
            frame(scene, into: target.passTarget)
            XCTAssertEqual(scene.selectorFactory.cachedLayerRenders, cached ? 1 : 0)
            return target.readPixels()
        }
        for theme in ChartTheme.all {
            let direct = try picture(cached: false, theme: theme), cached = try picture(cached: true, theme: theme)
            var worst = 0, differing = 0, outside = 0
            for y in 0..<canvas.height {
                for x in 0..<canvas.width {
                    let a = direct[x, y], b = cached[x, y]
                    let off = [Int(a.r) - Int(b.r), Int(a.g) - Int(b.g), Int(a.b) - Int(b.b)].map(abs).max() ?? 0
                    guard off > 0 else { continue }
                    differing += 1
                    worst = max(worst, off)
                    if !overview.contains(PixelPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) { outside += 1 }
                }
            }
            XCTAssertEqual(outside, 0, "\(theme.name): nothing changes outside the overview")
            XCTAssertLessThanOrEqual(worst, 1, "\(theme.name): \(differing) pixels differ, by at most \(worst)/255")
        }
    }
}
