import ChartData

extension DatasetCache {
    /// Reads the file at `path` through the cache: a file of `threshold` bytes or more
    /// comes from its cache file when that matches it, and is parsed and written there
    /// when not. A cache that cannot be written adds one warning to the dataset.
    /// - Throws: what `DatasetReader.read` throws; never for the cache's sake.
    public func read(path: String, options: LoadOptions, progress: LoadProgress?) throws -> Dataset {
        var dataset = try readThrough(path: path, options: options, progress: progress)
        dataset.warnings += problems
        return dataset
    }

    private func readThrough(path: String, options: LoadOptions, progress: LoadProgress?) throws -> Dataset {
        guard let key = key(path: path, options: options) else {
            return try DatasetReader.read(path: path, options: options, progress: progress)
        }
        if let cached = lookup(key, source: path) {
            progress?(key.size, key.size)
            return cached
        }
        // One whose parse would not fit in memory goes straight into its cache file.
        if Self.streams(path: path, size: key.size, options: options),
           let streamed = try readStreaming(path: path, key: key, options: options, progress: progress) {
            return streamed
        }
        var dataset = try DatasetReader.read(path: path, options: options, progress: progress)
        // Built here rather than by `DataSource`, once, to be stored with the columns.
        dataset.prepared = PreparedDetail(dataset: dataset)
        // Only a file that stayed as it was while it was read is what its key says.
        guard self.key(path: path, options: options)?.text == key.text else { return dataset }
        do {
            try store(dataset, key: key)
        } catch {
            let reason = (error as? CacheFile.Failure)?.reason ?? "\(error)"
            dataset.warnings.append("\(DisplayText.escaped(path)): not cached in "
                                    + "\(DisplayText.escaped(folder)) (\(reason)); "
                                    + "it is parsed again next time")
        }
        return dataset
    }
}
