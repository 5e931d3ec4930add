import ChartData
import ChartGeometry
import ChartRender
import XCTest

/// An image past the sides the driver draws or the memory left is refused before
/// anything is allocated, saying what the largest is (exit 69), instead of an
/// incomplete framebuffer (70) or an allocation trap.
final class ImageLimitTests: XCTestCase {
    private let limits = RecordingBackend(maxTextureSize: 16_384).limits

    func testAnImageWiderThanTheDriverDrawsNamesItsLargestSide() throws {
        let small = RecordingBackend(maxTextureSize: 4096).limits
        XCTAssertEqual(small.largestImage, PixelSize(width: 4096, height: 4096))
        XCTAssertThrowsError(try small.requireImage(PixelSize(width: 5000, height: 100), budget: MemoryBudget(availableBytes: nil))) {
            let error = $0 as? RenderError
            XCTAssertEqual(error?.exitCode, 69)
            XCTAssertEqual(error?.description, "a 5000×100 image is larger than this OpenGL driver draws (at most 4096 pixels a side)")
        }
        XCTAssertNoThrow(try small.requireImage(PixelSize(width: 4096, height: 100), budget: MemoryBudget(availableBytes: nil)))
    }

    func testAnImagePastTheMemoryLeftNamesTheLargestOfItsShapeThatFits() throws {
        let budget = MemoryBudget(availableBytes: 1_100_000_000, limit: "ulimit -v")
        let size = PixelSize(width: 16_384, height: 8192)
        var thrown: Error?
        XCTAssertThrowsError(try limits.requireImage(size, budget: budget)) { thrown = $0 }
        guard case let .imageNeedsMemory(asked, needed, available, limit, fitting)? = thrown as? RenderError else {
            return XCTFail("\(String(describing: thrown))")
        }
        XCTAssertEqual(asked, size)
        XCTAssertGreaterThan(needed, 2 * 16_384 * 8192 * 4, "the texture and the copy read back")
        XCTAssertEqual(available, 1_100_000_000)
        XCTAssertEqual(limit, "ulimit -v")
        XCTAssertEqual(Double(fitting.width) / Double(fitting.height), 2, accuracy: 0.01, "the same shape")
        XCTAssertNoThrow(try limits.requireImage(fitting, budget: budget), "the size it names fits")
        let wider = PixelSize(width: fitting.width + 8, height: fitting.height + 4)
        XCTAssertThrowsError(try limits.requireImage(wider, budget: budget), "and is the largest that does")
        let error = try XCTUnwrap(thrown as? RenderError)
        XCTAssertEqual(error.exitCode, 69)
        XCTAssertTrue(error.description.contains("16384×8192"), error.description)
        XCTAssertTrue(error.description.contains("\(fitting.width)×\(fitting.height)"), error.description)
    }

    func testOnceDrawnOnlyTheCopyReadBackIsStillToCome() throws {
        let size = PixelSize(width: 8192, height: 8192)
        let budget = MemoryBudget(availableBytes: size.width * size.height * 4 + 1_000_000)
        XCTAssertThrowsError(try limits.requireImage(size, budget: budget))
        XCTAssertNoThrow(try limits.requireImage(size, budget: budget, drawn: true))
    }
}
