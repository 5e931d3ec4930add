import ChartData
import ChartRender
import XCTest

/// A followed file's rows appended: the GPU keeps every finished piece of every level
/// and uploads again only what changed, the last partial piece of each level.
final class GrowingSeriesTests: XCTestCase {
    func testAppendingKeepsFinishedPiecesAndReuploadsOnlyTheLastOne() {
        let walk = RandomWalk(count: 1_200_000).dataset()
        let all = walk.count
        func part(_ range: Range<Int>) -> Dataset {
            Dataset(source: "log.csv", xs: Array(walk.xs[range]), series: [Series(name: "y", ys: Array(walk.series[0].ys[range]))])
        }
        let old = DataSource(dataset: part(0..<1_000_000))
        let device = RenderDevice(recording: RecordingBackend())
        let store = GPUSeriesStore(device: device, source: old)
        let series = store.lineSeries(for: old.handle(ofSeries: 0))!
        let xs = old.dataset.xs
        // Every piece of the full series (1M points: 4 pieces), and the whole coarsest
        // level, on the GPU.
        let pieceWidth = (xs.last! - xs.first!) / 8
        var x = xs.first!
        while x < xs.last! {
            _ = series.buffers(forVisibleX: x...(x + pieceWidth), plotWidth: 100_000)
            x += pieceWidth
        }
        _ = series.buffers(forVisibleX: xs.first!...xs.last!, plotWidth: 1280)
        let fullPieces = (old.dataset.count - 2) / LODLineSeries.pointsPerPiece + 1
        XCTAssertEqual(series.pieceCount, fullPieces + 1, "4 pieces of the full series, 1 of the coarsest level")

        store.adopt(old.appending(part(1_000_000..<all), connectsGaps: false))
        XCTAssertEqual(series.pieceCount, fullPieces - 1, "the finished pieces stay; the partial last ones go")
        let grown = store.source.dataset.xs
        var before = device.uploadedBytes
        _ = series.buffers(forVisibleX: grown[2 * LODLineSeries.pointsPerPiece + 10]...grown[2 * LODLineSeries.pointsPerPiece + 5_000],
                           plotWidth: 100_000)
        XCTAssertEqual(device.uploadedBytes, before, "a finished piece is drawn as it was, not uploaded again")
        before = device.uploadedBytes
        _ = series.buffers(forVisibleX: grown[all - 5_000]...grown[all - 1], plotWidth: 100_000)
        XCTAssertGreaterThan(device.uploadedBytes, before, "the last piece, grown, is uploaded")
        XCTAssertEqual(store.source.dataset.count, all)
    }
}
