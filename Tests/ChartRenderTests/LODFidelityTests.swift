import ChartData
import ChartGeometry
import ChartRender
import XCTest

/// A line drawn from the chosen level of detail against the line drawn from every point,
/// at five zooms over the 1M-point W1 walk and over a series with one-point spikes: the
/// pixels whose coverage differs by more than 10%, as a share of the pixels the full
/// line covers, must stay within 1% for the default (min/max) reduction.
final class LODFidelityTests: XCTestCase {
    private let size = PixelSize(width: 1280, height: 720)
    private let zooms: [Double] = [1, 4, 16, 64, 256]

    /// Share of the full line's pixels that the reduced line draws more than 10% off.
    private typealias Differing = Double

    private func compare(_ dataset: Dataset, method: LODMethod) throws -> [Differing] {
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
            let reference = try GLTestHarness.draw(full, visible: visible, size: size)
            let parts = reduced.buffers(forVisibleX: x, plotWidth: size.width)
            if zoom == 1 {
                // Zoomed out, the level of detail is what is drawn, not every point.
                XCTAssertLessThan(parts.reduce(0) { $0 + $1.pointCount }, dataset.count / 4, "\(method) draws a reduced level")
            }
            let drawn = try GLTestHarness.draw(parts, visible: visible, size: size)
            return reference.shareDiffering(in: drawn)
        }
    }

    private func report(_ name: String, _ comparisons: [Differing]) {
        let shares = comparisons.map { String(format: "%.2f%%", $0 * 100) }.joined(separator: " ")
        print("\(name) at zooms \(zooms.map { Int($0) }): pixels differing by over 10%: \(shares)")
    }

    func testMinMaxDrawsTheW1WalkAsAllItsPointsDo() throws {
        let comparisons = try compare(RandomWalk(count: 1_000_000).dataset(), method: .minMax)
        report("min/max LOD, 1M walk", comparisons)
        for (zoom, share) in zip(zooms, comparisons) { XCTAssertLessThanOrEqual(share, 0.01, "at \(zoom)×") }
    }

    /// The seed's sparsifier at the same budget. It keeps the points farthest from the
    /// chord, not each column's extremes, so on dense noise the edge of the line could
    /// fray; with round joins it meets the same bound (0.28% at worst when measured),
    /// and it stays an option (`--lod rdp`), not the default.
    func testRDPDrawsTheW1WalkWithinTheSameBound() throws {
        let comparisons = try compare(RandomWalk(count: 1_000_000).dataset(), method: .rdp)
        report("RDP LOD, 1M walk", comparisons)
        for (zoom, share) in zip(zooms, comparisons) { XCTAssertLessThanOrEqual(share, 0.01, "at \(zoom)×") }
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
        for (zoom, share) in zip(zooms, comparisons) { XCTAssertLessThanOrEqual(share, 0.01, "at \(zoom)×") }

        let source = DataSource(dataset: dataset)
        let reduced = LODLineSeries(device: GLTestHarness.device, dataset: dataset, seriesIndex: 0, detail: source.details[0])
        let visible = DataRect(minX: 0, maxX: Double(n - 1), minY: -66, maxY: 66)
        let image = try GLTestHarness.draw(reduced.buffers(forVisibleX: 0...Double(n - 1), plotWidth: size.width),
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
