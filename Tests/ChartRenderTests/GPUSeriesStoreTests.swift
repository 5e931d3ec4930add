import ChartApp
import ChartData
import ChartGeometry
import ChartRender
import XCTest

/// One upload of what both charts of a window draw: the main chart and the range
/// selector draw from one store of the data source's GPU series (`GPUSeriesStore`),
/// read from what the device is asked to upload (a recording backend, no GPU).
final class GPUSeriesStoreTests: XCTestCase {
    private let canvas = PixelSize(width: 800, height: 500)

    /// The series' bytes uploaded in a frame drawn by `draw`: into the buffers points
    /// are read from (those a buffer texture is made over), the main chart's (until
    /// its pass on the screen ends) apart from the range selector's (after).
    private func seriesUploads(_ backend: RecordingBackend, _ draw: () -> Void) -> (main: Int, selector: Int) {
        let before = backend.commands.count
        draw()
        let commands = backend.commands[before...]
        let mainEnd = commands.firstIndex { if case .beginPass(target: 0, _, _) = $0 { true } else { false } }
            .flatMap { start in commands[start...].firstIndex(of: .endPass) } ?? commands.endIndex
        // A stack's piece fills its buffer before it makes the texture over it.
        let pointBuffers = Set(commands.compactMap { if case let .makeBufferTexture(_, buffer) = $0 { buffer } else { nil } })
        var bytes = (main: 0, selector: 0)
        for (index, command) in zip(commands.indices, commands) {
            guard case let .upload(buffer, _, count) = command, pointBuffers.contains(buffer) else { continue }
            if index < mainEnd { bytes.main += count } else { bytes.selector += count }
        }
        return bytes
    }

    private func scene(_ dataset: Dataset, on device: RenderDevice) throws -> ExplorerScene {
        try ExplorerScene(device: device, source: DataSource(dataset: dataset), canvas: canvas, font: nil, initialFraction: 1)
    }

    /// Four walks of 200 000 points, both charts showing all of them: each draws the same
    /// reduced level of each series, which goes up once, for the main chart, and the
    /// selector draws it from there.
    func testALevelBothChartsDrawIsUploadedOnce() throws {
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let walk = RandomWalk(count: 200_000, seed: 3).dataset()
        let series = (0..<4).map { s in Series(name: "s\(s)", ys: walk.series[0].ys.map { $0 + Double(s) }) }
        let scene = try scene(Dataset(source: "walks", xs: walk.xs, series: series), on: device)
        let source = scene.main.source
        let all = 0..<source.dataset.count
        let widths = [scene.main.stage.geometry.plot.width, scene.selector.stage.geometry.plot.width]
        let levels = widths.map { source.details[0].levelIndex(forVisible: all, plotWidth: $0) }
        XCTAssertNotNil(levels[0], "a reduced level")
        XCTAssertEqual(levels[0], levels[1], "the same level for both plots' widths: \(widths)")

        let first = seriesUploads(backend) {
            scene.advance(by: 1.0 / 60)
            scene.draw(into: device.screen(size: canvas))
        }
        let store = try XCTUnwrap(scene.selectorFactory.store)
        let pieces = (0..<4).map { store.lineSeries(for: source.handle(ofSeries: $0))!.pieceCount }
        XCTAssertEqual(pieces, [1, 1, 1, 1], "one piece of one level per series on the GPU")
        XCTAssertEqual(first.main, store.lineByteCount, "the main chart uploads the store's one copy of each level")
        XCTAssertEqual(first.selector, 0, "the selector draws the main chart's copy")

        // The main chart zooms in (finer levels) and back out: the overview's level is there.
        scene.main.show(x: source.dataset.xs[90_000]...source.dataset.xs[92_000])
        scene.advance(by: 1.0 / 60)
        scene.draw(into: device.screen(size: canvas))
        scene.main.show(x: source.dataset.xs[0]...source.dataset.xs[199_999])
        let back = seriesUploads(backend) {
            scene.advance(by: 1.0 / 60)
            scene.draw(into: device.screen(size: canvas))
        }
        XCTAssertEqual(back.main + back.selector, 0, "back at the whole range, nothing goes up again")
    }

    /// Bars over 300 steps, both charts showing all: the stack's pieces go up once.
    func testAStackBothChartsDrawIsUploadedOnce() throws {
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let xs = (0..<300).map(Double.init)
        let bars = (0..<2).map { s in Series(name: "b\(s)", ys: xs.map { 10 + Double(s) + sin($0 / 9) }, kind: .bar) }
        let scene = try scene(Dataset(source: "bars", xs: xs, series: bars), on: device)
        let first = seriesUploads(backend) {
            scene.advance(by: 1.0 / 60)
            scene.draw(into: device.screen(size: canvas))
        }
        XCTAssertGreaterThan(first.main, 0, "the main chart uploads the stack")
        XCTAssertEqual(first.selector, 0, "the selector draws the main chart's copy")
    }

    /// A level drawn by the charts of two data sources (two windows' worth) goes up for
    /// each: the store is per source.
    func testEachSourceHasItsOwnCopy() throws {
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let walk = RandomWalk(count: 600, seed: 5).dataset()
        let uploads = try (0..<2).map { _ in
            let scene = try scene(walk, on: device)
            return seriesUploads(backend) {
                scene.advance(by: 1.0 / 60)
                scene.draw(into: device.screen(size: canvas))
            }
        }
        XCTAssertEqual(uploads.map(\.main), [600 * 8, 600 * 8], "every point, once per source")
        XCTAssertEqual(uploads.map(\.selector), [0, 0])
    }
}
