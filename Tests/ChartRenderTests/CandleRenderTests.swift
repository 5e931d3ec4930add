import ChartData
import ChartGeometry
import ChartRender
import ChartStage
import Foundation
import XCTest

/// Emits fixed candles, to test the candle surface on the GPU.
final class CandleProbe: RenderController {
    var candles: [SeriesCandles] = [] {
        didSet { environment?.invalidate() }
    }
    private var surface: (any MarkSurface<SeriesCandles>)?
    private var environment: RenderEnvironment?
    func attach(to environment: RenderEnvironment) {
        surface = environment.surface(for: SeriesCandles.self, layer: .series)
        self.environment = environment
    }
    func build(in environment: RenderEnvironment) { candles.forEach { surface?.add($0) } }
    var followsViewport: Bool { false }
}

/// Candlesticks on llvmpipe: bodies in the theme's rising and falling colours where the
/// data says, wicks from each candle's low to its high, a flat candle still a line, a
/// gap no candle, and zoomed out each merged candle reaching its run's highest high and
/// lowest low in the colour of its first open against its last close.
final class CandleRenderTests: XCTestCase {
    private let canvas = PixelSize(width: 240, height: 140)
    private let plot = PixelRect(x: 20, y: 10, width: 200, height: 120)

    private func render(_ dataset: Dataset, visible: DataRect, theme: ChartTheme) throws -> RGBAImage {
        let source = DataSource(dataset: dataset)
        let factory = try GPUSurfaceFactory(device: GLTestHarness.device, source: source, font: nil)
        let stage = RenderStage(viewport: visible, geometry: StageGeometry(canvas: canvas, plot: plot), theme: theme, factory: factory)
        let probe = CandleProbe()
        stage.add(probe)
        let ohlc = try XCTUnwrap(dataset.ohlc)
        probe.candles = [SeriesCandles(open: source.handle(ofSeries: ohlc.open), high: source.handle(ofSeries: ohlc.high),
                                       low: source.handle(ofSeries: ohlc.low), close: source.handle(ofSeries: ohlc.close),
                                       rising: theme.rising, falling: theme.falling)]
        let target = try TextureTarget(device: GLTestHarness.device, width: canvas.width, height: canvas.height)
        stage.prepareFrame()
        factory.draw(stage, into: target.passTarget)
        let image = target.readPixels()
        if let folder = ProcessInfo.processInfo.environment["SIGHTLINE_CANDLE_PNGS"] {
            try PNGFile.write(image, to: "\(folder)/candles-\(dataset.count)-\(theme == .day ? "day" : "night").png")
        }
        return image
    }

    private func column(_ x: Double, _ visible: DataRect) -> Double {
        Double(plot.x) + (x - visible.minX) / visible.width * Double(plot.width)
    }

    private func row(_ y: Double, _ visible: DataRect) -> Double {
        Double(plot.y + plot.height) - (y - visible.minY) / visible.height * Double(plot.height)
    }

    private func prices(_ rows: [(o: Double, h: Double, l: Double, c: Double)], xs: [Double]? = nil) -> Dataset {
        var dataset = Dataset(source: "candles", xs: xs ?? rows.indices.map(Double.init), series: [
            Series(name: "Open", ys: rows.map(\.o)), Series(name: "High", ys: rows.map(\.h)),
            Series(name: "Low", ys: rows.map(\.l)), Series(name: "Close", ys: rows.map(\.c)),
        ])
        dataset.ohlc = OHLCColumns(open: 0, high: 1, low: 2, close: 3)
        return dataset
    }

    func testBodiesAndWicksStandWhereTheDataSays() throws {
        let rows: [(o: Double, h: Double, l: Double, c: Double)] = [
            (5, 12, 3, 10), (10, 11, 4, 6), (6, 9, 6, 9), (9, 15, 2, 9), (.nan, .nan, .nan, .nan), (9, 13, 8, 12), (12, 12, 1, 2),
        ]
        let visible = DataRect(minX: -0.5, maxX: 6.5, minY: 0, maxY: 16)
        for theme in [ChartTheme.day, .night] {
            let image = try render(prices(rows), visible: visible, theme: theme)
            let slot = Double(plot.width) / 7
            for (i, candle) in rows.enumerated() {
                let centre = Int(column(Double(i), visible))
                guard !candle.o.isNaN else {
                    for y in plot.y..<plot.y + plot.height {
                        XCTAssertTrue(image.isColor(centre, y, theme.background), "the gap draws nothing (row \(y))")
                    }
                    continue
                }
                let color = candle.c >= candle.o ? theme.rising : theme.falling
                let other = candle.c >= candle.o ? theme.falling : theme.rising
                // The body's middle row: the body's colour, 70% of the slot wide.
                // (A flat body is a pixel tall: the row it covers, of the two its edge lies between.)
                let mid = Int(row((candle.o + candle.c) / 2, visible))
                func body(_ y: Int) -> [Int] {
                    (plot.x..<plot.x + plot.width).filter { abs($0 - centre) < Int(slot / 2) && image.isColor($0, y, color) }
                }
                let middle = [mid - 1, mid, mid + 1].max { body($0).count < body($1).count }!
                let run = body(middle)
                XCTAssertEqual(Double(run.count), 0.7 * slot, accuracy: 1.5, "candle \(i)'s body width")
                XCTAssertFalse(image.isColor(centre, middle, other), "candle \(i) is not in the other colour")
                // The wick: from the high to the low at the centre, nothing beyond.
                let coloured = (plot.y..<plot.y + plot.height).filter { image.isColor(centre, $0, color) }
                let top = try XCTUnwrap(coloured.first), bottom = try XCTUnwrap(coloured.last)
                XCTAssertEqual(coloured.count, bottom - top + 1, "candle \(i)'s wick is one run")
                XCTAssertEqual(Double(top), row(candle.h, visible), accuracy: 1, "candle \(i)'s wick reaches its high")
                XCTAssertEqual(Double(bottom + 1), row(candle.l, visible), accuracy: 1, "candle \(i)'s wick reaches its low")
                // Beside the wick, above the body: background.
                let above = Int(row(max(candle.o, candle.c), visible)) - 2
                if Double(above) > row(candle.h, visible) + 1 {
                    XCTAssertTrue(image.isColor(centre + Int(slot / 4), above, theme.background), "candle \(i): a thin wick")
                }
            }
        }
    }

    /// Unix-millisecond x and prices near a million moving by cents, zoomed to seven
    /// periods: the offsets from each piece's origin keep every wick to the pixel where
    /// `Float` data units would have lost the cents and the milliseconds.
    func testDeepZoomKeepsThePixels() throws {
        let rows: [(o: Double, h: Double, l: Double, c: Double)] = (0..<5000).map { i in
            let base = 1_000_000 + Double(i % 7) * 0.01
            return (base, base + 0.03, base - 0.02, base + (i % 2 == 0 ? 0.01 : -0.01))
        }
        let xs = (0..<5000).map { 1_700_000_000_000 + Double($0) }
        let visible = DataRect(minX: xs[2000] - 0.5, maxX: xs[2006] + 0.5, minY: 999_999.97, maxY: 1_000_000.11)
        let theme = ChartTheme.day
        let image = try render(prices(rows, xs: xs), visible: visible, theme: theme)
        for i in 2000...2006 {
            let candle = rows[i]
            let color = candle.c >= candle.o ? theme.rising : theme.falling
            // The wick's column: the one of the two beside the centre, where the centre is a pixel edge.
            let centre = Int(column(xs[i], visible))
            let coloured = [centre - 1, centre].map { x in (plot.y..<plot.y + plot.height).filter { image.isColor(x, $0, color) } }
                .max { $0.count < $1.count }!
            let top = try XCTUnwrap(coloured.first, "candle \(i)"), bottom = try XCTUnwrap(coloured.last)
            XCTAssertEqual(Double(top), row(candle.h, visible), accuracy: 1, "candle \(i)'s high")
            XCTAssertEqual(Double(bottom + 1), row(candle.l, visible), accuracy: 1, "candle \(i)'s low")
        }
    }

    /// 1,000 periods in 200 pixels: candles of 32 periods (16 would be 3.2 pixels wide,
    /// under `minimumCandlePixels`), each drawn at its run's first
    /// open, highest high, lowest low and last close.
    func testZoomedOutCandlesAreTheirRunsMerged() throws {
        var rng = SplitMix64(seed: 12)
        var rows: [(o: Double, h: Double, l: Double, c: Double)] = []
        var last = 50.0
        for _ in 0..<1000 {
            let o = last, c = min(max(o + 2 * rng.nextStandardNormal(), 10), 90)
            rows.append((o, min(max(o, c) + abs(rng.nextStandardNormal()), 99), max(min(o, c) - abs(rng.nextStandardNormal()), 1), c))
            last = c
        }
        let visible = DataRect(minX: -0.5, maxX: 999.5, minY: 0, maxY: 100)
        let theme = ChartTheme.day
        let image = try render(prices(rows), visible: visible, theme: theme)
        var checked = 0
        for first in stride(from: 0, to: 1000, by: 32) {
            let run = rows[first..<min(first + 32, 1000)]
            let o = run.first!.o, c = run.last!.c, h = run.map(\.h).max()!, l = run.map(\.l).min()!
            let centre = Int(column(Double(first + run.count - 1) / 2 + Double(first) / 2, visible))
            let color = c >= o ? theme.rising : theme.falling
            // The wick's column: the tallest of the three round the centre (it may fall either side of a pixel edge).
            let coloured = [centre - 1, centre, centre + 1].map { x in (plot.y..<plot.y + plot.height).filter { image.isColor(x, $0, color) } }
                .max { $0.count < $1.count }!
            guard let top = coloured.first, let bottom = coloured.last else { return XCTFail("run from \(first): no candle") }
            XCTAssertEqual(Double(top), row(h, visible), accuracy: 1, "run from \(first) reaches its highest high")
            XCTAssertEqual(Double(bottom + 1), row(l, visible), accuracy: 1, "run from \(first) reaches its lowest low")
            checked += 1
        }
        XCTAssertEqual(checked, 32)
    }
}
