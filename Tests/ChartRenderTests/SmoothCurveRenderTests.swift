import ChartApp
import ChartData
import ChartGeometry
import ChartRender
import ChartStage
import XCTest

/// Smoothed lines as llvmpipe draws them: the circle the highlight places from the
/// lookup sits on the drawn curve, and the curve keeps within the data's range.
final class SmoothCurveRenderTests: XCTestCase {
    private let size = PixelSize(width: 800, height: 300)
    private let width = 2.0

    /// Two weeks of tides: lows and highs about 6 h 12 min apart, heights with the
    /// spring/neap cycle.
    private func tides(seed: UInt64 = 5) -> DataSource {
        var rng = SplitMix64(seed: seed)
        var xs: [Double] = [], ys: [Double] = []
        for i in 0..<54 {
            xs.append(1_700_000_000 + Double(i) * 22_350 + Double.random(in: -900...900, using: &rng))
            let spring = 1.6 + 0.6 * cos(2 * .pi * Double(i) / 28)
            ys.append(2.4 + (i % 2 == 0 ? -spring : spring) + Double.random(in: -0.1...0.1, using: &rng))
        }
        return DataSource(dataset: Dataset(source: "tides.csv", xs: xs, series: [Series(name: "height", ys: ys)],
                                           xKind: .time(unitsPerSecond: 1)))
    }

    /// `count` random values at uneven x.
    private func random(count: Int, seed: UInt64) -> DataSource {
        var rng = SplitMix64(seed: seed)
        var x = 0.0
        let xs = (0..<count).map { _ -> Double in
            defer { x += Double.random(in: 0.5...2, using: &rng) }
            return x
        }
        let ys = (0..<count).map { _ in Double.random(in: 0...100, using: &rng) }
        return DataSource(dataset: Dataset(source: "random", xs: xs, series: [Series(name: "s", ys: ys)]))
    }

    /// The smoothed series drawn black on white filling the image, and its lookup.
    private func draw(_ source: DataSource, visible: DataRect) throws -> (CoverageImage, SmoothCurveLookup) {
        let smooth = SmoothLineSeries(device: GLTestHarness.device, source: source, seriesIndex: 0)
        XCTAssertTrue(smooth.smooths(visible, plotWidth: size.width))
        let buffer = try XCTUnwrap(smooth.buffer(for: PlotScales(visible: visible, plot: PixelBox(PixelRect(size: size))), plotSize: size))
        let image = try GLTestHarness.draw(buffer, visible: visible, size: size, width: width)
        let curve = SmoothCurve(source: source, series: 0, visible: visible, plotSize: size)
        return (image, SmoothCurveLookup(curve: curve, plot: PixelBox(PixelRect(size: size))))
    }

    /// Whether the curve is level enough around `column` for a column's centre to mean
    /// something: under 1 px per px here and in the two columns either side, whose round
    /// caps and flanks reach in.
    private func isLevel(_ lookup: SmoothCurveLookup, at column: Int) -> Bool {
        let near = (column - 2...column + 2).compactMap { lookup.y(atColumn: $0) }
        return near.count == 5 && zip(near, near.dropFirst()).allSatisfy { abs($1 - $0) < 1 }
    }

    /// At every column, the circle's centre from the lookup is within 0.5 px of the
    /// drawn curve: of the column's coverage-weighted centre where the curve is level
    /// (`isLevel`), else of the nearest solidly drawn pixel. Returns the level columns
    /// checked.
    @discardableResult
    private func assertCircleRidesTheCurve(_ source: DataSource, visible: DataRect, file: StaticString = #filePath,
                                           line: UInt = #line) throws -> Int {
        let (image, lookup) = try draw(source, visible: visible)
        var flat = 0, steep = 0, worst = 0.0
        for column in 2..<(size.width - 2) {
            guard let y = lookup.y(atColumn: column) else { continue }
            guard (column - 2...column + 2).allSatisfy({ lookup.y(atColumn: $0) != nil }),
                  y > 4, y < Double(size.height - 4) else { continue }
            if isLevel(lookup, at: column) {
                // The stroke's pixels in this column, around the curve.
                var weight = 0.0, sum = 0.0
                for row in max(Int(y) - 6, 0)...min(Int(y) + 6, size.height - 1) {
                    let c = image.coverage(column, row)
                    weight += c
                    sum += c * (Double(row) + 0.5)
                }
                let centre = sum / weight
                worst = max(worst, abs(centre - y))
                XCTAssertEqual(centre, y, accuracy: 0.5, "column \(column)", file: file, line: line)
                flat += 1
            } else {
                let x = lookup.canvasX(ofColumn: column)
                var nearest = Double.infinity
                for row in max(Int(y) - 3, 0)...min(Int(y) + 3, size.height - 1) {
                    for c in column - 2...column + 2 where image.coverage(c, row) >= 0.9 {
                        nearest = min(nearest, hypot(Double(c) + 0.5 - x, Double(row) + 0.5 - y))
                    }
                }
                XCTAssertLessThanOrEqual(nearest, 0.75, "steep column \(column)", file: file, line: line)
                steep += 1
            }
        }
        XCTAssertGreaterThan(flat + steep, size.width * 9 / 10, "columns checked", file: file, line: line)
        print("circle vs drawn curve: \(flat) level columns (worst \(String(format: "%.3f", worst)) px), \(steep) steep")
        return flat
    }

    func testCircleRidesTheDrawnTideCurve() throws {
        let source = tides()
        let xs = source.dataset.xs
        // Two weeks: steep flanks, tight turns. Zoomed into a few tides: wide turns.
        let level = try assertCircleRidesTheCurve(source, visible: DataRect(minX: xs[0], maxX: xs[xs.count - 1], minY: -0.5, maxY: 5.3))
            + assertCircleRidesTheCurve(source, visible: DataRect(minX: xs[10] + 5000, maxX: xs[17], minY: -0.5, maxY: 5.3))
        XCTAssertGreaterThan(level, 200, "level columns checked")
    }

    func testCircleRidesTheDrawnCurveOfRandomData() throws {
        var level = 0
        for seed in 1...3 as ClosedRange<UInt64> {
            let source = random(count: 150, seed: seed)
            let xs = source.dataset.xs
            level += try assertCircleRidesTheCurve(source, visible: DataRect(minX: xs[3], maxX: xs[140], minY: -20, maxY: 120))
        }
        XCTAssertGreaterThan(level, 30, "level columns checked")
    }

    /// A rising staircase (flat stretches, small steps and big jumps: where a plain
    /// Catmull-Rom curve dips before each step and swings past it): nothing drawn lies
    /// beyond the data's range by more than the stroke, nor, between two points, beyond
    /// their two values by more than the stroke.
    func testSmoothCurveDoesNotOvershootMonotoneRuns() throws {
        var rng = SplitMix64(seed: 9)
        var value = 0.0
        let count = 60
        let xs = (0..<count).map { Double($0) * 10 + Double.random(in: 0...4, using: &rng) }
        let ys = (0..<count).map { _ -> Double in
            defer {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: break
                case 1: value += Double.random(in: 0...2, using: &rng)
                default: value += Double.random(in: 5...25, using: &rng)
                }
            }
            return value
        }
        let source = DataSource(dataset: Dataset(source: "stairs", xs: xs, series: [Series(name: "s", ys: ys)]))
        let low = ys[0], high = ys[count - 1]
        let visible = DataRect(minX: xs[0] - 5, maxX: xs[count - 1] + 5, minY: low - (high - low) * 0.3, maxY: high + (high - low) * 0.3)
        let (image, _) = try draw(source, visible: visible)
        let scales = PlotScales(visible: visible, plot: PixelBox(PixelRect(size: size)))
        // The stroke's half width and the antialiasing's half pixel.
        let reach = width / 2 + 1
        func inkRows(_ column: Int) -> ClosedRange<Double>? {
            let rows = (0..<size.height).filter { image.coverage(column, $0) > 0.02 }
            guard let first = rows.first, let last = rows.last else { return nil }
            return Double(first)...Double(last + 1)
        }
        var inked = 0
        for column in 0..<size.width {
            guard let rows = inkRows(column) else { continue }
            inked += 1
            XCTAssertGreaterThanOrEqual(rows.lowerBound, scales.canvasY(high) - reach, "column \(column) above the data")
            XCTAssertLessThanOrEqual(rows.upperBound, scales.canvasY(low) + reach, "column \(column) below the data")
            // Columns at least the stroke's reach from any point belong to one piece.
            let left = Double(column), right = Double(column + 1)
            let piece = xs.partitionPoint { scales.canvasX($0) < left } - 1
            guard piece >= 0, piece + 1 < count, scales.canvasX(xs[piece]) < left - reach,
                  scales.canvasX(xs[piece + 1]) > right + reach else { continue }
            let top = scales.canvasY(max(ys[piece], ys[piece + 1])), bottom = scales.canvasY(min(ys[piece], ys[piece + 1]))
            XCTAssertGreaterThanOrEqual(rows.lowerBound, top - reach, "column \(column) above its piece")
            XCTAssertLessThanOrEqual(rows.upperBound, bottom + reach, "column \(column) below its piece")
        }
        XCTAssertGreaterThan(inked, size.width * 9 / 10)
    }

    /// Through the whole picture: `--smooth` draws the curve (not the straight line) in
    /// a sparse view, and a view of more than two points per pixel column is drawn as
    /// without it, pixel for pixel.
    func testSceneDrawsTheCurveWhereSparseAndTheSameLineWhereDense() throws {
        func render(_ source: DataSource, smooth: Bool, visible: DataRect) throws -> RGBAImage {
            let scene = try ChartScene(device: GLTestHarness.device, source: source, layout: .plain, gradient: false, smooth: smooth)
            return try GLTestHarness.renderer.render(scene, viewport: Viewport(visible: visible), size: size)
        }
        let sparse = tides()
        let xs = sparse.dataset.xs
        let view = DataRect(minX: xs[10] + 5000, maxX: xs[17], minY: -0.5, maxY: 5.3)
        let smooth = try render(sparse, smooth: true, visible: view)
        let straight = try render(sparse, smooth: false, visible: view)
        XCTAssertNotEqual(smooth, straight)
        // The smooth picture's ink follows the lookup where the curve is level.
        let curve = SmoothCurve(source: sparse, series: 0, visible: view, plotSize: size)
        let lookup = SmoothCurveLookup(curve: curve, plot: PixelBox(PixelRect(size: size)))
        let background = ChartTheme.day.background
        func ink(_ image: RGBAImage, _ x: Int, _ y: Int) -> Double {
            let p = image[x, y]
            return (abs(Double(p.r) - Double(background.red) * 255) + abs(Double(p.g) - Double(background.green) * 255)
                    + abs(Double(p.b) - Double(background.blue) * 255))
        }
        var matched = 0
        for column in 2..<(size.width - 2) {
            guard let y = lookup.y(atColumn: column), isLevel(lookup, at: column), y > 8, y < Double(size.height - 8) else { continue }
            let rows = max(Int(y) - 6, 0)...min(Int(y) + 6, size.height - 1)
            let weight = rows.map { ink(smooth, column, $0) }.reduce(0, +)
            let centre = rows.map { ink(smooth, column, $0) * (Double($0) + 0.5) }.reduce(0, +) / weight
            XCTAssertEqual(centre, y, accuracy: 0.5, "column \(column)")
            matched += 1
        }
        XCTAssertGreaterThan(matched, 200)

        let dense = random(count: 4000, seed: 4)
        let denseXs = dense.dataset.xs
        let denseView = DataRect(minX: denseXs[0], maxX: denseXs[3999], minY: -10, maxY: 110)
        XCTAssertEqual(try render(dense, smooth: true, visible: denseView), try render(dense, smooth: false, visible: denseView))
    }
}
