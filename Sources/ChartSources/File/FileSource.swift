import ChartData

/// A file, a folder of day files, or standard input (`-`), read by `DatasetReader` (gzip
/// inflated: `FileSource+Gzip`): what `SourceCatalog` falls back to for every location
/// no other kind claims.
public struct FileSource: DatasetSource {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public static func source(for location: String) -> FileSource? {
        FileSource(path: location)
    }

    public var name: String { path == "-" ? "standard input" : path }

    public func read(options: LoadOptions, progress: LoadProgress?) throws -> Dataset {
        let options = Self.inflating(options)
        // A large file is read through the cache (`DatasetCache`) unless `--no-cache`.
        guard options.usesCache, path != "-" else {
            return try DatasetReader.read(path: path, options: options, progress: progress)
        }
        return try DatasetCache.standard.read(path: path, options: options, progress: progress)
    }
}
