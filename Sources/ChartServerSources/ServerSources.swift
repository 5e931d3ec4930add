import ChartData

/// The source kinds that talk to database servers over SwiftNIO, installed into
/// `SourceCatalog` by the CLI (the CMake build has none of them).
public enum ServerSources {
    public static let kinds: [any DatasetSource.Type] = [PostgresSource.self]
}
