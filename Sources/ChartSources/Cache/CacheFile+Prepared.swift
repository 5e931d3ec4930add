#if canImport(Glibc)
import Glibc
#endif
import ChartData

/// The prepared detail's part of a cache file (`PreparedDetail`). In the header: whether
/// there is one, the gaps' median spacing and threshold and how many there are, and
/// per series its decimals and each level's length. After the columns: the gaps'
/// starts (Int64), then per series its levels' indices (Int32, padded to 8 bytes), their
/// y values (Doubles, level after level: `LODLevel.values`) and its range index's lows
/// and highs (Doubles).
extension CacheFile {
    /// The sizes the header gives, to read the detail back.
    struct PreparedLayout {
        var medianSpacing: Double?
        var threshold: Double
        var gapCount: Int
        var decimals: [Int]
        var levelCounts: [[Int]]
        let treeCount: Int

        /// The bytes the detail takes after the columns.
        var bytes: Int {
            8 * gapCount + levelCounts.reduce(0) { $0 + (4 * $1.reduce(0, +) + 7) / 8 * 8 + 8 * $1.reduce(0, +) + 16 * treeCount }
        }
    }

    static func putPrepared(_ prepared: PreparedDetail?, into header: inout CacheBytes) {
        guard let prepared else { return header.put(0) }
        header.put(1)
        header.put(prepared.gaps.medianSpacing == nil ? 0 : 1)
        header.put(prepared.gaps.medianSpacing ?? 0)
        header.put(prepared.gaps.threshold)
        header.put(prepared.gaps.starts.count)
        for (decimals, levels) in zip(prepared.decimals, prepared.levels) {
            header.put(decimals)
            header.put(levels.count)
            for level in levels { header.put(level.indices.count) }
        }
    }

    static func preparedLayout(from header: inout CacheBytes, count: Int, series: Int) throws -> PreparedLayout? {
        guard try header.int(in: 0...1) == 1 else { return nil }
        let hasSpacing = try header.int(in: 0...1) == 1
        let spacing = try header.double()
        var layout = PreparedLayout(medianSpacing: hasSpacing ? spacing : nil, threshold: try header.double(),
                                    gapCount: try header.int(in: 0...count), decimals: [], levelCounts: [],
                                    treeCount: RangeMinMax.storedCount(for: count))
        for _ in 0..<series {
            layout.decimals.append(try header.int(in: 0...400))
            layout.levelCounts.append(try (0..<header.int(in: 0...64)).map { _ in try header.int(in: 0...count) })
        }
        return layout
    }

    static func writePrepared(_ prepared: PreparedDetail, of dataset: Dataset, to descriptor: Int32) throws {
        try writeAll(prepared.gaps.starts.map { Int64($0) }, to: descriptor)
        for (s, (levels, extremes)) in zip(prepared.levels, prepared.extremeTrees).enumerated() {
            var written = 0
            for level in levels {
                try writeAll(level.indices, to: descriptor)
                written += 4 * level.indices.count
            }
            try writeAll([UInt8](repeating: 0, count: (8 - written % 8) % 8), to: descriptor)
            // Each level's y beside its indices (`LODLevel.values`), gathered in slices.
            let ys = dataset.series[s].ys
            var chunk: [Double] = []
            chunk.reserveCapacity(1 << 16)
            for level in levels {
                // The pages read, the level's and y's, are let go as the level passes them.
                var passed = (point: 0, kept: 0)
                for (k, index) in level.indices.enumerated() {
                    chunk.append(ys[Int(index)])
                    if chunk.count == 1 << 16 {
                        try writeAll(chunk, to: descriptor)
                        chunk.removeAll(keepingCapacity: true)
                    }
                    // Every 8 MB of y passed: a coarse level's few points would otherwise
                    // leave a large folio of y resident for each.
                    if Int(index) - passed.point >= 1 << 20 {
                        ys.releasePages(passed.point..<Int(index))
                        level.indices.releasePages(passed.kept..<k)
                        passed = (Int(index), k)
                    }
                }
                ys.releasePages(passed.point..<ys.count)
                level.indices.releasePages(passed.kept..<level.indices.count)
            }
            try writeAll(chunk, to: descriptor)
            try writeAll(extremes.lows, to: descriptor)
            try writeAll(extremes.highs, to: descriptor)
        }
    }

    /// The detail at `offset`; `nil` when it does not fit `dataset`.
    static func readPrepared(_ layout: PreparedLayout, for dataset: Dataset, from columns: CacheColumns,
                             at offset: Int) throws -> PreparedDetail? {
        var offset = offset
        let startBytes = try readBytes(columns.descriptor, count: 8 * layout.gapCount, at: offset)
        offset += 8 * layout.gapCount
        var starts: [Int] = []
        starts.reserveCapacity(layout.gapCount)
        var reader = CacheBytes(reading: startBytes)
        for _ in 0..<layout.gapCount { starts.append(try reader.int(in: 0...max(dataset.count - 2, 0))) }
        var levels: [[LODLevel]] = []
        var trees: [RangeMinMax.Stored] = []
        for counts in layout.levelCounts {
            var indices: [ValueColumn<Int32>] = []
            var read = 0
            for count in counts {
                indices.append(try columns.column(of: Int32.self, count: count, at: offset + read))
                read += 4 * count
            }
            offset += (read + 7) / 8 * 8
            var ladder: [LODLevel] = []
            for (level, count) in zip(indices, counts) {
                // Copied, they would only repeat the series' y in memory: left on disk.
                let values = columns.mapping == nil ? nil : try columns.column(of: Double.self, count: count, at: offset)
                ladder.append(LODLevel(indices: level, values: values))
                offset += 8 * count
            }
            let lows = try columns.column(of: Double.self, count: layout.treeCount, at: offset)
            let highs = try columns.column(of: Double.self, count: layout.treeCount, at: offset + 8 * layout.treeCount)
            offset += 16 * layout.treeCount
            levels.append(ladder)
            trees.append(RangeMinMax.Stored(lows: lows, highs: highs))
        }
        let gaps = XGaps(storedMedianSpacing: layout.medianSpacing, threshold: layout.threshold, starts: starts)
        return PreparedDetail(dataset: dataset, gaps: gaps, levels: levels, extremes: trees, decimals: layout.decimals)
    }
}
