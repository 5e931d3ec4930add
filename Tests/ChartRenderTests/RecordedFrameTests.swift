import ChartApp
import ChartData
import ChartGeometry
import ChartRender
import ChartStage
import XCTest

/// `ChartRender`'s own logic, read from what it asks the device to do (a recording
/// backend, no GPU): the order of a frame's passes, what is redrawn when, which path a
/// line takes, and what happens when something cannot be made.
final class RecordedFrameTests: XCTestCase {
    private let canvas = PixelSize(width: 800, height: 500)

    /// A walk of `points` points: by default fewer than one a pixel column, so lines are
    /// drawn as capsules; 50 000 make them dense (`ColumnSpans`).
    private func scene(on device: RenderDevice, seriesCount: Int = 1, points: Int = 600) throws -> ExplorerScene {
        let walk = RandomWalk(count: points, seed: 5).dataset()
        let extra = (1..<seriesCount).map { Series(name: "s\($0)", ys: walk.series[0].ys.map { $0 + 5 }) }
        let source = DataSource(dataset: Dataset(source: "walk", xs: walk.xs, series: walk.series + extra,
                                                 xKind: .time(unitsPerSecond: 1)))
        return try ExplorerScene(device: device, source: source, canvas: canvas, font: nil)
    }

    private func frame(_ scene: ExplorerScene, _ device: RenderDevice, _ backend: RecordingBackend) -> [RecordingBackend.Command] {
        backend.clear()
        scene.advance(by: 1.0 / 60)
        scene.draw(into: device.screen(size: canvas))
        return backend.commands
    }

    func testOwnTexturesAreDrawnFirstThenOnePassPerStageOnTheScreen() throws {
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let scene = try scene(on: device)
        let first = frame(scene, device, backend).passes
        let screenPasses = first.filter { $0.target == 0 }
        XCTAssertEqual(screenPasses.count, 2, "the chart's stage, then the range selector's")
        XCTAssertEqual(first.first { $0.target == 0 }?.pipelines.first, "gradient", "the canvas starts with the gradient")
        XCTAssertFalse(first.contains { $0.target != 0 && $0.pipelines.contains("gradient") }, "which needs no texture")
        XCTAssertTrue(screenPasses.allSatisfy { $0.clear == nil }, "the gradient covers the canvas: nothing to clear")
        XCTAssertEqual(screenPasses[0].pipelines.filter { $0.hasPrefix("line") },
                       ["line coverage into alpha", "line paint through alpha"], "one series, one stroke")
        let cachePasses = first.filter { $0.target != 0 && $0.pipelines.contains("line paint from the mask") }
        XCTAssertEqual(cachePasses.count, 1, "the selector's lines are drawn into its cache once")
        let lastCacheIndex = try XCTUnwrap(first.lastIndex { $0.target == cachePasses[0].target })
        let lastScreenIndex = try XCTUnwrap(first.lastIndex { $0.target == 0 })
        XCTAssertLessThan(lastCacheIndex, lastScreenIndex, "the cache is drawn before the canvas copies it")
        XCTAssertEqual(screenPasses[1].pipelines.filter { $0.hasPrefix("line") || $0.hasPrefix("cached") }, ["cached plot copy"])

        let second = frame(scene, device, backend)
        XCTAssertEqual(second.passes.map(\.target), [0, 0], "nothing of its own to redraw: two passes, both on the screen")
        XCTAssertFalse(second.contains { if case .upload = $0 { true } else { false } }, "no data uploaded")
        XCTAssertFalse(second.contains { if case .makeTexture = $0 { true } else { false } })
    }

    func testADenseLineIsGatheredIntoColumnSpansBeforeTheCanvasThenPaintedOnce() throws {
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let scene = try scene(on: device, points: 50_000)
        let first = frame(scene, device, backend).passes
        let spanPasses = first.filter { $0.pipelines == ["line extents into column spans"] }
        XCTAssertEqual(spanPasses.count, 2, "the chart's line and the selector's, each into its own target")
        XCTAssertTrue(spanPasses.allSatisfy { $0.clear.map { $0.red < -1e29 && $0.green < -1e29 } ?? false },
                      "each starts with no extent in any texel")
        XCTAssertTrue(spanPasses.allSatisfy { $0.size.height == 9 }, "one series: its 8 sub-columns and its whole columns")
        let screenPasses = first.filter { $0.target == 0 }
        XCTAssertEqual(screenPasses[0].pipelines.filter { $0.hasPrefix("line") }, ["line paint from column spans"],
                       "the chart's line is painted in one pass over the canvas")
        let firstScreen = try XCTUnwrap(first.firstIndex { $0.target == 0 })
        XCTAssertEqual(first[firstScreen - 1].pipelines, ["line extents into column spans"], "the chart's, gathered before its canvas")
        let cache = try XCTUnwrap(first.firstIndex { $0.target != 0 && $0.pipelines.contains("line paint from column spans") })
        XCTAssertEqual(first[cache - 1].pipelines, ["line extents into column spans"], "the selector's, before its cache")

        let second = frame(scene, device, backend)
        XCTAssertEqual(second.passes.map { $0.target == 0 ? "screen" : $0.pipelines.joined() },
                       ["line extents into column spans", "screen", "screen"],
                       "each frame gathers the chart's spans; the selector's cache is only copied")
        XCTAssertFalse(second.contains { if case .upload = $0 { true } else { false } }, "no data uploaded")
        XCTAssertFalse(second.contains { if case .makeTexture = $0 { true } else { false } }, "no target remade")
    }

    func testTheSelectorsCacheIsRedrawnOnlyWhenItsLinesChange() throws {
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let scene = try scene(on: device, seriesCount: 2)
        let cacheTarget = try XCTUnwrap(frame(scene, device, backend).framebuffer(sampledBy: "cached plot copy"))
        func cacheRedraws(_ commands: [RecordingBackend.Command]) -> Int {
            commands.passes.filter { $0.target == cacheTarget && $0.clear != nil }.count
        }
        for step in 0..<10 {
            scene.main.pan(byPixels: Double(step * 7))
            scene.main.wheel(steps: 0.5, at: PixelPoint(x: 400, y: 200))
            XCTAssertEqual(cacheRedraws(frame(scene, device, backend)), 0, "panning and zooming the chart copy the cache")
        }
        scene.main.toggle(series: 1)
        var redraws = 0
        for _ in 0..<120 { redraws += cacheRedraws(frame(scene, device, backend)) }
        XCTAssertGreaterThan(redraws, 0, "hiding a series redraws the overview")
        XCTAssertLessThan(redraws, 60, "only while the series fades")
        XCTAssertEqual(cacheRedraws(frame(scene, device, backend)), 0, "and not once it has settled")
    }

    func testAWindowWithoutAlphaKeepsCoverageInAMask() throws {
        let backend = RecordingBackend(screenFormat: .rgb8)
        let device = RenderDevice(recording: backend)
        let scene = try scene(on: device)
        let passes = frame(scene, device, backend).passes
        XCTAssertFalse(passes.flatMap(\.pipelines).contains { $0.contains("alpha") }, "no path through the window's alpha")
        let maskPasses = passes.filter { $0.pipelines == ["line coverage into a mask"] }
        XCTAssertEqual(maskPasses.count, 2, "one mask for the chart's line, one for the selector's")
        XCTAssertTrue(maskPasses.allSatisfy { $0.clear == RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }, "each mask starts empty")
        let mainLine = try XCTUnwrap(passes.firstIndex { $0.pipelines == ["line coverage into a mask"] && $0.size == canvas })
        XCTAssertEqual(passes[mainLine + 1].target, 0, "the screen pass goes on after the mask")
        XCTAssertNil(passes[mainLine + 1].clear, "keeping what it drew")
        XCTAssertEqual(passes[mainLine + 1].pipelines.first, "line paint from the mask")
    }

    /// The paint pass covers the line's reach, not the plot: a flat line in a 400 × 200
    /// plot is painted in a band 4 pixels high.
    func testThePaintBandsHugTheLine() throws {
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let renderer = try LineRenderer(device: device)
        let buffer = LineSeriesBuffer(device: device, xs: (0...1000).map(Double.init), ys: Array(repeating: 0, count: 1001))
        let size = PixelSize(width: 400, height: 200)
        backend.clear()
        device.withPass(into: device.screen(size: size), clearTo: .white) {
            renderer.draw(buffer, scales: PlotScales(visible: DataRect(minX: 0, maxX: 1000, minY: -1, maxY: 1), plot: PixelBox(PixelRect(size: size))),
                          plotRect: PixelRect(size: size), style: LineStyle(widthInPixels: 2))
        }
        let bands = try XCTUnwrap(backend.commands.compactMap { if case let .stream(_, floats) = $0 { floats } else { nil } }.last)
        let ys = stride(from: 1, to: bands.count, by: 2).map { bands[$0] }
        let xs = stride(from: 0, to: bands.count, by: 2).map { bands[$0] }
        XCTAssertEqual(ys.min(), 98, "a pixel below the stroke's edge (y = 100 ± 1) and its feather")
        XCTAssertEqual(ys.max(), 102)
        XCTAssertEqual(xs.min(), 0)
        XCTAssertEqual(xs.max(), 400, "the whole width the line spans")
        XCTAssertEqual(bands.count, 2 * 6 * 50, "one rectangle (two triangles) per 8-pixel column")
    }

    func testWhatCannotBeMadeIsSaidOnceAndTheFrameStillShowsTheChart() throws {
        let backend = RecordingBackend()
        backend.failing = [.framebuffer(.rgba8)]
        let device = RenderDevice(recording: backend)
        var heard: [String] = []
        device.onFailure = { heard.append($0) }
        let scene = try scene(on: device)
        var commands: [RecordingBackend.Command] = []
        for _ in 0..<3 { commands = frame(scene, device, backend) }
        let passes = commands.passes
        XCTAssertFalse(commands.contains { if case .makeTexture = $0 { true } else { false } },
                       "a texture that could not be made is not tried again every frame")
        XCTAssertGreaterThanOrEqual(device.drawsAroundFailures, 3, "each frame counts what it went without")
        XCTAssertEqual(heard.count, 1, "the selector's cache, once: \(heard)")
        XCTAssertTrue(heard.contains { $0.contains("range selector") && $0.contains("drawn every frame") }, "\(heard)")
        XCTAssertEqual(device.failures, heard)
        XCTAssertEqual(passes.map(\.target), [0, 0])
        XCTAssertEqual(passes[0].pipelines.first, "gradient", "the gradient needs no texture")
        XCTAssertNil(passes[0].clear)
        XCTAssertTrue(passes[1].pipelines.contains("line coverage into alpha"), "the selector's lines drawn directly")
    }

    func testWithoutASpanTargetDenseLinesAreDrawnSegmentBySegment() throws {
        let backend = RecordingBackend()
        backend.failing = [.framebuffer(.rgba32f)]
        let device = RenderDevice(recording: backend)
        var heard: [String] = []
        device.onFailure = { heard.append($0) }
        let scene = try scene(on: device, points: 50_000)
        var commands: [RecordingBackend.Command] = []
        for _ in 0..<3 { commands = frame(scene, device, backend) }
        XCTAssertEqual(heard.count, 1, "the chart's and the selector's span targets fail alike: said once, \(heard)")
        XCTAssertTrue(heard.first?.contains("segment by segment") ?? false, "\(heard)")
        let screen = try XCTUnwrap(commands.passes.first { $0.target == 0 })
        XCTAssertEqual(screen.pipelines.filter { $0.hasPrefix("line") }, ["line coverage into alpha", "line paint through alpha"])
    }

    func testAMaskThatCannotBeMadeIsSaidOnce() throws {
        let backend = RecordingBackend(screenFormat: .rgb8)
        backend.failing = [.framebuffer(.r8)]
        let device = RenderDevice(recording: backend)
        var heard: [String] = []
        device.onFailure = { heard.append($0) }
        let scene = try scene(on: device)
        for _ in 0..<3 { _ = frame(scene, device, backend) }
        XCTAssertEqual(heard.count, 1, "the chart's and the selector's masks fail alike: said once, \(heard)")
        XCTAssertTrue(heard[0].contains("coverage mask") && heard[0].contains("left out"), heard[0])
    }

    func testAShaderThatFailsStopsTheSceneWithItsName() throws {
        let backend = RecordingBackend()
        backend.failing = [.shader("line.vert")]
        let device = RenderDevice(recording: backend)
        XCTAssertThrowsError(try scene(on: device)) { error in
            guard case let RenderError.shader(name, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "line.vert")
        }
    }

    func testAStillPictureWithoutGradientClearsToTheTheme() throws {
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let source = DataSource(dataset: RandomWalk(count: 1_000, seed: 2).dataset())
        let scene = try ChartScene(device: device, source: source, theme: .night, gradient: false)
        backend.clear()
        scene.draw(viewport: try XCTUnwrap(Viewport.fitting(source)), into: device.screen(size: canvas))
        let passes = backend.commands.passes
        XCTAssertEqual(passes.map(\.target), [0])
        XCTAssertEqual(passes[0].clear, ChartTheme.night.background)
        XCTAssertFalse(passes[0].pipelines.contains("gradient"))
    }
}
