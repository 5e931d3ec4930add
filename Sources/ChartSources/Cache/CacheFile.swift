#if canImport(Glibc)
import Glibc
#endif
import ChartData

/// One file's cache: what a read made of it, written so that the next read copies the
/// columns back instead of parsing the text again.
///
/// Layout (native little-endian): 32 bytes of prefix (`magic`, `version`, the header's
/// length and its FNV-1a checksum), the header (`CacheBytes`: the key, then the
/// dataset's x storage, kind, flags, whether its instants were moved to local time, candlestick columns, warnings, titles and each
/// series' name, colour, kind and axis, and the sizes of the prepared detail), zeros to
/// a multiple of 8, then the columns as Doubles: x (only when it is not evenly spaced),
/// then each series' y in order, then the prepared detail (`CacheFile+Prepared`). The
/// file's size is exactly what the header implies, so a truncated file is refused
/// before anything is read from its columns.
enum CacheFile {
    static let magic: UInt64 = 0x4548_4341_434C_5353 // "SSLCACHE", read as bytes
    /// Raised whenever the layout changes: an older file is then not this format.
    static let version: UInt64 = 4
    static let prefixBytes = 32
    /// The largest header read: far beyond any real one, small enough to read whole.
    static let headerLimit = 1 << 26

    /// Why a cache file was not used or not written.
    struct Failure: Error {
        let reason: String
    }

    /// Writes `dataset`, read under `key`, to the open file `descriptor`.
    /// - Throws: `Failure` with the system's reason.
    static func write(_ dataset: Dataset, key: String, to descriptor: Int32) throws {
        var header = CacheBytes()
        header.put(key)
        header.put(dataset.count)
        if dataset.xs.isRegular, dataset.count >= 2 {
            header.put(0)
            header.put(dataset.xs[0])
            header.put(dataset.xs[1] - dataset.xs[0])
        } else {
            header.put(1)
        }
        switch dataset.xKind {
        case .number: header.put(0)
        case let .time(unitsPerSecond):
            header.put(1)
            header.put(unitsPerSecond)
        }
        header.put(dataset.flags.rawValue)
        header.put(dataset.instantsInLocalTime ? 1 : 0)
        header.put(dataset.ohlc == nil ? 0 : 1)
        for column in dataset.ohlc?.all ?? [] { header.put(column) }
        header.put(dataset.warnings.count)
        for warning in dataset.warnings { header.put(warning) }
        let titles = dataset.axisTitles
        for title in [titles.left, titles.right, titles.x, titles.xColumn] { header.put(title) }
        header.put(dataset.series.count)
        for series in dataset.series {
            header.put(series.name)
            header.put(series.colorHex)
            header.put(series.kind.rawValue)
            header.put(series.axis.rawValue)
        }
        putPrepared(dataset.prepared, into: &header)
        var prefix = CacheBytes()
        prefix.put(magic)
        prefix.put(version)
        prefix.put(header.bytes.count)
        prefix.put(CacheBytes.checksum(header.bytes))
        let padding = [UInt8](repeating: 0, count: (8 - header.bytes.count % 8) % 8)
        try writeAll(prefix.bytes + header.bytes + padding, to: descriptor)
        if let column = dataset.xs.column {
            try writeAll(column, to: descriptor)
        } else if !(dataset.xs.isRegular && dataset.count >= 2) {
            // In slices: an array of every x would double what the dataset takes.
            var chunk: [Double] = []
            chunk.reserveCapacity(1 << 16)
            for x in dataset.xs {
                chunk.append(x)
                if chunk.count == 1 << 16 {
                    try writeAll(chunk, to: descriptor)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            try writeAll(chunk, to: descriptor)
        }
        for series in dataset.series { try writeAll(series.ys, to: descriptor) }
        if let prepared = dataset.prepared { try writePrepared(prepared, of: dataset, to: descriptor) }
    }

    /// The dataset the file open at `descriptor` holds, read under `key`, named `source`;
    /// `nil` when it was written under another key (the file changed, other options).
    /// - Throws: `Failure` when it is not a cache file of this version or is damaged.
    static func read(from descriptor: Int32, key: String, source: String) throws -> Dataset? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        let size = Int(info.st_size)
        var prefix = CacheBytes(reading: try readBytes(descriptor, count: prefixBytes, at: 0))
        guard try prefix.word() == magic else { throw Failure(reason: "not a sightline cache file") }
        guard try prefix.word() == version else { throw Failure(reason: "another version of the cache") }
        let headerLength = try prefix.int(in: 0...min(headerLimit, max(size - prefixBytes, 0)))
        let checksum = try prefix.word()
        let bytes = try readBytes(descriptor, count: headerLength, at: prefixBytes)
        guard CacheBytes.checksum(bytes) == checksum else { throw Failure(reason: "its header is damaged") }
        var header = CacheBytes(reading: bytes)
        do {
            guard try header.string() == key else { return nil }
            return try dataset(from: &header, descriptor: descriptor, size: size,
                               payloadStart: prefixBytes + (headerLength + 7) / 8 * 8, source: source)
        } catch is CacheBytes.Malformed {
            throw Failure(reason: "its header is damaged")
        }
    }

    /// The real path of the file whose read the cache file at `path` holds (its key's
    /// first line), from its header alone; `nil` when it is not a cache file of this version.
    static func source(at path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              let opening = try? readBytes(descriptor, count: Self.prefixBytes, at: 0) else { return nil }
        var prefix = CacheBytes(reading: opening)
        guard (try? prefix.word()) == magic, (try? prefix.word()) == version,
              let length = try? prefix.int(in: 0...min(headerLimit, max(Int(info.st_size) - Self.prefixBytes, 0))),
              let bytes = try? readBytes(descriptor, count: length, at: Self.prefixBytes) else { return nil }
        var header = CacheBytes(reading: bytes)
        guard let key = try? header.string(), let line = key.split(separator: "\n").first, line.hasPrefix("path=") else {
            return nil
        }
        return String(line.dropFirst(5))
    }

    private static func dataset(from header: inout CacheBytes, descriptor: Int32, size: Int, payloadStart: Int,
                                source: String) throws -> Dataset {
        let count = try header.int(in: 0...(size / 8))
        var regular: (first: Double, step: Double)?
        if try header.int(in: 0...1) == 0 { regular = (try header.double(), try header.double()) }
        let xKind: XAxisKind = try header.int(in: 0...1) == 0 ? .number : .time(unitsPerSecond: try header.double())
        let flags = ChartFlags(rawValue: try header.int())
        let instantsInLocalTime = try header.int(in: 0...1) == 1
        var ohlc: OHLCColumns?
        if try header.int(in: 0...1) == 1 {
            ohlc = OHLCColumns(open: try header.int(), high: try header.int(), low: try header.int(), close: try header.int())
        }
        let warnings = try (0..<header.int(in: 0...100_000)).map { _ in try header.string() }
        let titles = AxisTitles(left: try header.optionalString(), right: try header.optionalString(),
                                x: try header.optionalString(), xColumn: try header.optionalString())
        var series: [Series] = []
        for _ in 0..<(try header.int(in: 0...(1 << 20))) {
            let name = try header.string()
            let color = try header.optionalString()
            guard let kind = Series.Kind(rawValue: try header.string()),
                  let axis = YAxisSide(rawValue: try header.string()) else { throw CacheBytes.Malformed() }
            series.append(Series(name: name, ys: [], colorHex: color, kind: kind, axis: axis))
        }
        let layout = try preparedLayout(from: &header, count: count, series: series.count)
        guard header.isAtEnd, regular == nil || regular!.step > 0 && regular!.step.isFinite else { throw CacheBytes.Malformed() }
        let columnCount = series.count + (regular == nil ? 1 : 0)
        let expected = payloadStart + 8 * count * columnCount + (layout?.bytes ?? 0)
        guard size == expected else { throw Failure(reason: "it is \(size) bytes, not the \(expected) its header says") }
        var offset = payloadStart
        let columns = CacheColumns(descriptor: descriptor, size: size)
        let xs: XValues
        if let regular {
            xs = XValues(first: regular.first, step: regular.step, count: count)
        } else {
            let values = try columns.column(of: Double.self, count: count, at: offset)
            guard ascending(values) else { throw Failure(reason: "its x is not sorted") }
            // As written: x is stored only when it is not evenly spaced.
            xs = XValues(explicit: values)
            offset += 8 * count
        }
        for s in series.indices {
            series[s].ys = try columns.column(of: Double.self, count: count, at: offset)
            offset += 8 * count
        }
        var dataset = Dataset(source: source, xs: xs, series: series, xKind: xKind, flags: flags)
        dataset.ohlc = ohlc
        dataset.warnings = warnings
        dataset.axisTitles = titles
        dataset.instantsInLocalTime = instantsInLocalTime
        if let layout {
            guard let prepared = try readPrepared(layout, for: dataset, from: columns, at: offset) else {
                throw Failure(reason: "its levels of detail do not fit its columns")
            }
            dataset.prepared = prepared
        }
        try columns.settle()
        return dataset
    }

    /// Whether `xs` never falls, read a stretch at a time: a mapped column's pages are let
    /// go after their stretch, so the check never holds all of x resident at once.
    private static func ascending(_ xs: ValueColumn<Double>) -> Bool {
        let stretch = 1 << 20
        return xs.withUnsafeBufferPointer { x in
            for start in stride(from: 1, to: x.count, by: stretch) {
                let end = min(start + stretch, x.count)
                guard (start..<end).allSatisfy({ x[$0 - 1] <= x[$0] }) else { return false }
                xs.releasePages(start - 1..<end - 1)
            }
            return true
        }
    }

    static func writeAll<T>(_ values: [T], to descriptor: Int32) throws {
        try values.withUnsafeBytes { try writeAll(bytes: $0, to: descriptor) }
    }

    /// Writes a column 64 MB at a time, each stretch of a mapped one let go after it: a
    /// column larger than memory (the cache's one-pass read) is never all resident.
    static func writeAll<T>(_ values: ValueColumn<T>, to descriptor: Int32) throws {
        let stretch = max((64 << 20) / MemoryLayout<T>.stride, 1)
        try values.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: stretch) {
                let end = min(start + stretch, all.count)
                try writeAll(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: all[start..<end])), to: descriptor)
                values.releasePages(start..<end)
            }
        }
    }

    static func writeAll(bytes raw: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        var done = 0
        while done < raw.count {
            let wrote = Glibc.write(descriptor, raw.baseAddress! + done, raw.count - done)
            if wrote < 0 && errno == EINTR { continue }
            guard wrote > 0 else { throw Failure(reason: String(cString: strerror(wrote < 0 ? errno : EIO))) }
            done += wrote
        }
    }

    static func readBytes(_ descriptor: Int32, count: Int, at offset: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBytes { try readAll($0, descriptor, at: offset) }
        return bytes
    }

    /// Reads exactly `buffer.count` bytes at `offset` with pread(2): no mapping, so a
    /// cache file cut short under us is a short read, never a SIGBUS.
    static func readAll(_ buffer: UnsafeMutableRawBufferPointer, _ descriptor: Int32, at offset: Int) throws {
        var done = 0
        while done < buffer.count {
            let got = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw Failure(reason: got == 0 ? "it ends early" : String(cString: strerror(errno))) }
            done += got
        }
    }
}
