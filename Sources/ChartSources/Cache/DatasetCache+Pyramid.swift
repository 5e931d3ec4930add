import ChartData
import Foundation

/// Pyramids of database tables (`QueriedRead`), kept beside files' reads: named by the
/// source's address and keyed by everything that changes what was read (its version:
/// row count and newest x; the series; the columns; the program), so a table that
/// changed misses and is read again.
extension DatasetCache {
    /// The pyramid kept for `source` under `key`, or `nil`.
    public func pyramid(named source: String, key: String) -> Dataset? {
        lookup(pyramidKey(source: source, key: key), source: source)
    }

    /// Keeps `pyramid` for `source` under `key`.
    /// - Throws: `CacheFile.Failure` saying why it could not be written.
    public func keep(pyramid: Dataset, named source: String, key: String) throws {
        try store(pyramid, key: pyramidKey(source: source, key: key))
    }

    private func pyramidKey(source: String, key: String) -> Key {
        let named = "source=\(source)"
        let text = named + "\n" + key + "\nreader=\(Self.reader)\nzone=\(TimeZone.current.identifier)"
        let hash = String(CacheBytes.checksum(named.utf8), radix: 16)
        // No file is read through it: the size a file key carries is none here.
        return Key(name: String(repeating: "0", count: 16 - hash.count) + hash, text: text, size: 0)
    }
}
