import ChartData
import Synchronization

/// Every kind of data source, asked in order which one a location is; a location no kind
/// claims is a file (`FileSource`), so the file kind is the fallback, not in the list. A
/// new kind is a folder in ChartSources and one line in `builtIn`; a kind that needs the
/// network lives in ChartServerSources, whose kinds the program installs at start
/// (`install`), before the built-in ones.
public struct SourceCatalog: Sendable {
    /// The kinds of this target, besides files. `DatabaseAddressRefusal` comes last: an
    /// address of a server kind this build lacks gets a message, not "no such file".
    public static let builtIn: [any DatasetSource.Type] = [SQLiteSource.self, DatabaseAddressRefusal.self]

    /// The kinds the app reads, besides files: those installed, then the built-in ones.
    public static var standard: SourceCatalog {
        SourceCatalog(kinds: installed.withLock { $0 } + builtIn)
    }

    /// Adds `kinds` (the server sources) to `standard`, asked before the built-in ones.
    public static func install(_ kinds: [any DatasetSource.Type]) {
        installed.withLock { $0 = kinds }
    }

    private static let installed = Mutex<[any DatasetSource.Type]>([])

    private let kinds: [any DatasetSource.Type]

    public init(kinds: [any DatasetSource.Type]) {
        self.kinds = kinds
    }

    /// The source that reads `location` in the standard catalog.
    public static func source(for location: String) -> any DatasetSource {
        standard.source(for: location)
    }

    /// The source that reads `location`: the first kind that claims it, else the file.
    public func source(for location: String) -> any DatasetSource {
        for kind in kinds {
            if let source = kind.source(for: location) { return source }
        }
        return FileSource(path: location)
    }

    /// Whether `location` is a file's path (or `-`) rather than another kind's address,
    /// so that it may be resolved against the file system (a SQLite database is a file).
    public func isFile(_ location: String) -> Bool {
        let source = source(for: location)
        return source is FileSource || source is SQLiteSource
    }

    /// Whether `location` is read as lines of text (a file's path or `-`), so that
    /// `--follow` reads what is appended to it; a database, a SQLite file included, is
    /// followed by asking it for the rows past the last x instead (`QueryFollow`).
    public func isLineText(_ location: String) -> Bool {
        source(for: location) is FileSource
    }
}
