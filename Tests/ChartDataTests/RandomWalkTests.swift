import ChartData
import XCTest

final class RandomWalkTests: XCTestCase {
    func testCSVReadsBackAsTheSameWalk() throws {
        let walk = RandomWalk(count: 5000, seed: 42)
        var text: [UInt8] = []
        walk.writeCSV { text += $0 }
        let loaded = try text.withUnsafeBytes { try CSVLoader().load($0, source: "walk.csv") }
        let direct = walk.dataset()
        XCTAssertEqual(loaded.xs, direct.xs)
        XCTAssertEqual(loaded.xs.first, 1_600_000_000)
        XCTAssertEqual(loaded.xs[1] - loaded.xs[0], 60)
        for (a, b) in zip(loaded.series[0].ys, direct.series[0].ys) {
            XCTAssertEqual(a, b, accuracy: 5e-7)
        }
    }

    func testStepsAreStandardNormal() {
        let ys = RandomWalk(count: 200_001, seed: 1).dataset().series[0].ys
        let steps = zip(ys.dropFirst(), ys).map { $0 - $1 }
        let mean = steps.reduce(0, +) / Double(steps.count)
        let variance = steps.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(steps.count)
        XCTAssertEqual(mean, 0, accuracy: 0.01)
        XCTAssertEqual(variance, 1, accuracy: 0.02)
    }

    func testSameSeedSameWalk() {
        XCTAssertEqual(RandomWalk(count: 100, seed: 3).dataset(), RandomWalk(count: 100, seed: 3).dataset())
        XCTAssertNotEqual(RandomWalk(count: 100, seed: 3).dataset(), RandomWalk(count: 100, seed: 4).dataset())
    }

    func testAWalkLargerThanTheBudgetIsRefusedBeforeItIsMade() throws {
        let huge = RandomWalk(count: 1 << 40)
        XCTAssertThrowsError(try huge.dataset(checking: MemoryBudget(availableBytes: 1 << 30, limit: "free memory"))) { error in
            guard case let .tooLarge(_, what, needed, available, _)? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual(what, "generating the walk")
            XCTAssertEqual(needed, huge.bytesNeeded())
            XCTAssertEqual(available, 1 << 30)
        }
        XCTAssertThrowsError(try RandomWalk(count: -1).dataset(checking: nil))
        XCTAssertEqual(try RandomWalk(count: 1_000).dataset(checking: nil), RandomWalk(count: 1_000).dataset())
        XCTAssertEqual(RandomWalk(count: Int.max).bytesNeeded(), Int.max)
    }
}
