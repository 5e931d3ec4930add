extension DatasetReader {
    /// Parses the first slice of a file read a slice at a time (the cache's read of a
    /// file larger than memory) as `read` parses a whole file: it decides the columns,
    /// the x kind and the series, and the options apply to it.
    /// - Throws: `DataLoadError`, as `read` does.
    public static func loadFirstSlice(_ bytes: UnsafeRawBufferPointer, path: String, source: String,
                                      options: LoadOptions) throws -> Dataset {
        try load(bytes, path: path, source: source, options: options, tracker: nil)
    }

    /// Whether later slices can be read under `first`'s decisions: not where its instants
    /// were moved to the machine's wall clock, which only a reader of the whole file
    /// (or `FollowReader`, row by row) does.
    public static func slicesCanFollow(_ first: Dataset) -> Bool {
        first.xReading.value?.lastInstant == nil
    }

    /// Parses a later slice of such a file as CSV (`bytes` are its header line, when it
    /// has one, and then the slice's rows) under the decisions `first` made of its x (the
    /// date form, the order of day and month, as `FollowReader` reads appended lines),
    /// naming the file's own lines in an error: the slice's line k is the file's line
    /// k + `linesBefore`.
    /// - Throws: `DataLoadError`.
    public static func loadSlice(_ bytes: UnsafeRawBufferPointer, source: String, options: LoadOptions,
                                 after first: Dataset, linesBefore: Int) throws -> Dataset {
        var settled = options
        settled.settledX = first.xReading.value
        do {
            return try CSVLoader().load(bytes, source: source, options: settled, tracker: nil)
        } catch let error as DataLoadError {
            throw error.movedDown(lines: linesBefore)
        }
    }
}
