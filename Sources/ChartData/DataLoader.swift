/// A reader of one file format. Loaders see bytes, never paths, so they are tested on
/// in-memory input; `DatasetReader` opens files and picks the loader.
public protocol DataLoader {
    /// Parses a whole file.
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - source: the name used in error messages and as the dataset's source.
    ///   - options: the columns or chart to take.
    ///   - tracker: told now and then which bytes have been consumed.
    func load(_ bytes: UnsafeRawBufferPointer, source: String, options: LoadOptions,
              tracker: ReadTracker?) throws -> Dataset
}

extension DataLoader {
    /// Parses a whole file with default options and no progress reports.
    public func load(_ bytes: UnsafeRawBufferPointer, source: String) throws -> Dataset {
        try load(bytes, source: source, options: LoadOptions(), tracker: nil)
    }
}
