/// Where a dataset comes from: a file (`FileSource`), and in time a database table or a
/// growing log. Each kind is a type that recognises its own locations; `SourceCatalog`
/// (in ChartSources, where the kinds that need C or the network live) lists them once, so a
/// new kind is a folder and a line there.
public protocol DatasetSource: Sendable {
    /// The source for `location` when it is this kind's (its URL scheme, say), else nil.
    static func source(for location: String) -> Self?

    /// What messages call it: the path, or the address without its password.
    var name: String { get }

    /// Reads the whole dataset.
    /// - Parameters:
    ///   - options: the columns or chart to take.
    ///   - progress: called as it reads, with units done and in all.
    /// - Throws: `DataLoadError`, whose message names the source.
    func read(options: LoadOptions, progress: LoadProgress?) throws -> Dataset
}
