import ChartData
#if canImport(Glibc)
import Glibc
#endif

/// A series whose file grew (`sightline open --follow`): the pieces on the GPU whose
/// points are all unchanged in the grown series stay; a level's last, partial piece is
/// cut back to its unchanged blocks and grown when drawn (`LODLineSeries+GrowPiece`);
/// any other piece of a level that changed is uploaded again when drawn.
extension LODLineSeries {
    /// Takes the grown series' points and levels, keeping each uploaded piece whose
    /// points (the level's indices over the piece, and the piece is complete) are the
    /// same in the grown series.
    /// - Complexity: O(uploaded pieces × piece size) to compare their indices.
    public func adopt(dataset grown: Dataset, detail grownDetail: LevelOfDetail, gaps grownGaps: XGaps, own grownOwn: LODLevel?) {
        let oldCount = dataset.count
        let oldDetail = detail
        let unchangedOwn = own == nil && grownOwn == nil
        var kept: [Int: [Int: LineSeriesBuffer]] = [:]
        for (level, byPiece) in pieces {
            for (piece, buffer) in byPiece {
                let first = piece * Self.pointsPerPiece, last = first + Self.pointsPerPiece
                let same: Bool
                if level == Self.fullSeries {
                    // Every point before the old end is as it was.
                    same = unchangedOwn && last < oldCount
                } else if level < oldDetail.levels.count, level < grownDetail.levels.count {
                    let (old, new) = (oldDetail.levels[level].indices, grownDetail.levels[level].indices)
                    same = last < old.count && last < new.count && Self.equal(old[first...last], new[first...last])
                } else {
                    same = false
                }
                if same { kept[level, default: [:]][piece] = buffer }
            }
        }
        if unchangedOwn {
            var changed: [PieceKey: LineSeriesBuffer] = [:]
            for (level, byPiece) in pieces {
                for (piece, buffer) in byPiece where kept[level]?[piece] == nil {
                    changed[PieceKey(level: level, piece: piece)] = buffer
                }
            }
            growing = cutBack(uploaded: changed, old: (oldDetail, gaps, oldCount), grownDetail: grownDetail,
                              grownGaps: grownGaps, grownCount: grown.count)
        } else {
            growing = [:]
        }
        growsAtEnd = true
        pieces = kept
        ahead = [:]
        (dataset, detail, gaps, own) = (grown, grownDetail, grownGaps, grownOwn)
    }

    /// Whether two runs of indices are the same, compared as bytes.
    private static func equal(_ a: Slice<ValueColumn<Int32>>, _ b: Slice<ValueColumn<Int32>>) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.base.withUnsafeBufferPointer { x in
            b.base.withUnsafeBufferPointer { y in
                memcmp(x.baseAddress! + a.startIndex, y.baseAddress! + b.startIndex, a.count * MemoryLayout<Int32>.stride) == 0
            }
        }
    }
}
