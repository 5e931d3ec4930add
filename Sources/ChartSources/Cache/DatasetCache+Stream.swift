#if canImport(Glibc)
import Glibc
#endif
import ChartData

/// A CSV file whose parse would not fit in memory, read in one pass straight into its
/// cache file, then explored from the mapped cache as any cached file is.
///
/// The file is mapped and cut into slices at line ends. The first slice is parsed as a
/// whole file is: it decides the columns, the series and the x kind. Each later slice is
/// parsed with the header line before it and those series asked for by name, and must
/// give the same ones. Rows are not known ahead, so each column goes to a temporary file
/// of its own (unlinked at once: nothing is left behind by a failure), appended slice by
/// slice; the columns are then mapped, their levels of detail built over the mapping a
/// stretch at a time, each level to a file of its own (`StreamDetail`), and the whole
/// written as a cache file (`store`), which is opened mapped.
///
/// The whole file cannot be sorted in one pass: an x earlier than one before it in an
/// earlier slice is refused, naming its line (within a slice, rows are sorted as ever).
extension DatasetCache {
    /// The bytes of text parsed at a time.
    public static let defaultSliceBytes = 64 << 20

    /// Whether the regular file at `path`, `size` bytes, is read in one pass into the
    /// cache: when `SIGHTLINE_STREAM_MIN_SIZE` (bytes, or with K, M or G) is set and the
    /// file is at least that large, or else when its parse would not fit in memory
    /// (`options.memory`, or the process's budget), estimated from its first rows.
    static func streams(path: String, size: Int, options: LoadOptions) -> Bool {
        if let forced = getenv("SIGHTLINE_STREAM_MIN_SIZE").flatMap({ byteCount(String(cString: $0)) }) {
            return size >= forced
        }
        guard let available = (options.memory ?? MemoryBudget.current()).availableBytes else { return false }
        return estimatedParseBytes(path: path, size: size) > available
    }

    /// What parsing the file in memory takes, roughly: per row and column, its Double,
    /// its levels with their y, and the arrays' growth (24 bytes).
    static func estimatedParseBytes(path: String, size: Int) -> Int {
        let (rows, fields) = surveyRows(path: path, size: size)
        return rows.multipliedReportingOverflow(by: 24 * fields).partialValue
    }

    /// About how many rows, and how many fields a row, the file has: from its first 64 KB.
    private static func surveyRows(path: String, size: Int) -> (rows: Int, fields: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return (0, 0) }
        defer { close(descriptor) }
        guard let sample = try? CacheFile.readBytes(descriptor, count: min(size, 1 << 16), at: 0) else { return (0, 0) }
        let lines = sample.split(separator: 0x0A, omittingEmptySubsequences: true)
        guard lines.count >= 2 else { return (1, 2) }
        let row = lines[1]
        let fields = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")].map { mark in row.filter { $0 == mark }.count }.max()! + 1
        return (size / max(sample.count / lines.count, 1), fields)
    }

    /// Reads the CSV file at `path` (cached under `key`) in one pass into its cache file
    /// and returns it opened from there; `nil` when the file is not plain CSV or its x
    /// cannot be read a slice at a time (it is then read as ever).
    /// - Parameter sliceBytes: the text parsed at a time.
    /// - Throws: `DataLoadError` for the content (naming the file's line), or when the
    ///   cache file cannot be written (such a file has nowhere else to go).
    func readStreaming(path: String, key: Key, options: LoadOptions, progress: LoadProgress?,
                       sliceBytes: Int = defaultSliceBytes) throws -> Dataset? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DataLoadError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard let mapping = ColumnMapping(descriptor: descriptor, count: key.size) else {
            throw DataLoadError.unreadable(path: path, reason: "it cannot be mapped to be read in one pass")
        }
        let text = ValueColumn<UInt8>(mapping: mapping, byteOffset: 0, count: key.size)
        let head = text.withUnsafeBytes { UnsafeRawBufferPointer(rebasing: $0.prefix(1 << 16)) }
        guard Self.isPlainText(head), DatasetReader.loader(for: head, path: path) is CSVLoader else { return nil }
        let columns = StreamColumns(folder: folder)
        do {
            try makeFolder()
            let (rows, fields) = Self.surveyRows(path: path, size: key.size)
            // The cache file: each column's Doubles, and each series' levels with their y
            // (about 1.1 kept points a point, 12 bytes each); `store` checks again.
            let bytes = rows.multipliedReportingOverflow(by: 8 * fields + 13 * max(fields - 1, 1)).partialValue
            // Known before the pass, not after it.
            guard bytes <= limit else {
                throw CacheFile.Failure(reason: "it would take about \(MemoryBudget.describe(bytes: bytes)), more than the cache's "
                                        + "limit of \(MemoryBudget.describe(bytes: limit))")
            }
            try requireRoom(bytes)
        } catch let failure as CacheFile.Failure {
            throw Self.unstored(path, failure)
        }
        var reading = SliceReading(path: path, options: options)
        do {
            try text.withUnsafeBytes { bytes in
                var start = 0
                while start < bytes.count {
                    let end = Self.lineEnd(in: bytes, after: min(start + sliceBytes, bytes.count))
                    let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                    if let dataset = try reading.parse(slice, isLast: end == bytes.count) {
                        try columns.append(dataset, path: path)
                    }
                    text.releasePages(start..<end)
                    progress?(end / 10 * 9, bytes.count)
                    start = end
                }
            }
        } catch is SliceReading.Unsliceable {
            return nil
        }
        guard !mapping.faulted else { throw DataLoadError.changedWhileReading(file: path) }
        guard var dataset = reading.first else {
            throw DataLoadError.noData(file: path, reason: "the file holds only blank lines")
        }
        dataset.warnings = reading.warnings
        try columns.place(into: &dataset)
        do {
            guard let prepared = try StreamDetail.build(dataset, folder: folder) else {
                throw CacheFile.Failure(reason: "its levels of detail did not fit its columns")
            }
            dataset.prepared = prepared
        } catch let failure as CacheFile.Failure {
            throw Self.unstored(path, failure)
        }
        progress?(key.size / 20 * 19, key.size)
        guard self.key(path: path, options: options)?.text == key.text else {
            throw DataLoadError.changedWhileReading(file: path)
        }
        do {
            try store(dataset, key: key)
        } catch let failure as CacheFile.Failure {
            throw Self.unstored(path, failure)
        }
        guard let cached = lookup(key, source: path) else {
            throw DataLoadError.unreadable(path: path, reason: "its cache file in \(DisplayText.escaped(folder)) could not be read back")
        }
        progress?(key.size, key.size)
        return cached
    }

    /// Whether the file's first bytes are text that slices can be cut from at its LF
    /// bytes: not compressed (gzip), not UTF-16, no NUL. Anything else is read as ever.
    private static func isPlainText(_ head: UnsafeRawBufferPointer) -> Bool {
        let marks: [[UInt8]] = [[0x1F, 0x8B], [0xFF, 0xFE], [0xFE, 0xFF]]
        return !marks.contains { head.starts(with: $0) } && !head.contains(0)
    }

    /// The end of the line holding byte `offset` (just after its LF), or the end.
    private static func lineEnd(in bytes: UnsafeRawBufferPointer, after offset: Int) -> Int {
        guard offset < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + offset, 0x0A, bytes.count - offset) else { return bytes.count }
        return base.distance(to: UnsafeRawPointer(found)) + 1
    }

    private static func unstored(_ path: String, _ failure: CacheFile.Failure) -> DataLoadError {
        .unreadable(path: path, reason: "it does not fit in memory, and it could not be written to the cache of large "
                    + "files, from which it would be read (\(failure.reason)); free disk space, or raise SIGHTLINE_CACHE_LIMIT")
    }
}

/// The slices of one file, parsed in order under the first slice's decisions.
private struct SliceReading {
    let path: String
    let options: LoadOptions
    /// The first slice, which decided the series; `nil` until one held rows.
    private(set) var first: Dataset?
    private(set) var warnings: [String] = []
    private var header: [UInt8] = []
    private var sliceOptions: LoadOptions
    /// The file's line the next slice starts on.
    private var line = 1
    private var lastX = -Double.infinity

    init(path: String, options: LoadOptions) {
        self.path = path
        self.options = options
        sliceOptions = options
        // A slice is small: the budget that sent the file here is not the slice's.
        sliceOptions.memory = nil
    }

    /// The first slice's decisions cannot be carried to the next (`DatasetReader.slicesCanFollow`).
    struct Unsliceable: Error {}

    /// The rows of `slice` (whole lines), or `nil` when it holds none.
    /// - Throws: `DataLoadError` naming the file's line; `Unsliceable`.
    mutating func parse(_ slice: UnsafeRawBufferPointer, isLast: Bool) throws -> Dataset? {
        defer { line += Self.lineCount(slice) }
        var dataset: Dataset
        if let first {
            do {
                dataset = try (header + slice).withUnsafeBytes {
                    try DatasetReader.loadSlice($0, source: path, options: sliceOptions, after: first,
                                                linesBefore: line - 1 - (header.isEmpty ? 0 : 1))
                }
            } catch DataLoadError.noData {
                return nil
            }
            let names = dataset.series.map(\.name)
            guard names == first.series.map(\.name) else {
                throw DataLoadError.usage(file: path, message: "from line \(line) on, the rows read as the series "
                                          + "\(DisplayText.listing(names)), not \(DisplayText.listing(first.series.map(\.name))) "
                                          + "as the file's first rows (a file larger than memory is read a slice at a time)")
            }
        } else {
            dataset = try DatasetReader.loadFirstSlice(slice, path: path, source: path, options: sliceOptions)
            guard isLast || DatasetReader.slicesCanFollow(dataset) else { throw Unsliceable() }
            if dataset.axisTitles.xColumn != nil { header = Self.headerLine(of: slice) }
            // Later slices read the very series this one kept, by name, at the same x.
            sliceOptions.y = dataset.series.map(\.name)
            first = dataset
        }
        try requireOrder(dataset.xs, slice: slice)
        for warning in dataset.warnings where !warnings.contains(warning) { warnings.append(warning) }
        if let last = dataset.xs.last { lastX = last }
        return dataset
    }

    /// Throws unless the slice's x start no earlier than the last slice's ended, naming
    /// the first line that does.
    private func requireOrder(_ xs: XValues, slice: UnsafeRawBufferPointer) throws {
        guard let firstX = xs.first, firstX < lastX else { return }
        let offset = try firstLineBefore(lastX, in: slice)
        throw DataLoadError.malformed(
            file: path, line: line + offset, column: 1,
            expected: "an x no earlier than the rows before it (a file larger than memory is read in one pass and "
                + "cannot be sorted: sort it by x first, e.g. with sort(1))",
            found: "an x earlier than \(lastX), the last x of the rows above")
    }

    /// The line (from 0) of the first row in `slice` whose x is earlier than `x`. The
    /// loader sorts a slice's rows, so that row is found by parsing the slice's first
    /// lines, as many as a binary search asks for: O(log lines) parses, only on the
    /// way to refusing the file.
    private func firstLineBefore(_ x: Double, in slice: UnsafeRawBufferPointer) throws -> Int {
        var ends: [Int] = []
        for (offset, byte) in slice.enumerated() where byte == 0x0A { ends.append(offset + 1) }
        if ends.last != slice.count { ends.append(slice.count) }
        // Whether the first `lines` lines hold an x earlier than `x`.
        func early(_ lines: Int) throws -> Bool {
            let prefix = UnsafeRawBufferPointer(rebasing: slice[0..<ends[lines - 1]])
            do {
                let rows = try (header + prefix).withUnsafeBytes {
                    try DatasetReader.loadSlice($0, source: path, options: sliceOptions, after: first!, linesBefore: 0)
                }
                return (rows.xs.first ?? x) < x
            } catch DataLoadError.noData {
                return false
            }
        }
        var low = 1, high = ends.count
        while low < high {
            let mid = (low + high) / 2
            if try early(mid) { high = mid } else { low = mid + 1 }
        }
        return low - 1
    }

    /// The first line that is not blank, with its line end: the header.
    private static func headerLine(of slice: UnsafeRawBufferPointer) -> [UInt8] {
        var start = 0
        while start < slice.count {
            var end = start
            while end < slice.count, slice[end] != 0x0A { end += 1 }
            if slice[start..<end].contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) {
                return Array(slice[start..<min(end + 1, slice.count)])
            }
            start = end + 1
        }
        return []
    }

    private static func lineCount(_ slice: UnsafeRawBufferPointer) -> Int {
        guard let base = slice.baseAddress else { return 0 }
        var count = 0
        var position = 0
        while position < slice.count, let found = memchr(base + position, 0x0A, slice.count - position) {
            count += 1
            position = base.distance(to: UnsafeRawPointer(found)) + 1
        }
        return count
    }
}
