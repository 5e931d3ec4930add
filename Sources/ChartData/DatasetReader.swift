#if canImport(Glibc)
import Glibc
#endif

/// Opens a data file (or standard input for `-`) and hands its bytes to the loader for
/// its format.
///
/// A regular file is mapped; anything else (a pipe, a FIFO, `<(cmd)`, a device, a
/// `/proc` file whose size reads as 0) is read to its end with read(2), within the
/// memory budget and with no line over `LoadOptions.lineLimit`.
public enum DatasetReader {
    /// Reads and parses the file at `path`.
    /// - Parameters:
    ///   - options: the columns or chart to take.
    ///   - progress: called as the file is parsed, with bytes done and in all.
    /// - Throws: `DataLoadError`, whose message names the file (and line, for content).
    public static func read(path: String, options: LoadOptions = LoadOptions(),
                            progress: LoadProgress? = nil) throws -> Dataset {
        try read(path: path, options: options, progress: progress, afterMapping: nil)
    }

    /// `read(path:options:progress:)`, with `afterMapping` called once a file is
    /// mapped and before it is parsed (tests truncate it there).
    static func read(path: String, options: LoadOptions, progress: LoadProgress?,
                     afterMapping: (() -> Void)?) throws -> Dataset {
        if path == "-" {
            let descriptor = dup(STDIN_FILENO)
            guard descriptor >= 0 else {
                throw DataLoadError.unreadable(path: "standard input", reason: String(cString: strerror(errno)))
            }
            return try read(descriptor: descriptor, path: path, source: "standard input", options: options,
                            progress: progress, afterMapping: afterMapping)
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw DataLoadError.fileNotFound(path: path) }
            throw DataLoadError.unreadable(path: path, reason: String(cString: strerror(code)))
        }
        return try read(descriptor: descriptor, path: path, source: path, options: options, progress: progress,
                        afterMapping: afterMapping)
    }

    /// Reads the file open at `descriptor` (closed when done): mapped when it is a
    /// regular file with a size, read as a stream otherwise.
    private static func read(descriptor: Int32, path: String, source: String, options: LoadOptions,
                             progress: LoadProgress?, afterMapping: (() -> Void)?) throws -> Dataset {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw DataLoadError.unreadable(path: source, reason: String(cString: strerror(code)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw DataLoadError.unreadable(path: source, reason: "it is a folder, not a file")
        }
        if (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0,
           let file = try mapping(descriptor, info: info, source: source) {
            afterMapping?()
            let bytes = file.bytes
            // Pages the loader is done with are not needed again.
            let tracker = ReadTracker(total: bytes.count, progress: progress) { file.release($0) }
            do {
                var dataset = try load(bytes, path: path, source: source, options: options, tracker: tracker)
                switch file.change {
                case .none: break
                case .grew:
                    dataset.warnings.append("\(DisplayText.escaped(source, limit: DataLoadError.pathLimit)): grew while it "
                                            + "was read; showing its first \(bytes.count) bytes")
                case .changed: throw DataLoadError.changedWhileReading(file: source)
                }
                return dataset
            } catch {
                // What a shrunk file's zeros made the loader say is not about the file.
                if file.change == .changed { throw DataLoadError.changedWhileReading(file: source) }
                throw error
            }
        }
        defer { close(descriptor) }
        let bytes = try StreamReader.read(descriptor, source: source, path: path, options: options)
        return try bytes.withUnsafeBytes { bytes in
            try load(bytes, path: path, source: source, options: options,
                     tracker: ReadTracker(total: bytes.count, progress: progress))
        }
    }

    /// The file mapped, owning `descriptor`; `nil` (the descriptor still the caller's)
    /// when it cannot be guarded and must be read as a stream.
    private static func mapping(_ descriptor: Int32, info: stat, source: String) throws -> MappedFile? {
        do {
            return try MappedFile(descriptor: descriptor, info: info, path: source)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Parses `bytes` as the format `DataFormat.choose` picks, once decoded (gzip, UTF-16:
    /// `loadDecoding`), unless they are not text (`BinaryContent`: an image, a NUL byte in
    /// the first 64 KB). Content that starts with
    /// `[` or `{` but is not JSON from its first line is tried as CSV (a header such as
    /// `[time],value`); a failed read says which format it assumed and why, unless the
    /// name's extension decided on CSV.
    static func load(_ bytes: UnsafeRawBufferPointer, path: String, source: String, options: LoadOptions,
                     tracker: ReadTracker?) throws -> Dataset {
        if let decoded = try loadDecoding(bytes, path: path, source: source, options: options, tracker: tracker) {
            return decoded
        }
        if let binary = BinaryContent.identify(bytes) {
            throw DataLoadError.binary(file: source, what: binary.explanation(path: path))
        }
        let choice = DataFormat.choose(for: bytes, path: path)
        do {
            var dataset = try choice.format.loader.load(bytes, source: source, options: options, tracker: tracker)
            try apply(options, to: &dataset)
            return dataset
        } catch let error as DataLoadError {
            // Only errors about the content can come from the wrong format.
            switch error {
            case .malformed, .noData: break
            default: throw error
            }
            if choice.format == .csv {
                // An empty stream is empty in any format.
                if choice.byName || bytes.isEmpty { throw error }
                throw DataLoadError.readAs(format: choice.format.rawValue, because: choice.reason, error: error)
            }
            if !choice.byName, case .malformed(_, 1, _, _, _) = error,
               var dataset = try? CSVLoader().load(bytes, source: source, options: options, tracker: tracker) {
                try apply(options, to: &dataset)
                return dataset
            }
            var because = choice.reason
            if let (delimiter, fields) = DataFormat.firstLineLooksDelimited(bytes, options: options) {
                let name = delimiter == "\t" ? "tab" : "'\(delimiter)'"
                because += "; it looks like CSV (\(fields) fields separated by \(name) on its first line)"
            }
            throw DataLoadError.readAs(format: choice.format.rawValue, because: because, error: error)
        }
    }

    /// The kinds the command line asks for, and the check that every stack can be drawn.
    /// A kind named for a series `--y` did not read says to add it there.
    private static func apply(_ options: LoadOptions, to dataset: inout Dataset) throws {
        do {
            try options.kinds.apply(to: &dataset)
        } catch DataLoadError.notInFile(let file, let flag, let asked, _, let available) where options.y != nil {
            throw DataLoadError.usage(file: file, message: "\(flag) names \(DisplayText.quotedName(asked)), "
                                      + "which is not among the series --y reads (\(DisplayText.listing(available))); add it to --y")
        }
        try dataset.requireDrawableStacks()
        dataset.axisTitles.take(options.titles)
        try dataset.markOHLC(options.ohlc, linesAsked: options.y != nil)
    }

    /// The loader for a file, as `DataFormat.choose` picks it.
    public static func loader(for bytes: UnsafeRawBufferPointer, path: String) -> DataLoader {
        DataFormat.choose(for: bytes, path: path).format.loader
    }
}
