import ChartData

/// The kinds of source that reach a database server, which the program installs in
/// `SourceCatalog` at start (`SourceCatalog.install(ServerSources.kinds)`).
public enum ServerSources {
    public static let kinds: [any DatasetSource.Type] = [ClickHouseSource.self, PostgresSource.self]
}
