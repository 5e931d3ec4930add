@testable import ChartData
import XCTest

final class MemoryBudgetTests: XCTestCase {
    func testReadsProcLinesInKilobytes() {
        let status = "Name:\tx\nVmPeak:\t  2000 kB\nVmSize:\t   123456 kB\n"
        XCTAssertEqual(MemoryBudget.kilobytes("VmSize", in: status), 123_456)
        XCTAssertNil(MemoryBudget.kilobytes("VmSwap", in: status))
    }

    func testTheSmallerBoundBindsAndIsNamed() {
        XCTAssertEqual(MemoryBudget.combining(addressSpace: 100, freeMemory: 200), MemoryBudget(availableBytes: 100, limit: "ulimit -v"))
        XCTAssertEqual(MemoryBudget.combining(addressSpace: 300, freeMemory: 200), MemoryBudget(availableBytes: 200, limit: "free memory"))
        XCTAssertNil(MemoryBudget.combining(addressSpace: nil, freeMemory: nil).availableBytes)
    }

    func testTheCurrentBudgetIsPositiveAndASmallRequestFits() throws {
        let budget = MemoryBudget.current()
        // Linux always has /proc/meminfo: the budget is known.
        XCTAssertGreaterThan(try XCTUnwrap(budget.availableBytes), 0)
        XCTAssertNoThrow(try MemoryBudget.require(1 << 20, for: "loading", file: "t.csv"))
    }

    func testRefusalSaysWhatNeedsHowMuchAndWhatLimits() {
        let budget = MemoryBudget(availableBytes: 600_000_000, limit: "ulimit -v")
        XCTAssertThrowsError(try budget.require(1_900_000_000, for: "loading", file: "big.csv")) { error in
            XCTAssertEqual("\(error)", "big.csv: loading needs about 1.9 GB of memory, 600 MB is available (ulimit -v)")
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 69)
        }
        XCTAssertNoThrow(try budget.require(600_000_000, for: "loading", file: "big.csv"))
    }

    func testSizesReadAsPeopleWriteThem() {
        XCTAssertEqual(MemoryBudget.describe(bytes: 512), "512 bytes")
        XCTAssertEqual(MemoryBudget.describe(bytes: 1_500), "1.5 KB")
        XCTAssertEqual(MemoryBudget.describe(bytes: 600_000_000), "600 MB")
        XCTAssertEqual(MemoryBudget.describe(bytes: 1_940_000_000), "1.9 GB")
        XCTAssertEqual(MemoryBudget.describe(bytes: Int.max), "9.2 EB")
    }
}
