import ChartGeometry
import ChartMarks
import ChartStage
import XCTest

/// The board and the notes' labels are placed by one rule (`InfoBoardLayout.candidates`):
/// left of the column first, then right, at the preferred height, then just past what
/// is in the way, nearest first.
final class BesideColumnTests: XCTestCase {
    private let canvas = PixelBox(x: 0, y: 0, width: 800, height: 400)
    private let size = TextSize(width: 100, height: 20)

    func testTheCandidatesGoLeftThenRightNearestTheTopFirst() {
        let edge = PixelBox(x: 0, y: 100, width: 800, height: 30)
        let tried = InfoBoardLayout.candidates(size: size, columnX: 400, radius: 5, top: 110, canvas: canvas,
                                               clearance: 4) { _ in [edge] }
        let left = 400 - 5 - InfoBoardLayout.gap - 100, right = 400 + 5 + InfoBoardLayout.gap
        XCTAssertEqual(tried.map(\.box.x), [left, right, left, right, left, right])
        XCTAssertEqual(tried.map(\.box.y), [110, 110, 134, 134, 76, 76], "top, then past the edge, nearest first")
        XCTAssertEqual(tried.map(\.side), [0, 1, 0, 1, 0, 1])
        let tie = InfoBoardLayout.candidates(size: size, columnX: 400, radius: 5, top: 105, canvas: canvas,
                                             clearance: 4) { _ in [edge] }
        XCTAssertEqual(tie.map(\.box.y), [105, 105, 76, 76, 134, 134], "the higher of two as near")
        let narrow = InfoBoardLayout.candidates(size: size, columnX: 50, radius: 5, top: 10, canvas: canvas,
                                                clearance: 4) { _ in [] }
        XCTAssertEqual(narrow.map(\.box.x), [65], "the right side only where the left does not fit")
    }

    /// A note's label with nothing else near stands where the board would, at the same height.
    func testANoteLabelStandsWhereTheBoardWould() throws {
        let marker = PixelPoint(x: 400, y: 200), radius = 5.0
        let label = try XCTUnwrap(NoteLayout.place([NoteLayout.Item(markers: [marker], size: size)], radius: radius,
                                                   canvas: canvas)[0])
        let board = InfoBoardLayout.place(size: size, lineX: marker.x, circles: [marker], radius: radius,
                                          top: marker.y - radius - InfoBoardLayout.gap - size.height, canvas: canvas)
        XCTAssertEqual(label, board)
    }
}
