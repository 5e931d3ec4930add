import ChartData

/// Every kind of data source, asked in order which one a location is; a location no kind
/// claims is a file (`FileSource`), so the file kind is the fallback, not in the list. A
/// new kind is a folder in ChartSources and one line in `kinds`.
public struct SourceCatalog: Sendable {
    /// The kinds the app reads, besides files.
    public static let standard = SourceCatalog(kinds: [])

    private let kinds: [any DatasetSource.Type]

    public init(kinds: [any DatasetSource.Type]) {
        self.kinds = kinds
    }

    /// The source that reads `location` in the standard catalog.
    public static func source(for location: String) -> any DatasetSource {
        standard.source(for: location)
    }

    /// The source that reads `location`: the first kind that claims it, else the file.
    public func source(for location: String) -> any DatasetSource {
        for kind in kinds {
            if let source = kind.source(for: location) { return source }
        }
        return FileSource(path: location)
    }

    /// Whether `location` is a file's path (or `-`) rather than another kind's address,
    /// so that it may be resolved against the file system.
    public func isFile(_ location: String) -> Bool {
        source(for: location) is FileSource
    }
}
