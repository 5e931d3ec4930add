/// A reader of one file format. Loaders see bytes, never paths, so they are tested on
/// in-memory input; `DatasetReader` opens files and picks the loader.
public protocol DataLoader {
    /// Parses a whole file.
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - source: the name used in error messages and as the dataset's source.
    func load(_ bytes: UnsafeRawBufferPointer, source: String) throws -> Dataset
}
