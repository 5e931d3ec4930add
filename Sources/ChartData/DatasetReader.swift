import Foundation

/// Opens a data file (or standard input for `-`) and hands its bytes to the loader for
/// its format.
public enum DatasetReader {
    /// Reads and parses the file at `path`.
    /// - Throws: `DataLoadError`, whose message names the file (and line, for content).
    public static func read(path: String) throws -> Dataset {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return try load(data, source: "standard input", loader: CSVLoader())
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DataLoadError.fileNotFound(path: path)
        }
        if isDirectory.boolValue {
            throw DataLoadError.unreadable(path: path, reason: "it is a folder, not a file")
        }
        let data: Data
        do {
            // Mapped, so a large file is paged in as it is parsed rather than copied.
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw DataLoadError.unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        return try load(data, source: path, loader: loader(forPath: path))
    }

    /// The loader for a path's format. Every format is delimited text for now; the seam
    /// is here so that other formats plug in by extension.
    public static func loader(forPath path: String) -> DataLoader {
        CSVLoader()
    }

    private static func load(_ data: Data, source: String, loader: DataLoader) throws -> Dataset {
        try data.withUnsafeBytes { try loader.load($0, source: source) }
    }
}
