import Foundation

/// Opens a data file (or standard input for `-`) and hands its bytes to the loader for
/// its format.
public enum DatasetReader {
    /// Reads and parses the file at `path`.
    /// - Parameters:
    ///   - options: the columns or chart to take.
    ///   - progress: called as the file is parsed, with bytes done and in all.
    /// - Throws: `DataLoadError`, whose message names the file (and line, for content).
    public static func read(path: String, options: LoadOptions = LoadOptions(),
                            progress: LoadProgress? = nil) throws -> Dataset {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return try data.withUnsafeBytes { bytes in
                try loader(for: bytes, path: path).load(bytes, source: "standard input", options: options,
                                                        tracker: ReadTracker(total: bytes.count, progress: progress))
            }
        }
        let file = try MappedFile(path: path)
        let bytes = file.bytes
        // Pages the loader is done with are not needed again.
        let tracker = ReadTracker(total: bytes.count, progress: progress) { file.release($0) }
        return try loader(for: bytes, path: path).load(bytes, source: path, options: options, tracker: tracker)
    }

    /// The loader for a file: Telegram's chart JSON for `.json` or text that starts
    /// with `[` or `{`, delimited text otherwise.
    public static func loader(for bytes: UnsafeRawBufferPointer, path: String) -> DataLoader {
        if path.lowercased().hasSuffix(".json") { return TelegramChartLoader() }
        let firstNonSpace = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        if firstNonSpace == UInt8(ascii: "[") || firstNonSpace == UInt8(ascii: "{") { return TelegramChartLoader() }
        return CSVLoader()
    }
}
