extension DatasetReader {
    /// Parses the first slice of a file read a slice at a time (the cache's read of a
    /// file larger than memory) as `read` parses a whole file: it decides the columns,
    /// the x kind and the series, and the options apply to it.
    /// - Throws: `DataLoadError`, as `read` does.
    public static func loadFirstSlice(_ bytes: UnsafeRawBufferPointer, path: String, source: String,
                                      options: LoadOptions) throws -> Dataset {
        try load(bytes, path: path, source: source, options: options, tracker: nil)
    }

    /// Parses a later slice of such a file as CSV (`bytes` are its header line, when it
    /// has one, and then the slice's rows), naming the file's own lines in an error:
    /// the slice's line k is the file's line k + `linesBefore`.
    /// - Throws: `DataLoadError`.
    public static func loadSlice(_ bytes: UnsafeRawBufferPointer, source: String, options: LoadOptions,
                                 linesBefore: Int) throws -> Dataset {
        do {
            return try CSVLoader().load(bytes, source: source, options: options, tracker: nil)
        } catch let error as DataLoadError {
            throw error.movedDown(lines: linesBefore)
        }
    }
}
