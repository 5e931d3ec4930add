#if canImport(Glibc)
import Glibc
#endif
import ChartData

/// Where a cache file's columns are read from: its mapping, so that a column is a view
/// of the file and only the pages drawn become resident; or, where the file cannot be
/// mapped (no guard slot or address space left, or `SIGHTLINE_CACHE_COPY` set to compare),
/// copies made with pread(2).
struct CacheColumns {
    let descriptor: Int32
    let mapping: ColumnMapping?

    /// The columns of the file open at `descriptor`, `size` bytes (checked against its
    /// header already: a file cut short later reads zeros, see `ColumnMapping`).
    init(descriptor: Int32, size: Int, maps: Bool = CacheColumns.mapsByDefault) {
        self.descriptor = descriptor
        mapping = maps ? ColumnMapping(descriptor: descriptor, count: size) : nil
    }

    /// Whether columns are mapped unless told otherwise: `SIGHTLINE_CACHE_COPY=1` reads
    /// them into arrays instead, the way to measure what mapping saves.
    static let mapsByDefault = getenv("SIGHTLINE_CACHE_COPY").map { String(cString: $0) } != "1"

    /// `count` values of `Element` at byte `offset`.
    /// - Throws: `CacheFile.Failure` when the copy cannot be read.
    func column<Element: Equatable & Sendable>(of type: Element.Type, count: Int, at offset: Int) throws -> ValueColumn<Element> {
        if let mapping { return ValueColumn(mapping: mapping, byteOffset: offset, count: count) }
        let values = try [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            try CacheFile.readAll(UnsafeMutableRawBufferPointer(buffer), descriptor, at: offset)
            initialized = count
        }
        return ValueColumn(values)
    }

    /// Checks what was read from the mapping, then drops the pages the checks touched
    /// from resident memory: they are read again only where drawn.
    /// - Throws: `CacheFile.Failure` when another program cut the file short meanwhile.
    func settle() throws {
        guard let mapping else { return }
        guard !mapping.faulted else { throw CacheFile.Failure(reason: "it was cut short while it was read") }
        mapping.release(0..<mapping.count)
    }
}
