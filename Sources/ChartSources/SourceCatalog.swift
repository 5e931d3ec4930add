import ChartData

/// Every kind of data source, asked in order which one a location is; a file is the last
/// word. A new kind is a folder in ChartSources and one line here.
public enum SourceCatalog {
    static let kinds: [any DatasetSource.Type] = [
        FileSource.self,
    ]

    /// The source that reads `location`: the first kind that claims it.
    public static func source(for location: String) -> any DatasetSource {
        for kind in kinds {
            if let source = kind.source(for: location) { return source }
        }
        return FileSource(path: location)
    }
}
