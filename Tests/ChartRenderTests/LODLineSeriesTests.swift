import ChartCore
import ChartData
import ChartRender
import XCTest

/// A level goes to the GPU in pieces, each when part of it first comes into view.
final class LODLineSeriesTests: XCTestCase {
    func testZoomingInUploadsThePiecesInViewNotTheLevel() {
        let dataset = RandomWalk(count: 4_000_000).dataset()
        let source = DataSource(dataset: dataset)
        let device = RenderDevice(recording: RecordingBackend())
        let series = LODLineSeries(device: device, dataset: dataset, seriesIndex: 0, detail: source.details[0])
        let xs = dataset.xs
        let pieceBytes = (LODLineSeries.pointsPerPiece + 1) * 8

        // 1% of the series in view: a fine level (tens of thousands of points per view,
        // several hundred thousand in the level).
        let width = (xs.last! - xs.first!) / 100
        let start = xs.first! + (xs.last! - xs.first!) * 0.4
        var before = device.uploadedBytes
        let pieces = series.buffers(forVisibleX: start...(start + width), plotWidth: 1280)
        let zoomIn = device.uploadedBytes - before
        let piecesBytes = pieces.reduce(0) { $0 + $1.gpuByteCount }
        XCTAssertGreaterThan(zoomIn, 0)
        XCTAssertLessThanOrEqual(pieces.count, 2)
        XCTAssertLessThanOrEqual(zoomIn, 2 * pieceBytes, "the pieces in view, not the whole level")
        XCTAssertEqual(zoomIn, piecesBytes, "each piece uploaded once")

        // Panning within the uploaded pieces uploads nothing.
        before = device.uploadedBytes
        for step in 1...20 {
            let shifted = start + width * Double(step) / 100
            _ = series.buffers(forVisibleX: shifted...(shifted + width), plotWidth: 1280)
        }
        XCTAssertEqual(device.uploadedBytes, before, "no upload while the view stays on uploaded pieces")

        // Far away: that piece now, and again nothing the second time.
        let far = xs.first! + (xs.last! - xs.first!) * 0.9
        _ = series.buffers(forVisibleX: far...(far + width), plotWidth: 1280)
        XCTAssertGreaterThan(device.uploadedBytes, before)
        before = device.uploadedBytes
        _ = series.buffers(forVisibleX: far...(far + width), plotWidth: 1280)
        XCTAssertEqual(device.uploadedBytes, before)
    }
}
