import ChartData
@testable import ChartRender
import XCTest

/// A level's last piece while its file grows: cut back to its unchanged blocks and
/// grown by uploading only what follows them (`LODLineSeries+GrowPiece`), it holds
/// exactly what a piece made at once from the grown series holds, gaps and all, for
/// every level drawn; and an append of a few rows uploads a few blocks, not the piece.
final class GrowingPieceTests: XCTestCase {
    /// What a drawn piece holds, read back from the recorded buffers: its blocks' origins
    /// and units, their points' stored offsets (bit patterns, NaN included) and its runs.
    private struct Contents: Equatable {
        var pointCount: Int
        var blocks: [[Double]] = []
        var offsets: [[UInt32]] = []
        var runs: [[Double]] = []
    }

    private func contents(_ buffer: LineSeriesBuffer, _ backend: RecordingBackend) -> Contents {
        var result = Contents(pointCount: buffer.pointCount)
        for block in buffer.blocks {
            result.blocks.append([block.originX, block.originY, block.unitX, block.unitY, block.firstX, block.lastX,
                                  Double(block.segmentCount), block.hasGaps ? 1 : 0])
            let bytes = backend.bufferBytes[backend.textureBuffers[Int(block.texture.raw)]!]!
            let start = block.firstPoint * 8
            let floats = bytes[start..<(start + (block.segmentCount + 1) * 8)].withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
            result.offsets.append(floats)
        }
        result.runs = buffer.runs.map { [$0.firstX, $0.lastX, $0.minY, $0.maxY] }
        return result
    }

    /// Rows after `x`: steps of 1 with now and then a gap in x (far beyond the usual
    /// spacing), an equal x, or a NaN y.
    private func rows(_ count: Int, after x: inout Double, y: inout Double, random: inout SplitMix64) -> Dataset {
        var xs: [Double] = []
        var ys: [Double] = []
        for _ in 0..<count {
            let roll = Double.random(in: 0..<1, using: &random)
            x += roll < 0.0005 ? 500 : roll < 0.001 ? 0 : 1
            y += Double.random(in: -1...1, using: &random)
            xs.append(x)
            ys.append(roll > 0.9995 ? .nan : y)
        }
        return Dataset(source: "log.csv", xs: xs, series: [Series(name: "y", ys: ys)])
    }

    func testGrownPiecesHoldWhatPiecesMadeAtOnceHold() throws {
        for seed in [UInt64(1), 2, 3] {
            var random = SplitMix64(seed: seed)
            var x = 0.0, y = 0.0
            // The full series' last piece holds 140k–150k points, and grows by at most
            // 96k: it stays the last, partial piece.
            let first = LODLineSeries.pointsPerPiece + Int.random(in: 140_000...150_000, using: &random)
            var source = DataSource(dataset: rows(first, after: &x, y: &y, random: &random))
            let backend = RecordingBackend()
            backend.keepsBufferBytes = true
            let device = RenderDevice(recording: backend)
            let store = GPUSeriesStore(device: device, source: source)
            let series = try XCTUnwrap(store.lineSeries(for: source.handle(ofSeries: 0)))
            // The newest points at full resolution, the newest 200k through a middle
            // level, the whole through a coarse one.
            func views(_ source: DataSource) -> [(ClosedRange<Double>, Int)] {
                let xs = source.dataset.xs, n = xs.count
                return [(xs[n - 3_000]...xs[n - 1], 100_000), (xs[n - 200_000]...xs[n - 1], 1280), (xs[0]...xs[n - 1], 1280)]
            }
            for step in 0..<8 {
                for (visible, width) in views(source) { _ = series.buffers(forVisibleX: visible, plotWidth: width) }
                let count = [1, 7, 300, 5_000, 12_000][Int.random(in: 0..<5, using: &random)]
                source = source.appending(rows(count, after: &x, y: &y, random: &random), connectsGaps: false)
                store.adopt(source)
                if step > 0 { XCTAssertFalse(series.growing.isEmpty, "seed \(seed) step \(step): last pieces cut back, kept") }

                let freshBackend = RecordingBackend()
                freshBackend.keepsBufferBytes = true
                let freshDevice = RenderDevice(recording: freshBackend)
                let fresh = try XCTUnwrap(GPUSeriesStore(device: freshDevice, source: source).lineSeries(for: source.handle(ofSeries: 0)))
                // Followed as the live one is, so its last pieces keep blocks of fixed length too.
                fresh.growsAtEnd = true
                let before = device.uploadedBytes
                for (visible, width) in views(source) {
                    let grown = series.buffers(forVisibleX: visible, plotWidth: width)
                    let made = fresh.buffers(forVisibleX: visible, plotWidth: width)
                    XCTAssertEqual(grown.count, made.count, "seed \(seed) step \(step)")
                    for (a, b) in zip(grown, made) {
                        XCTAssertEqual(contents(a, backend), contents(b, freshBackend), "seed \(seed) step \(step), \(count) rows")
                    }
                }
                // The last block of each level drawn and what was appended, not the
                // 140k points and more of the full series' last piece.
                if step > 0 {
                    XCTAssertLessThanOrEqual(device.uploadedBytes - before, 8 * (3 * (count + 2 * 16_384 + 64) + 1_024),
                                             "seed \(seed) step \(step): \(count) rows appended")
                }
            }
        }
    }
}
