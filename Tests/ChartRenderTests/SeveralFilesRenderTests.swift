import ChartData
import ChartGeometry
import ChartRender
import XCTest

/// Two files in one chart, in pixels: file a has a point every day, file b one a week
/// on days a lacks (b's x are a's plus half a day). b's line, drawn as the chart draws
/// it (the series store), has no break across a's days, zoomed out (a level of detail)
/// or in (every point); its own gap still breaks it.
final class SeveralFilesRenderTests: XCTestCase {
    private let size = PixelSize(width: 800, height: 400)

    /// a: 120 000 days; b: a point every 7 days, half a day after a's, over the first
    /// and the last 40% of them (the middle fifth is b's own gap).
    private func source() throws -> DataSource {
        let days = (0..<120_000).map(Double.init)
        var random = SplitMix64(seed: 5)
        let weeks = stride(from: 0.5, to: 120_000, by: 7).filter { $0 < 48_000 || $0 > 72_000 }
        let dataset = try DatasetMerge.merge([
            Dataset(source: "a.csv", xs: days, series: [Series(name: "Close", ys: days.map { _ in Double.random(in: 0...1, using: &random) })]),
            Dataset(source: "b.csv", xs: weeks, series: [Series(name: "Close", ys: weeks.map { sin($0 / 3_000) * 10 + 20 })]),
        ])
        XCTAssertEqual(dataset.series.map(\.name), ["a: Close", "b: Close"])
        return DataSource(dataset: dataset)
    }

    func testTheWeeklyLineHasNoBreakAtTheDailyFilesDays() throws {
        let source = try source()
        let store = GPUSeriesStore(device: GLTestHarness.device, source: source)
        let b = try XCTUnwrap(store.lineSeries(for: source.handle(ofSeries: 1)))
        for range in [0.0...120_000, 3_000...3_400] {
            let visible = DataRect(minX: range.lowerBound, maxX: range.upperBound, minY: 5, maxY: 35)
            let drawn = source.dataset.drawnIndices(forX: range)
            let level = source.details[1].levelIndex(forVisible: drawn, plotWidth: size.width)
            XCTAssertEqual(level == nil, range.upperBound < 10_000, "zoomed out a level of detail is drawn, zoomed in every point")
            let image = try GLTestHarness.draw(b.buffers(forVisibleX: range, plotWidth: size.width), visible: visible, size: size)
            func inked(_ column: Int) -> Bool { (0..<size.height).contains { image.coverage(column, $0) > 0.3 } }
            func column(_ x: Double) -> Int { Int((x - range.lowerBound) / (range.upperBound - range.lowerBound) * Double(size.width)) }
            let own = [(max(range.lowerBound, 0.5), min(range.upperBound, 47_998.5)), (72_003.5, range.upperBound)]
            for (from, to) in own where from < to {
                let columns = (column(from) + 2)...(column(to) - 2)
                let bare = columns.filter { !inked($0) }
                XCTAssertTrue(bare.isEmpty, "\(range): b's line breaks at columns \(bare.prefix(8))")
            }
            if range.upperBound > 72_000 {
                let gap = (column(48_000) + 3)...(column(72_000) - 3)
                XCTAssertTrue(gap.allSatisfy { !inked($0) }, "b's own gap stays empty")
            }
        }
    }
}
