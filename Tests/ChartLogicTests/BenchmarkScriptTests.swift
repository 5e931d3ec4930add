import ChartSupport
import XCTest

final class BenchmarkScriptTests: XCTestCase {
    private let script = BenchmarkScript(minX: 1_600_000_000, maxX: 1_600_000_000 + 60 * 999_999)

    private func width(_ frame: Int) -> Double {
        let r = script.xRange(frame: frame)
        return (r.upperBound - r.lowerBound) / (script.maxX - script.minX)
    }

    private func centre(_ frame: Int) -> Double {
        let r = script.xRange(frame: frame)
        return ((r.lowerBound + r.upperBound) / 2 - script.minX) / (script.maxX - script.minX)
    }

    func testThePhasesOfW1() {
        XCTAssertEqual(width(0), 1, accuracy: 1e-12)
        XCTAssertEqual(width(99), 0.01, accuracy: 1e-12)
        XCTAssertEqual(centre(50), 0.5, accuracy: 1e-9)
        // Geometric: equal ratios between frames.
        XCTAssertEqual(width(1) / width(0), width(51) / width(50), accuracy: 1e-9)
        XCTAssertEqual(centre(100), 0.5, accuracy: 1e-9)
        XCTAssertEqual(centre(199), 0.6, accuracy: 1e-9)
        XCTAssertEqual(width(150), 0.01, accuracy: 1e-12)
        XCTAssertEqual(width(200), 0.01, accuracy: 1e-12)
        XCTAssertEqual(width(299), 1, accuracy: 1e-12)
    }

    func testEveryFrameStaysInsideTheData() {
        for frame in 0..<300 {
            let r = script.xRange(frame: frame)
            XCTAssertGreaterThanOrEqual(r.lowerBound, script.minX - 1e-6)
            XCTAssertLessThanOrEqual(r.upperBound, script.maxX + 1e-6)
        }
        // Zooming out around 60% hits the right edge first and is clamped.
        XCTAssertEqual(centre(299), 0.5, accuracy: 1e-9)
    }

    func testPercentilesAreNearestRank() {
        let stats = FrameStatistics((1...100).map(Double.init))
        XCTAssertEqual([stats.p50, stats.p95, stats.p99, stats.max], [50, 95, 99, 100])
        XCTAssertEqual(FrameStatistics([7]).p99, 7)
    }
}
