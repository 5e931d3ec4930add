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

    /// After quiet frames, the zoom to the next finer level uploads a piece prepared
    /// ahead: no block of it is read in that frame.
    func testAZoomAfterQuietFramesUploadsWithoutPreparing() throws {
        let walk = ZoomingWalk()
        let (device, series, xs, span) = (walk.device, walk.series, walk.xs, walk.span)
        let view = walk.view, level = walk.level
        let width = span / 25
        let drawn = try XCTUnwrap(level(width))
        XCTAssertGreaterThan(drawn, 0, "a level with a finer one below it")
        _ = series.buffers(forVisibleX: view(width), plotWidth: 1280)
        XCTAssertTrue(series.uploadedThisFrame)
        series.endFrame()

        var quietFrames = 0
        while series.prepareAhead() {
            quietFrames += 1
            XCTAssertLessThanOrEqual(series.aheadByteCount, LODLineSeries.aheadByteLimit)
            _ = series.buffers(forVisibleX: view(width), plotWidth: 1280)
            XCTAssertFalse(series.uploadedThisFrame, "the view's pieces are on the GPU")
            series.endFrame()
            if quietFrames > 1_000 { break }
        }
        XCTAssertGreaterThan(quietFrames, 16, "a whole piece (17 blocks) prepared ahead, a block a frame")
        XCTAssertLessThan(quietFrames, 1_000, "preparing ahead stops at its byte limit")

        // Zoom in until the next finer level is drawn.
        var zoomed = width
        while level(zoomed) == drawn { zoomed /= 1.25 }
        XCTAssertEqual(level(zoomed), drawn - 1)
        let inFrame = series.preparedInFrameBlockCount
        let uploaded = device.uploadedBytes
        let pieces = series.buffers(forVisibleX: view(zoomed), plotWidth: 1280)
        XCTAssertFalse(pieces.isEmpty)
        XCTAssertGreaterThan(device.uploadedBytes, uploaded, "the finer level's piece is uploaded")
        XCTAssertEqual(series.preparedInFrameBlockCount, inFrame, "and none of it read in this frame")

        // Far away, what is held stays under the limit.
        let far = xs.first! + span * 0.9
        _ = series.buffers(forVisibleX: far...(far + width), plotWidth: 1280)
        series.endFrame()
        series.prepareAhead()
        XCTAssertLessThanOrEqual(series.aheadByteCount, LODLineSeries.aheadByteLimit)
    }

    /// The range selector draws the same series' overview, not leading: its upload
    /// leaves the frame quiet, and the pieces prepared ahead are still the main chart's
    /// (its zoom to the next finer level reads no block in that frame).
    func testAnOverviewDrawnAlongsideLeavesPreparingAheadToTheLeadingView() throws {
        let walk = ZoomingWalk()
        let (series, xs, span) = (walk.series, walk.xs, walk.span)
        let view = walk.view, level = walk.level
        let width = span / 25
        let drawn = try XCTUnwrap(level(width))
        _ = series.buffers(forVisibleX: view(width), plotWidth: 1280)
        series.endFrame()
        for _ in 0..<40 {
            _ = series.buffers(forVisibleX: view(width), plotWidth: 1280)
            _ = series.buffers(forVisibleX: xs.first!...xs.last!, plotWidth: 1200, leading: false)
            XCTAssertFalse(series.uploadedThisFrame, "the overview's upload does not make the frame busy")
            series.prepareAhead()
            series.endFrame()
        }
        var zoomed = width
        while level(zoomed) == drawn { zoomed /= 1.25 }
        let inFrame = series.preparedInFrameBlockCount
        XCTAssertFalse(series.buffers(forVisibleX: view(zoomed), plotWidth: 1280).isEmpty)
        XCTAssertEqual(series.preparedInFrameBlockCount, inFrame, "the finer level's piece under the main chart's view was ready")
    }

    /// A piece that spans a gap in x holds one break (a point with NaN y) for it, at the
    /// level drawn zoomed out and in the full series drawn zoomed in; connected, none.
    func testAPieceAcrossAGapInXHoldsOneBreak() throws {
        let dataset = HourlyWeather.dataset()
        let all = dataset.xs.first!...dataset.xs.last!
        let nearGap = (HourlyWeather.missingFrom - 7 * 86_400)...(HourlyWeather.missingUntil + 7 * 86_400)
        for connected in [false, true] {
            let source = DataSource(dataset: dataset, connectsGaps: connected)
            XCTAssertEqual(source.gaps.starts.count, connected ? 0 : 1)
            let series = LODLineSeries(device: RenderDevice(recording: RecordingBackend()), dataset: dataset, seriesIndex: 0,
                                       detail: source.details[0], gaps: source.gaps)
            let level = try XCTUnwrap(source.details[0].levelIndex(forVisible: dataset.drawnIndices(forX: all), plotWidth: 1280))
            let zoomedOut = series.buffers(forVisibleX: all, plotWidth: 1280)
            XCTAssertEqual(zoomedOut.reduce(0) { $0 + $1.pointCount },
                           source.details[0].levels[level].indices.count + (connected ? 0 : 1))
            XCTAssertNil(source.details[0].levelIndex(forVisible: dataset.drawnIndices(forX: nearGap), plotWidth: 1280))
            let zoomedIn = series.buffers(forVisibleX: nearGap, plotWidth: 1280)
            XCTAssertEqual(zoomedIn.reduce(0) { $0 + $1.pointCount }, dataset.count + (connected ? 0 : 1), "one piece of every point")
        }
    }
}

/// A 4M-point walk's series on the recording backend, seen through views of a width
/// centred at 40% of its x range, and the level each such view draws at 1280 pixels.
private struct ZoomingWalk {
    let dataset = RandomWalk(count: 4_000_000).dataset()
    let device = RenderDevice(recording: RecordingBackend())
    let detail: LevelOfDetail
    let series: LODLineSeries

    init() {
        detail = DataSource(dataset: dataset).details[0]
        series = LODLineSeries(device: device, dataset: dataset, seriesIndex: 0, detail: detail)
    }

    var xs: XValues { dataset.xs }
    var span: Double { xs.last! - xs.first! }

    func view(_ width: Double) -> ClosedRange<Double> {
        let centre = xs.first! + span * 0.4
        return (centre - width / 2)...(centre + width / 2)
    }

    func level(_ width: Double) -> Int? {
        detail.levelIndex(forVisible: dataset.drawnIndices(forX: view(width)), plotWidth: 1280)
    }
}
