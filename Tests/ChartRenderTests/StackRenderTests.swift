import ChartData
import ChartGeometry
import ChartRender
import ChartStage
import Foundation
import XCTest

/// Emits a fixed set of stacks, to test the stack surface on the GPU.
final class StackProbe: RenderController {
    var stacks: [SeriesStack] {
        didSet { environment?.invalidate() }
    }
    private var surface: StackSurface?
    private var environment: RenderEnvironment?
    init(_ stacks: [SeriesStack]) { self.stacks = stacks }
    func attach(to environment: RenderEnvironment) {
        surface = environment.surface(for: SeriesStack.self, layer: .series)
        self.environment = environment
    }
    func build(in environment: RenderEnvironment) { stacks.forEach { surface?.add($0) } }
    var followsViewport: Bool { false }
}

/// A stage drawing stacks over one dataset into an image, and the data ↔ pixel mapping
/// the tests check the picture against.
final class StackStage {
    let device: RenderDevice
    let source: DataSource
    let factory: GPUSurfaceFactory
    let stage: RenderStage
    let probe = StackProbe([])
    let canvas: PixelSize
    let plot: PixelRect

    init(dataset: Dataset, device: RenderDevice = GLTestHarness.device, canvas: PixelSize = PixelSize(width: 240, height: 140),
         plot: PixelRect = PixelRect(x: 20, y: 10, width: 200, height: 120), theme: ChartTheme = .day) throws {
        self.device = device
        source = DataSource(dataset: dataset)
        factory = try GPUSurfaceFactory(device: device, source: source, font: nil)
        self.canvas = canvas
        self.plot = plot
        stage = RenderStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1),
                            geometry: StageGeometry(canvas: canvas, plot: plot), theme: theme, factory: factory)
        stage.add(probe)
    }

    var visible: DataRect { stage.viewport.current }

    /// The handles of the dataset's series at `indices`, as a stack names them.
    func series(_ indices: [Int]) -> [SeriesHandle] { indices.map(source.handle(ofSeries:)) }

    func show(_ visible: DataRect) {
        stage.viewport.set(AnimatedViewport.Change(visible))
        stage.advance(by: 1)
    }

    /// Draws `stacks` as `visible` shows them.
    func render(_ stacks: [SeriesStack], visible: DataRect) throws -> RGBAImage {
        probe.stacks = stacks
        show(visible)
        let target = try TextureTarget(device: device, width: canvas.width, height: canvas.height)
        stage.prepareFrame()
        factory.draw(stage, into: target.passTarget)
        return target.readPixels()
    }

    /// Draws `stacks` as `visible` shows them onto the screen (a recording device's).
    func draw(_ stacks: [SeriesStack], visible: DataRect) {
        if probe.stacks != stacks { probe.stacks = stacks }
        show(visible)
        stage.prepareFrame()
        factory.draw(stage, into: device.screen(size: canvas))
    }

    /// Where x lies, in pixels from the canvas's left edge.
    func column(_ x: Double) -> Double { Double(plot.x) + (x - visible.minX) / visible.width * Double(plot.width) }
    /// Where y lies, in pixels from the canvas's top edge.
    func row(_ y: Double) -> Double { Double(plot.y + plot.height) - (y - visible.minY) / visible.height * Double(plot.height) }
}

extension RGBAImage {
    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) { let p = self[x, y]; return (Int(p.r), Int(p.g), Int(p.b)) }

    /// Whether the pixel is `color` (opaque, over anything) within one step a channel.
    func isColor(_ x: Int, _ y: Int, _ color: RGBAColor) -> Bool {
        let p = rgb(x, y)
        return abs(p.0 - Int((color.red * 255).rounded())) <= 1 && abs(p.1 - Int((color.green * 255).rounded())) <= 1
            && abs(p.2 - Int((color.blue * 255).rounded())) <= 1
    }
}

/// Bars and filled areas on llvmpipe: where every edge lands, against the data → pixel
/// mapping.
final class StackRenderTests: XCTestCase {
    private let blue = RGBAColor(hex: "#3497ED")!
    private let green = RGBAColor(hex: "#5FB641")!
    private let orange = RGBAColor(hex: "#F5BD25")!
    private let red = RGBAColor(hex: "#E65850")!

    /// Uneven x, a missing value (NaN) at index 4.
    private let barXs: [Double] = [0, 1, 3, 4, 7, 8, 9, 12, 13, 15]
    private let barYs: [Double] = [3, 7, 2, 9, .nan, 1, 8, 4, 6, 10]

    /// The x span a bar over step `i` fills: halfway to each neighbour, the ends mirrored.
    private func barSpan(_ i: Int, _ xs: [Double]) -> (Double, Double) {
        let left = i > 0 ? (xs[i - 1] + xs[i]) / 2 : xs[0] - (xs[1] - xs[0]) / 2
        let right = i + 1 < xs.count ? (xs[i] + xs[i + 1]) / 2 : xs[i] + (xs[i] - xs[i - 1]) / 2
        return (left, right)
    }

    private func bars(of view: StackStage, highlight: Int? = nil) -> SeriesStack {
        SeriesStack(mark: .bars, series: view.series([0]), weights: [1], colors: [blue], isStacked: false, highlightedIndex: highlight)
    }

    /// (a) Each bar fills its x step, from halfway to the previous x to halfway to the
    /// next, up to its value, within a pixel; the missing value draws no bar; the bars
    /// leave no gap between them. Each bar is told apart by hovering it (the others dim).
    func testBarsFillTheirStepToTheirValue() throws {
        let dataset = Dataset(source: "bars", xs: barXs, series: [Series(name: "a", ys: barYs, kind: .bar)])
        let view = try StackStage(dataset: dataset)
        let visible = DataRect(minX: -0.7, maxX: 16.2, minY: 0, maxY: 12)
        view.show(visible)
        let baseRow = Int(view.row(0.5))
        for i in barXs.indices where !barYs[i].isNaN {
            let image = try view.render([bars(of: view, highlight: i)], visible: visible)
            if let folder = ProcessInfo.processInfo.environment["SIGHTLINE_STACK_PNGS"] {
                try PNGFile.write(image, to: "\(folder)/stack-bar-\(i).png")
            }
            let full = (view.plot.x..<view.plot.x + view.plot.width).filter { image.isColor($0, baseRow, blue) }
            let (left, right) = barSpan(i, barXs)
            let first = try XCTUnwrap(full.first, "bar \(i) at full colour"), last = try XCTUnwrap(full.last)
            XCTAssertEqual(full.count, last - first + 1, "bar \(i) is one run")
            XCTAssertEqual(Double(first), view.column(left), accuracy: 1, "bar \(i)'s left edge")
            XCTAssertEqual(Double(last + 1), view.column(right), accuracy: 1, "bar \(i)'s right edge")
            let centre = (first + last) / 2
            let top = try XCTUnwrap((0..<view.canvas.height).first { image.isColor(centre, $0, blue) })
            XCTAssertEqual(Double(top), view.row(barYs[i]), accuracy: 1, "bar \(i)'s top")
        }
        let image = try view.render([bars(of: view)], visible: visible)
        let (gapLeft, gapRight) = barSpan(4, barXs)
        for column in Int(view.column(-0.5)) + 1..<Int(view.column(15.5)) - 1 {
            let missing = Double(column) + 0.5 > view.column(gapLeft) + 1 && Double(column) + 0.5 < view.column(gapRight) - 1
            if Double(column) + 0.5 > view.column(gapLeft) - 1, Double(column) + 0.5 < view.column(gapRight) + 1, !missing { continue }
            XCTAssertEqual(image.isColor(column, baseRow, blue), !missing,
                           "column \(column): \(missing ? "the missing value has no bar" : "bars leave no gap")")
        }
    }

    /// (d) Hovering a bar keeps its colour and dims every other bar to `dimmedOpacity`
    /// over the background.
    func testHoverDimsEveryOtherBar() throws {
        let dataset = Dataset(source: "bars", xs: barXs, series: [Series(name: "a", ys: barYs, kind: .bar)])
        for theme in [ChartTheme.day, .night] {
            let view = try StackStage(dataset: dataset, theme: theme)
            let image = try view.render([bars(of: view, highlight: 3)], visible: DataRect(minX: -0.7, maxX: 16.2, minY: 0, maxY: 12))
            let row = Int(view.row(0.5))
            let dimmed = RGBAColor(red: blue.red * 0.5 + theme.background.red * 0.5, green: blue.green * 0.5 + theme.background.green * 0.5,
                                   blue: blue.blue * 0.5 + theme.background.blue * 0.5)
            for i in barXs.indices where !barYs[i].isNaN {
                let column = Int(view.column(barXs[i]))
                XCTAssertTrue(image.isColor(column, row, i == 3 ? blue : dimmed),
                              "\(theme.name): bar \(i) is \(image.rgb(column, row)), \(i == 3 ? "hovered" : "dimmed")")
            }
        }
    }

    private let stackXs: [Double] = [0, 1, 2, 3, 4, 5]
    private let stackYs: [[Double]] = [[3, 5, 0, 8, 2, 4], [4, .nan, 6, 1, 5, 2], [2, 3, 4, 5, .nan, 6]]

    /// Checks that in the centre column of each bar, each layer's colour spans exactly
    /// its (weighted) value above the layers below it, within a pixel.
    private func checkStackedBars(weights: [Double]) throws {
        let series = stackYs.enumerated().map { Series(name: "s\($0.offset)", ys: $0.element, kind: .bar) }
        let view = try StackStage(dataset: Dataset(source: "stacked", xs: stackXs, series: series))
        let colors = [blue, green, orange]
        let stack = SeriesStack(mark: .bars, series: view.series([0, 1, 2]), weights: weights, colors: colors, isStacked: true)
        let image = try view.render([stack], visible: DataRect(minX: -0.5, maxX: 5.5, minY: 0, maxY: 20))
        for step in stackXs.indices {
            let column = Int(view.column(stackXs[step]))
            var below = 0.0
            for layer in 0..<3 {
                let value = stackYs[layer][step].isNaN ? 0 : stackYs[layer][step] * weights[layer]
                let rows = (0..<view.canvas.height).filter { image.isColor(column, $0, colors[layer]) }
                defer { below += value }
                guard value > 0 else {
                    XCTAssertLessThanOrEqual(rows.count, 1, "step \(step), layer \(layer): nothing to draw")
                    continue
                }
                let top = try XCTUnwrap(rows.first, "step \(step), layer \(layer)"), bottom = try XCTUnwrap(rows.last)
                XCTAssertEqual(rows.count, bottom - top + 1, "step \(step), layer \(layer) is one band")
                XCTAssertEqual(Double(bottom + 1), view.row(below), accuracy: 1, "step \(step), layer \(layer) starts on the one below")
                XCTAssertEqual(Double(top), view.row(below + value), accuracy: 1, "step \(step), layer \(layer) spans its value")
            }
        }
    }

    /// (b) Stacked bars add up: each layer's band spans its value on top of the ones
    /// below (a missing value counts as 0).
    func testStackedBarHeightsAddUp() throws {
        try checkStackedBars(weights: [1, 1, 1])
    }

    /// (f) A weight of 0.5 on the bottom layer (a toggle half done) halves its band and
    /// lowers the layers above by half its value.
    func testAHalfWeightLowersTheUpperLayersByHalfTheValue() throws {
        try checkStackedBars(weights: [0.5, 1, 1])
    }

    /// (c) Percentage areas fill the plot from 0 to 100% at every pixel column: every
    /// plot pixel is one of the bands' colours, and each band boundary lies at the
    /// cumulative share, linear between the points, within a pixel.
    func testPercentageAreasFillThePlotWithTheirShares() throws {
        var rng = SplitMix64(seed: 9)
        let count = 40
        let columns = (0..<3).map { _ in (0..<count).map { _ in Double.random(in: 0.5...20, using: &rng) } }
        let xs = (0..<count).map { Double($0) * 3 }
        let view = try StackStage(dataset: Dataset(source: "shares", xs: xs,
                                                   series: columns.enumerated().map { Series(name: "s\($0.offset)", ys: $0.element, kind: .area) }))
        let colors = [blue, green, orange]
        let stack = SeriesStack(mark: .areas, series: view.series([0, 1, 2]), weights: [1, 1, 1], colors: colors, isStacked: true,
                                isPercentage: true)
        let image = try view.render([stack], visible: DataRect(minX: 0, maxX: xs.last!, minY: 0, maxY: 100))
        /// The cumulative share below layer `layer` at point `i`, percent.
        func share(below layer: Int, at i: Int) -> Double {
            let total = columns.reduce(0) { $0 + $1[i] }
            return columns[..<layer].reduce(0) { $0 + $1[i] } / total * 100
        }
        var worst = 0.0
        for column in view.plot.x..<view.plot.x + view.plot.width {
            var layers: [Int] = []
            for row in view.plot.y..<view.plot.y + view.plot.height {
                let layer = try XCTUnwrap(colors.firstIndex { image.isColor(column, row, $0) },
                                          "pixel (\(column), \(row)) is \(image.rgb(column, row)), no band's colour")
                layers.append(layer)
            }
            XCTAssertEqual(layers, layers.sorted(by: >), "column \(column): bands in order, top band first")
            let x = view.visible.minX + (Double(column - view.plot.x) + 0.5) / Double(view.plot.width) * view.visible.width
            let i = min(Int(x / 3), count - 2), t = x / 3 - Double(i)
            for layer in 1..<3 {
                let expected = view.row(share(below: layer, at: i) * (1 - t) + share(below: layer, at: i + 1) * t)
                let boundary = Double(view.plot.y + layers.firstIndex { $0 < layer }!)
                worst = max(worst, abs(boundary - expected))
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "band boundaries at the shares")
    }

    /// (e) A million bars seen whole are drawn from a reduced level (a fraction of the
    /// data uploaded), and the tallest spike still shows at its x.
    func testAMillionBarsAtAWideViewKeepTheTallestSpike() throws {
        var rng = SplitMix64(seed: 12)
        let count = 1_000_000, spike = 654_321
        var ys = (0..<count).map { _ in Double.random(in: 0...10, using: &rng) }
        ys[spike] = 100
        let dataset = Dataset(source: "million", xs: XValues(first: 1_600_000_000_000, step: 60_000, count: count),
                              series: [Series(name: "a", ys: ys, kind: .bar)])
        let view = try StackStage(dataset: dataset)
        let xs = dataset.xs
        let before = GLTestHarness.device.uploadedBytes
        let image = try view.render([bars(of: view)], visible: DataRect(minX: xs[0], maxX: xs[count - 1], minY: 0, maxY: 110))
        let uploaded = GLTestHarness.device.uploadedBytes - before
        XCTAssertLessThan(uploaded, count * 8 / 100, "a reduced level: \(uploaded) bytes, not the million steps' \(count * 8)")
        let top = try XCTUnwrap((0..<view.canvas.height).first { row in
            (view.plot.x..<view.plot.x + view.plot.width).contains { image.isColor($0, row, blue) }
        })
        XCTAssertEqual(Double(top), view.row(100), accuracy: 1, "the spike's height")
        let columns = (view.plot.x..<view.plot.x + view.plot.width).filter { image.isColor($0, top, blue) }
        XCTAssertTrue(columns.allSatisfy { abs(Double($0) + 0.5 - view.column(xs[spike])) <= 2 }, "at the spike's x: \(columns)")
        XCTAssertLessThan(Double(top), view.row(10) - 10, "and far above the rest")
    }

    /// Every kind in both themes: the bands' colours fill the plot and nothing is drawn
    /// outside it. With SIGHTLINE_STACK_PNGS set to a folder, each picture is written
    /// there to be looked at.
    func testEachKindInBothThemes() throws {
        var rng = SplitMix64(seed: 21)
        let count = 60
        var walks = (0..<3).map { _ in [Double]() }
        for s in 0..<3 {
            var y = 10.0 + Double(s) * 5
            for _ in 0..<count {
                y = max(1, y + Double.random(in: -2...2, using: &rng))
                walks[s].append(y)
            }
        }
        let xs = (0..<count).map { 1_600_000_000_000 + Double($0) * 86_400_000 }
        let dataset = Dataset(source: "kinds", xs: xs, series: walks.enumerated().map { Series(name: "s\($0.offset)", ys: $0.element) })
        let colors = [blue, green, red]
        for theme in [ChartTheme.day, .night] {
            let view = try StackStage(dataset: dataset, canvas: PixelSize(width: 480, height: 280),
                                      plot: PixelRect(x: 40, y: 20, width: 400, height: 240), theme: theme)
            let one = view.series([0]), three = view.series([0, 1, 2])
            let kinds: [(String, SeriesStack, Double)] = [
                ("bars", SeriesStack(mark: .bars, series: one, weights: [1], colors: [blue], isStacked: false, highlightedIndex: 30), 30),
                ("stacked-bars", SeriesStack(mark: .bars, series: three, weights: [1, 1, 1], colors: colors, isStacked: true), 90),
                ("areas", SeriesStack(mark: .areas, series: three, weights: [1, 1, 1], colors: colors, isStacked: true), 90),
                ("areas-overlapping", SeriesStack(mark: .areas, series: three, weights: [1, 1, 1],
                                                  colors: colors.map { $0.withAlpha(0.5) }, isStacked: false), 30),
                ("percentage", SeriesStack(mark: .areas, series: three, weights: [1, 1, 1], colors: colors, isStacked: true,
                                           isPercentage: true), 100),
            ]
            for (name, stack, maxY) in kinds {
                let image = try view.render([stack], visible: DataRect(minX: xs[0], maxX: xs[count - 1], minY: 0, maxY: maxY))
                if let folder = ProcessInfo.processInfo.environment["SIGHTLINE_STACK_PNGS"] {
                    try PNGFile.write(image, to: "\(folder)/stack-\(name)-\(theme.name).png")
                }
                let outside = (0..<view.canvas.width).filter { !image.isColor($0, 5, theme.background) }
                XCTAssertEqual(outside, [], "\(name), \(theme.name): nothing above the plot")
                let row = view.plot.y + view.plot.height - 2
                let inked = (view.plot.x..<view.plot.x + view.plot.width).filter { !image.isColor($0, row, theme.background) }
                XCTAssertGreaterThan(inked.count, view.plot.width * 9 / 10, "\(name), \(theme.name): the bottom of the plot is filled")
            }
        }
    }
}
