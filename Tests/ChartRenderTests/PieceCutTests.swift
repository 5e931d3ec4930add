import ChartData
@testable import ChartRender
import XCTest

/// Blocks cut at gaps (`PiecePreparation`), over seeded runs of gaps: each block holds
/// the line on one side of a break unless its gaps come too soon to cut, and the blocks
/// still cover every point, neighbours sharing one.
final class PieceCutTests: XCTestCase {
    private func blocks(_ ys: [Double], cutsAtGaps: Bool, pointsPerBlock: Int = 1_024) -> [PreparedPiece.Block] {
        let xs = ys.indices.map(Double.init)
        var preparation = PiecePreparation(points: SeriesPoints(xs: xs, ys: ValueColumn(ys)), pointsPerBlock: pointsPerBlock,
                                           cutsAtGaps: cutsAtGaps)
        while !preparation.isDone { preparation.prepareNextBlock() }
        return preparation.piece.blocks
    }

    /// Whether points first…last hold a gap between two finite values.
    private func breaks(_ ys: [Double], _ first: Int, _ last: Int) -> Bool {
        guard let start = ys[first...last].firstIndex(where: \.isFinite),
              let end = ys[first...last].lastIndex(where: \.isFinite) else { return false }
        return ys[start...end].contains { !$0.isFinite }
    }

    func testBlocksAreCutAtGapsWhereTheyCanBe() {
        var rng = SplitMix64(seed: 27)
        for round in 0..<40 {
            let count = Int.random(in: 2...20_000, using: &rng)
            let gapChance = [0.0001, 0.001, 0.01, 0.2][round % 4]
            var ys: [Double] = []
            while ys.count < count {
                if Double.random(in: 0..<1, using: &rng) < gapChance {
                    ys += Array(repeating: .nan, count: Int.random(in: 1...5, using: &rng))
                } else {
                    ys.append(Double.random(in: -1...1, using: &rng))
                }
            }
            let cut = blocks(ys, cutsAtGaps: true)
            var next = 0
            var shortBlocks = 0
            for block in cut {
                let first = Int(block.firstX), last = Int(block.lastX)
                XCTAssertEqual(first, next, "round \(round): each block starts on the last one's end")
                XCTAssertEqual(block.pointCount, last - first + 1)
                XCTAssertLessThanOrEqual(block.pointCount, 1_024)
                XCTAssertEqual(block.breaksInside, breaks(ys, first, last), "round \(round): block \(first)…\(last)")
                XCTAssertEqual(block.hasGaps, ys[first...last].contains { !$0.isFinite })
                typealias Preparation = PiecePreparation<SeriesPoints<[Double]>>
                if block.breaksInside {
                    // Its first gap after a value came early, once the piece's short blocks were spent.
                    let firstValue = ys[first...last].firstIndex(where: \.isFinite)!
                    let firstGap = ys[firstValue...last].firstIndex { !$0.isFinite }!
                    XCTAssertLessThan(firstGap - first, Preparation.minimumPointsBeforeCut,
                                      "round \(round): a block with a break inside could not have been cut there")
                    XCTAssertEqual(shortBlocks, Preparation.shortBlocksPerPiece, "round \(round): no short block left to cut")
                }
                if block.pointCount - 1 < Preparation.minimumPointsBeforeCut, last < ys.count - 1, !ys[last].isFinite {
                    shortBlocks += 1
                }
                if block.pointCount < 1_024, last < ys.count - 1 {
                    XCTAssertFalse(ys[last].isFinite, "round \(round): a block cut short ends on the gap the next starts on")
                }
                next = last
            }
            XCTAssertEqual(next, ys.count - 1, "round \(round): the blocks reach the last point")

            let fixed = blocks(ys, cutsAtGaps: false)
            XCTAssertEqual(fixed.dropLast().map(\.pointCount), Array(repeating: 1_024, count: fixed.count - 1),
                           "a piece that may grow keeps blocks of fixed length")
        }
    }
}
