import ChartData
import ChartGeometry
@testable import ChartRender
import ChartStage
import ChartSupport
import XCTest

/// What the stack surface asks of the device (a recording backend, no GPU): pieces go up
/// once, then panning, zooming and a toggle's easing change uniforms only.
final class StackRecordingTests: XCTestCase {
    private func walkDataset(count: Int) -> Dataset {
        var rng = SplitMix64(seed: 3)
        let series = (0..<3).map { s in
            Series(name: "s\(s)", ys: (0..<count).map { _ in Double.random(in: 0...10, using: &rng) }, kind: .bar)
        }
        return Dataset(source: "walks", xs: XValues(first: 1_600_000_000_000, step: 60_000, count: count), series: series)
    }

    /// W1's script (zoom in to 1%, pan, zoom out) over a million steps, then the same
    /// views again, backward and forward: the second time nothing goes up.
    func testPanningAndZoomingUploadNothingOnceThePiecesInViewAreThere() throws {
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let dataset = walkDataset(count: 1_000_000)
        let view = try StackStage(dataset: dataset, device: device, canvas: PixelSize(width: 800, height: 400),
                                  plot: PixelRect(x: 0, y: 0, width: 800, height: 400))
        let colors = [RGBAColor.black, .white, .black]
        let series = view.series([0, 1, 2])
        for stack in [SeriesStack(mark: .bars, series: series, weights: [1, 1, 1], colors: colors, isStacked: true),
                      SeriesStack(mark: .areas, series: series, weights: [1, 1, 1], colors: colors, isStacked: true, isPercentage: true)] {
            let frames = BenchmarkScript(minX: dataset.xs.first!, maxX: dataset.xs.last!, frames: 90)
            let ranges = (0..<90).map { frames.xRange(frame: $0) }
            let first = device.uploadedBytes
            for x in ranges { view.draw([stack], visible: DataRect(minX: x.lowerBound, maxX: x.upperBound, minY: 0, maxY: 30)) }
            let firstPass = device.uploadedBytes - first
            XCTAssertGreaterThan(firstPass, 0, "\(stack.mark): the pieces in view go up")
            XCTAssertLessThan(firstPass, 1_000_000 * 16 / 4, "\(stack.mark): a fraction of the full data (16 bytes a step)")
            backend.clear()
            let second = device.uploadedBytes
            for x in ranges.reversed() + ranges {
                view.draw([stack], visible: DataRect(minX: x.lowerBound, maxX: x.upperBound, minY: 0, maxY: 30))
            }
            XCTAssertEqual(device.uploadedBytes - second, 0, "\(stack.mark): the same views again upload nothing")
            XCTAssertFalse(backend.commands.contains { if case .makeBuffer = $0 { true } else { false } })
            XCTAssertTrue(backend.commands.contains { if case .draw = $0 { true } else { false } }, "and draw")
        }
    }

    /// A series' weight easing from 1 to 0: every frame the same draws and uniforms but
    /// the weights, and no byte uploaded.
    func testAToggleEasingChangesTheWeightsUniformOnly() throws {
        let backend = RecordingBackend()
        let device = RenderDevice(recording: backend)
        let dataset = walkDataset(count: 10_000)
        let view = try StackStage(dataset: dataset, device: device)
        let visible = DataRect(minX: dataset.xs.first!, maxX: dataset.xs.last!, minY: 0, maxY: 30)
        func stack(_ weight: Double) -> SeriesStack {
            SeriesStack(mark: .bars, series: view.series([0, 1, 2]), weights: [1, weight, 1], colors: [.black, .white, .black], isStacked: true)
        }
        view.draw([stack(1)], visible: visible)
        func uniforms(_ commands: [RecordingBackend.Command]) -> [String: UniformValue] {
            var values: [String: UniformValue] = [:]
            for case let .uniform(name, value) in commands { values[name] = value }
            return values
        }
        backend.clear()
        view.draw([stack(1)], visible: visible)
        let settled = backend.commands
        for weight in stride(from: 1.0, through: 0, by: -0.1) {
            backend.clear()
            let before = device.uploadedBytes
            view.draw([stack(weight)], visible: visible)
            XCTAssertEqual(device.uploadedBytes, before, "weight \(weight): nothing uploaded")
            var expected = uniforms(settled)
            let padding = [Float](repeating: 0, count: ShaderConstants.maxStackSeries - 3)
            expected["u_weights"] = .floatArray([1, Float(weight), 1] + padding)
            XCTAssertEqual(uniforms(backend.commands), expected, "weight \(weight): only the weights differ")
            XCTAssertEqual(backend.commands.filter { if case .uniform = $0 { false } else { true } },
                           settled.filter { if case .uniform = $0 { false } else { true } }, "the same draws")
        }
    }
}
