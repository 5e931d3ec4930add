import Foundation
import XCTest

/// The render fuzzer, briefly (scripts/stress.sh runs 100,000 cases): mutated files and
/// options through the real parser, loader, plan and layout, some drawn on the GPU.
final class RenderFuzzTests: XCTestCase {
    func testMutatedFilesAndOptionsNeverTrap() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["fuzz-render", "--runs", "1500", "--seed", "7"],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 300)
        XCTAssertEqual(result.status, 0, "a case trapped: \(result.output.suffix(300)) \(result.error.suffix(2000))")
        XCTAssertTrue(result.output.contains("1500 cases"), result.output)
        XCTAssertTrue(result.output.contains("drawn on the GPU"), "some cases reach the GPU: \(result.output)")
    }
}
