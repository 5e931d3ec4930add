import ChartData

extension FileSource {
    /// The compressed forms a file or standard input is read through rather than refused:
    /// gzip (`GzipInflater`). A gzip file is still a file (its path is made absolute for
    /// the session, it can be dropped on the window), told by its content rather than its
    /// name, so it is the file source that inflates it, not a kind of its own in
    /// `SourceCatalog`, whose kinds claim addresses.
    public static func inflating(_ options: LoadOptions) -> LoadOptions {
        var options = options
        options.inflaters.add(GzipInflater())
        return options
    }
}
