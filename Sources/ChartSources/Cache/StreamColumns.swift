#if canImport(Glibc)
import Glibc
#endif
import ChartData

/// The columns of a file read a slice at a time (`DatasetCache.readStreaming`): x and
/// each series' y appended to a temporary file of its own, then mapped as the dataset's
/// columns. How many rows there are is known only at the end, so each column grows on
/// its own rather than in a file laid out ahead; the cache file is then written from the
/// mappings, a copy the page cache serves.
///
/// The files are unlinked as soon as they are made: they live as long as their
/// descriptors and mappings, so nothing is left in the cache folder by a failure or a
/// crash.
final class StreamColumns {
    private var descriptors: [Int32] = []
    private let folder: String
    private(set) var rows = 0
    /// x while it is evenly spaced: kept as a formula, as the parse of the whole file
    /// keeps it (`XValuesBuilder`), and written to its file only once it is not.
    private var regular: RegularX? = RegularX()

    /// Ready to take the columns, in temporary files in `folder`.
    init(folder: String) {
        self.folder = folder
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }

    /// Appends `dataset`'s x and y (the next slice's rows) to the files.
    /// - Throws: `CacheFile.Failure` (a full disk), as a `DataLoadError` naming `path`.
    func append(_ dataset: Dataset, path: String) throws {
        do {
            while descriptors.count < dataset.series.count + 1 { descriptors.append(try Self.temporaryFile(in: folder)) }
            var chunk: [Double] = []
            chunk.reserveCapacity(1 << 16)
            func put(_ x: Double) throws {
                chunk.append(x)
                if chunk.count == 1 << 16 {
                    try CacheFile.writeAll(chunk, to: descriptors[0])
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            for x in dataset.xs {
                if let kept = regular {
                    if regular!.take(x) { continue }
                    // No longer evenly spaced: the file gets the values so far, then the rest.
                    regular = nil
                    for i in 0..<kept.count { try put(kept.value(i)) }
                }
                try put(x)
            }
            try CacheFile.writeAll(chunk, to: descriptors[0])
            for (series, descriptor) in zip(dataset.series, descriptors.dropFirst()) {
                try CacheFile.writeAll(series.ys, to: descriptor)
            }
        } catch let failure as CacheFile.Failure {
            throw DataLoadError.unreadable(path: path, reason: "it does not fit in memory, and writing its columns to "
                                           + "\(DisplayText.escaped(folder)) to read them from there failed: \(failure.reason)")
        }
        rows += dataset.count
    }

    /// Makes the files `dataset`'s columns (its x, then its series' y in order), mapped;
    /// the mappings stay while the columns are used, after the files are closed.
    /// - Throws: `DataLoadError` when they cannot be mapped.
    func place(into dataset: inout Dataset) throws {
        guard rows > 0, descriptors.count == dataset.series.count + 1 else { return }
        var mapped: [ValueColumn<Double>] = []
        for (k, descriptor) in descriptors.enumerated() {
            if k == 0, regular != nil {
                mapped.append([])
                continue
            }
            guard let mapping = ColumnMapping(descriptor: descriptor, count: 8 * rows) else {
                throw DataLoadError.unreadable(path: dataset.source, reason: "its columns, written to \(DisplayText.escaped(folder)), "
                                               + "could not be mapped")
            }
            mapped.append(ValueColumn(mapping: mapping, byteOffset: 0, count: rows))
        }
        if let regular {
            dataset.xs = regular.count >= 2 ? XValues(first: regular.first, step: regular.step, count: regular.count)
                                            : XValues([regular.first])
        } else {
            dataset.xs = XValues(explicit: mapped[0])
        }
        for s in dataset.series.indices { dataset.series[s].ys = mapped[s + 1] }
    }

    /// A new file in `folder`, open for writing and already unlinked.
    static func temporaryFile(in folder: String) throws -> Int32 {
        var template = Array((folder + "/column.XXXXXX.tmp").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else { throw CacheFile.Failure(reason: String(cString: strerror(errno))) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }
}

/// x values first, first + step, …, by `XValuesBuilder`'s rule, so that a file read in
/// slices keeps the formula exactly when its parse as a whole would.
private struct RegularX {
    private(set) var first = 0.0
    private(set) var step = 0.0
    private(set) var count = 0

    /// Takes `x` as the next value when it keeps the spacing; `false` when it does not.
    mutating func take(_ x: Double) -> Bool {
        switch count {
        case 0:
            first = x
        case 1:
            // The step must give x back exactly: first + (x − first) need not be x.
            guard x > first, (x - first).isFinite, first + (x - first) == x else { return false }
            step = x - first
        default:
            guard x == first + Double(count) * step else { return false }
        }
        count += 1
        return true
    }

    func value(_ i: Int) -> Double { i == 0 ? first : first + Double(i) * step }
}
