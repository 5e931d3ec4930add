import ChartCore
import ChartData
import ChartRender
import XCTest

/// A line drawn from the chosen level of detail against the line drawn from every point,
/// at five zooms over the 1M-point W1 walk and over a series with one-point spikes.
///
/// Two measures: the strict one (pixels whose coverage differs by more than 10%, as a
/// share of the pixels the full line covers) is printed for the record: on dense data
/// the full line's antialiased edges get a per-row texture from hundreds of strokes that
/// no reduction to a few points per column reproduces. The asserted one is the line's
/// reach in every band of 8 pixel columns (its top and its bottom), which is what a
/// reader sees: the shape, the extremes, every spike.
final class LODFidelityTests: XCTestCase {
    private let size = PixelSize(width: 1280, height: 720)
    private let zooms: [Double] = [1, 4, 16, 64, 256]

    private struct Comparison {
        /// Strict measure: share of the full line's pixels that differ by > 10%.
        var differingPixels: Double
        /// Share of inked 8-column bands whose top or bottom the reduced line misses by
        /// more than a pixel.
        var movedBands: Double
    }

    /// Top and bottom row with at least half coverage in each column.
    private func extents(_ image: CoverageImage) -> [(top: Int, bottom: Int)?] {
        (0..<image.width).map { x in
            var top: Int?
            var bottom: Int?
            for y in 0..<image.height where image.coverage(x, y) >= 0.5 {
                if top == nil { top = y }
                bottom = y
            }
            return top.map { ($0, bottom!) }
        }
    }

    private func compare(_ dataset: Dataset, method: LODMethod) throws -> [Comparison] {
        let source = DataSource(dataset: dataset, lodMethod: method)
        let device = GLTestHarness.device
        let full = LineSeriesBuffer(device: device, xs: dataset.xs, ys: dataset.series[0].ys)
        let reduced = LODLineSeries(device: device, dataset: dataset, seriesIndex: 0, detail: source.details[0])
        let first = dataset.xs.first!, last = dataset.xs.last!
        return try zooms.map { zoom in
            let width = (last - first) / zoom
            let minX = first + (last - first) / 2 - width / 2
            let x = minX...(minX + width)
            let visible = try XCTUnwrap(Viewport.fitting(source, x: x)).visible
            // Both with the app's stroke: long miters on noisy data would overshoot peaks.
            let miterLimit = LineStyle().miterLimit
            let reference = try GLTestHarness.draw(full, visible: visible, size: size, miterLimit: miterLimit)
            let drawn = try GLTestHarness.draw(reduced.buffer(forVisibleX: x, plotWidth: size.width), visible: visible,
                                               size: size, miterLimit: miterLimit)
            var covered = 0
            var differing = 0
            for py in 0..<size.height {
                for px in 0..<size.width {
                    let a = reference.coverage(px, py)
                    if a > 0.1 { covered += 1 }
                    if abs(a - drawn.coverage(px, py)) > 0.1 { differing += 1 }
                }
            }
            // Extents per band of 8 columns: the reduced line must reach each band's top
            // and bottom, give or take a pixel, within the band or a column either side
            // (a dense neighbour column reaches a pixel into the band in the full line,
            // where the reduction keeps only its extreme point).
            var inked = 0
            var moved = 0
            let bands = 8
            let (ea, eb) = (extents(reference), extents(drawn))
            for band in stride(from: 0, to: size.width, by: bands) {
                let columns = band..<min(band + bands, size.width)
                let widened = max(band - 1, 0)..<min(band + bands + 1, size.width)
                let a = columns.compactMap { ea[$0] }, b = widened.compactMap { eb[$0] }
                guard let aTop = a.map(\.top).min(), let aBottom = a.map(\.bottom).max() else { continue }
                inked += 1
                guard let bTop = b.map(\.top).min(), let bBottom = b.map(\.bottom).max(),
                      bTop <= aTop + 1, bBottom >= aBottom - 1 else {
                    moved += 1
                    continue
                }
            }
            return Comparison(differingPixels: Double(differing) / Double(max(covered, 1)),
                              movedBands: Double(moved) / Double(max(inked, 1)))
        }
    }

    private func report(_ name: String, _ comparisons: [Comparison]) {
        let strict = comparisons.map { String(format: "%.1f%%", $0.differingPixels * 100) }.joined(separator: " ")
        let columns = comparisons.map { String(format: "%.1f%%", $0.movedBands * 100) }.joined(separator: " ")
        print("\(name) at zooms \(zooms.map { Int($0) }): pixels differing \(strict); 8-column bands whose extent moved \(columns)")
    }

    func testMinMaxKeepsTheShapeOfTheW1Walk() throws {
        let comparisons = try compare(RandomWalk(count: 1_000_000).dataset(), method: .minMax)
        report("min/max LOD, 1M walk", comparisons)
        for c in comparisons { XCTAssertLessThanOrEqual(c.movedBands, 0.02) }
    }

    func testRDPKeepsTheShapeOfTheW1Walk() throws {
        let comparisons = try compare(RandomWalk(count: 1_000_000).dataset(), method: .rdp)
        report("RDP LOD, 1M walk", comparisons)
        for c in comparisons { XCTAssertLessThanOrEqual(c.movedBands, 0.03) }
    }

    /// One-point spikes in a quiet series: at every zoom each spike in view is drawn to
    /// its full height.
    func testMinMaxNeverDropsASpike() throws {
        var rng = SplitMix64(seed: 21)
        let n = 400_000
        let xs = (0..<n).map { Double($0) }
        var ys = xs.map { _ in Double.random(in: -1...1, using: &rng) }
        let spikes = (0..<40).map { _ in Int.random(in: 1_000..<(n - 1_000), using: &rng) }
        for (k, i) in spikes.enumerated() { ys[i] = k % 2 == 0 ? 60 : -60 }
        let dataset = Dataset(source: "spikes", xs: xs, series: [Series(name: "s", ys: ys)])
        let comparisons = try compare(dataset, method: .minMax)
        report("min/max LOD, spikes", comparisons)
        XCTAssertEqual(comparisons.map(\.movedBands).max(), 0, "every band's extremes are drawn")

        let source = DataSource(dataset: dataset)
        let reduced = LODLineSeries(device: GLTestHarness.device, dataset: dataset, seriesIndex: 0, detail: source.details[0])
        let visible = DataRect(minX: 0, maxX: Double(n - 1), minY: -66, maxY: 66)
        let image = try GLTestHarness.draw(reduced.buffer(forVisibleX: 0...Double(n - 1), plotWidth: size.width),
                                           visible: visible, size: size)
        let viewport = Viewport(visible: visible)
        for (k, i) in spikes.enumerated() {
            let column = Int(viewport.xScale(in: size).pixel(forValue: Double(i)))
            let tipRow = Int(viewport.yScale(in: size).pixel(forValue: k % 2 == 0 ? 59 : -59))
            let reached = (max(column - 1, 0)...min(column + 1, size.width - 1)).contains { image.coverage($0, tipRow) > 0.5 }
            XCTAssertTrue(reached, "spike at index \(i) reaches its height")
        }
    }
}
