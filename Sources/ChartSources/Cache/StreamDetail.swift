#if canImport(Glibc)
import Glibc
#endif
import ChartData

/// The prepared detail (`PreparedDetail`) of a dataset read in one pass, whose columns are
/// mapped temporary files: built a stretch at a time, each level's indices appended to a
/// temporary file of its own as they are made and then mapped, so that neither the
/// columns nor the levels are ever all in memory; only the range trees (half a byte a
/// point) are. The same detail `PreparedDetail(dataset:)` builds (tested).
enum StreamDetail {
    /// The detail of `dataset`, its level files made in `folder` (unlinked at once).
    /// - Throws: `CacheFile.Failure` when a level cannot be written or mapped.
    static func build(_ dataset: Dataset, folder: String) throws -> PreparedDetail? {
        let gaps = self.gaps(of: dataset.xs)
        var levels: [[LODLevel]] = []
        var trees: [RangeMinMax.Stored] = []
        for series in dataset.series {
            var files: [(descriptor: Int32, count: Int)] = []
            defer { for file in files { close(file.descriptor) } }
            _ = try MinMaxLOD.levels(inStretchesOf: series.ys, gapStarts: gaps.starts) { level, indices in
                if level == files.count { files.append((try StreamColumns.temporaryFile(in: folder), 0)) }
                try CacheFile.writeAll(indices, to: files[level].descriptor)
                files[level].count += indices.count
            }
            levels.append(try files.map { file in
                guard file.count > 0 else { return LODLevel(indices: []) }
                guard let mapping = ColumnMapping(descriptor: file.descriptor, count: 4 * file.count) else {
                    throw CacheFile.Failure(reason: "a level of detail could not be mapped")
                }
                return LODLevel(indices: ValueColumn(mapping: mapping, byteOffset: 0, count: file.count))
            })
            trees.append(RangeMinMax.Stored(buildingFrom: series.ys))
        }
        return PreparedDetail(dataset: dataset, gaps: gaps, levels: levels, extremes: trees,
                              decimals: dataset.series.map { SeriesPrecision.decimals(ofMapped: $0.ys) })
    }

    /// `XGaps(xs:)`, reading a mapped x a stretch at a time and letting each go after.
    static func gaps(of xs: XValues) -> XGaps {
        let spacing = XGaps.medianSpacing(of: xs)
        let threshold = spacing.map { $0 * XGaps.factor } ?? .infinity
        var starts: [Int] = []
        if let column = xs.column, threshold.isFinite, column.count >= 2 {
            let stretch = 1 << 20
            column.withUnsafeBufferPointer { x in
                for start in stride(from: 1, to: x.count, by: stretch) {
                    let end = min(start + stretch, x.count)
                    for i in start..<end where x[i] - x[i - 1] > threshold { starts.append(i - 1) }
                    column.releasePages(start - 1..<end - 1)
                }
            }
        }
        return XGaps(storedMedianSpacing: spacing, threshold: threshold, starts: starts)
    }
}
