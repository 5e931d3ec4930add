import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
@testable import ChartRender
import ChartStage
import Foundation
import XCTest

/// The value labels of a still picture (`ChartAssembly.still`) measured with the
/// real font: each stays in its margin, and no tick label it covers peeks out.
final class ValueLabelRenderTests: XCTestCase {
    /// A text surface that keeps what it is given and measures with the font it wraps.
    private final class MeasuredTextSurface: TextMarkSurface {
        let inner: TextSurface
        private(set) var runs: [TextRun] = []
        var layer: RenderLayer { inner.layer }
        init(_ inner: TextSurface) { self.inner = inner }
        func add(_ run: TextRun) {
            runs.append(run)
            inner.add(run)
        }
        func removeAll() {
            runs.removeAll()
            inner.removeAll()
        }
        func measure(_ text: String, pointSize: Double) -> TextSize { inner.measure(text, pointSize: pointSize) }
    }

    /// The GPU's surfaces, its text surfaces kept for the test.
    private final class MeasuringFactory: SurfaceFactory {
        let gpu: GPUSurfaceFactory
        private(set) var texts: [MeasuredTextSurface] = []
        init(_ gpu: GPUSurfaceFactory) { self.gpu = gpu }
        func makeSurface<Kind: Mark>(for kind: Kind.Type, layer: RenderLayer) -> Kind.Surface {
            let surface = gpu.makeSurface(for: kind, layer: layer)
            guard let text = surface as? TextSurface else { return surface }
            let measured = MeasuredTextSurface(text)
            texts.append(measured)
            return measured as! Kind.Surface
        }
    }

    /// A Yahoo file's Close near 2,000 (newest 2,020.90) and Volume in bars on the right
    /// (newest 1,557,830,318), drawn at `size`.
    private func draw(size: PixelSize) throws -> (labels: [ValueAnnotationController.Label], factory: MeasuringFactory, plot: PixelBox) {
        try XCTSkipIf(GLTestHarness.font == nil, "no font")
        let xs = (0..<400).map { Double($0) * 86_400 }
        var close = xs.indices.map { 2_000 + 300 * sin(Double($0) / 30) + Double($0 % 7) / 100 }
        var volume = xs.indices.map { (1_500_000_000 + 300_000_000 * sin(Double($0) / 7)).rounded() }
        close[close.count - 1] = 2_020.90
        volume[volume.count - 1] = 1_557_830_318
        let source = DataSource(dataset: Dataset(source: "spx.csv", xs: xs,
                                                 series: [Series(name: "Close", ys: close),
                                                          Series(name: "Volume", ys: volume, kind: .bar, axis: .right)],
                                                 xKind: .time(unitsPerSecond: 1)))
        let factory = MeasuringFactory(try GPUSurfaceFactory(device: GLTestHarness.device, source: source, font: GLTestHarness.font))
        let fit = ChartFit(source: source, composition: ChartComposition(dataset: source.dataset))
        let view = try XCTUnwrap(Viewport.fitting(source, fit: fit)).visible
        let stage = RenderStage(viewport: view, geometry: StageGeometry(canvas: size, layout: .standard), theme: .day, factory: factory)
        let rightY = try XCTUnwrap(fit.y(for: .right, inX: view.minX...view.maxX, visible: [0, 1]))
        stage.rightViewport.set(.init(y: rightY))
        let controllers = ChartAssembly.still(source: source, plain: false, lineWidth: 2, gradient: false)
        for controller in controllers { stage.add(controller) }
        while stage.advance(by: 1) {}
        stage.prepareFrame()
        let annotation = try XCTUnwrap(controllers.compactMap { $0 as? ValueAnnotationController }.first)
        return (annotation.labels, factory, stage.geometry.plotBox)
    }

    func testValueLabelsStayInTheirMarginsOverNoPeekingTick() throws {
        for size in [PixelSize(width: 640, height: 400), PixelSize(width: 700, height: 450), PixelSize(width: 1280, height: 720)] {
            let (labels, factory, plot) = try draw(size: size)
            XCTAssertEqual(labels.map(\.side), [.left, .right], "\(size)")
            for label in labels {
                XCTAssertFalse(label.box.intersects(plot), "\(size) \(label.side): \(label.box) reaches into \(plot)")
                XCTAssertGreaterThanOrEqual(label.box.x, 0, "\(size)")
                XCTAssertLessThanOrEqual(label.box.maxX, Double(size.width), "\(size)")
                let peeking = factory.texts.flatMap { surface in
                    surface.runs.filter { run in
                        let box = surface.measure(run.text, pointSize: run.pointSize).box(at: run.position, anchor: run.anchor)
                        return run.color.alpha > 0 && box.intersects(label.box) && !label.box.contains(box)
                    }.map(\.text)
                }
                XCTAssertEqual(peeking, [], "\(size) \(label.side): tick text half covered by the value label")
            }
        }
    }
}
