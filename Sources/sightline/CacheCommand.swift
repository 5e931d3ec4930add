import ArgumentParser
import ChartData
import ChartSources
import Foundation

/// `sightline cache`: where the cache of large files lives, what it holds, and emptying it.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or empty the cache of large files.",
        discussion: """
        A file of 50 MB or more is kept parsed in $XDG_CACHE_HOME/sightline (default \
        ~/.cache/sightline) when first opened, so that opening it again skips parsing. \
        The cache stays under 10 GB, dropping the files used longest ago. \
        A CSV file too large to parse in memory is read in one pass into its cache file \
        (its x must already ascend); SIGHTLINE_STREAM_MIN_SIZE sends every file of that \
        size or more this way. \
        SIGHTLINE_CACHE_MIN_SIZE and SIGHTLINE_CACHE_LIMIT (bytes, or with K, M or G) \
        change the size cached and the limit; --no-cache on any command reads without it.

        Without a flag, prints the folder and what it holds.
        """
    )

    @Flag(help: "Remove every cache file.")
    var clear = false

    @Flag(help: "List the cache files, used longest ago first.")
    var list = false

    func run() throws {
        let cache = DatasetCache.standard
        for problem in cache.problems { CommandSupport.printError("warning: \(problem)") }
        if clear {
            let freed = cache.clear()
            print("cleared \(cache.folder) (\(Self.megabytes(freed)) freed)")
            return
        }
        let entries = cache.entries()
        if list {
            for entry in entries {
                let used = Date(timeIntervalSince1970: entry.used).formatted(.iso8601)
                print("\(used)  \(Self.megabytes(entry.bytes))  \(entry.path)"
                      + (entry.source.map { "  (\(DisplayText.escaped($0)))" } ?? ""))
            }
        }
        print("\(cache.folder): \(entries.count) files, \(Self.megabytes(entries.reduce(0) { $0 + $1.bytes })) "
              + "of \(Self.megabytes(cache.limit)); files of \(Self.megabytes(cache.threshold)) or more are cached")
    }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1e6)
    }
}
