#if canImport(Glibc)
import Glibc
#endif
import ChartData
import Foundation

/// Where large files' reads are kept (`CacheFile`), so that opening one again copies its
/// columns back instead of parsing it: `$XDG_CACHE_HOME/sightline/`, or
/// `~/.cache/sightline/` without it.
///
/// A file is cached under a name made from its canonical path and the read options;
/// inside, the key also holds its size and modification time (to the nanosecond), the
/// program's and the machine's time zone, so a changed file (or another build of
/// sightline, or another zone) misses and its cache is written again over the old one.
/// Files are written to a temporary name and renamed, so a reader never sees one half
/// written.
/// The folder is kept under `limit` bytes by removing the files used longest ago (each
/// use touches its file). Anything wrong with a cache file (foreign, another version,
/// damaged, cut short) makes it a miss; anything that stops one being written (a
/// read-only or full disk) costs that one open a notice, never the open.
public struct DatasetCache: Sendable {
    /// The folder the cache files are in.
    public let folder: String
    /// The smallest file cached, in bytes: smaller ones parse about as fast as a copy.
    public let threshold: Int
    /// The most bytes the folder may hold.
    public let limit: Int

    /// The default `threshold`: 50 MB (`SIGHTLINE_CACHE_MIN_SIZE` overrides).
    public static let defaultThreshold = 50_000_000
    /// The default `limit`: 10 GB (`SIGHTLINE_CACHE_LIMIT` overrides).
    public static let defaultLimit = 10_000_000_000
    static let suffix = ".slc"

    public init(folder: String, threshold: Int = defaultThreshold, limit: Int = defaultLimit) {
        self.folder = folder
        self.threshold = threshold
        self.limit = limit
    }

    /// What was wrong with the environment's settings (a size that is not one), each
    /// said once as a warning; the default is used instead.
    public var problems: [String] = []

    /// The cache the environment describes: `XDG_CACHE_HOME` (or `HOME`),
    /// `SIGHTLINE_CACHE_MIN_SIZE` and `SIGHTLINE_CACHE_LIMIT` (bytes, or with K, M or G).
    public static var standard: DatasetCache {
        standard { name in getenv(name).map { String(cString: $0) } }
    }

    /// The cache `environment` describes (`standard`).
    static func standard(environment: (String) -> String?) -> DatasetCache {
        let base: String
        if let xdg = environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = (environment("HOME") ?? "/tmp") + "/.cache"
        }
        var problems: [String] = []
        // A typo must not pass for the default unsaid: the user asked for something else.
        func size(_ name: String, default value: Int) -> Int {
            guard let text = environment(name), !text.isEmpty else { return value }
            if let bytes = byteCount(text) { return bytes }
            problems.append("\(name)=\(DisplayText.quoted(text)) is not a size (bytes, or with K, M or G, "
                            + "at most \(Int.max / 1_000_000_000)G): using \(value) bytes")
            return value
        }
        var cache = DatasetCache(folder: base + "/sightline",
                                 threshold: size("SIGHTLINE_CACHE_MIN_SIZE", default: defaultThreshold),
                                 limit: size("SIGHTLINE_CACHE_LIMIT", default: defaultLimit))
        cache.problems = problems
        return cache
    }

    /// `text` as bytes: a whole number, optionally followed by K, M or G (powers of 1000);
    /// `nil` for anything else, a negative number or one too large for an `Int`.
    static func byteCount(_ text: String) -> Int? {
        let scale: [Character: Int] = ["K": 1_000, "M": 1_000_000, "G": 1_000_000_000]
        guard let last = text.uppercased().last else { return nil }
        if let factor = scale[last] {
            guard let count = Int(text.dropLast()), count >= 0 else { return nil }
            let (bytes, overflow) = count.multipliedReportingOverflow(by: factor)
            return overflow ? nil : bytes
        }
        return Int(text).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// What a cached read is looked up by: the file as it is now and the options.
    struct Key {
        /// Names the cache file: the canonical path and the options.
        let name: String
        /// Must match inside it: also the size and modification time.
        let text: String
        let size: Int
    }

    /// The key of the regular file at `path` read with `options`; `nil` when it is not
    /// a regular file or is under `threshold`.
    func key(path: String, options: LoadOptions) -> Key? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) >= threshold,
              let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        var asked = options
        // Neither changes what is read: the budget only refuses, and the cache is asked for.
        asked.memory = nil
        asked.usesCache = true
        let named = "path=\(String(cString: resolved))\noptions=\(String(reflecting: asked))"
        // Instants are moved to the machine's wall clock as they are read (`--utc` is in the
        // options): another zone reads them to other x.
        let text = named + "\nsize=\(info.st_size)\nmodified=\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)\nreader=\(Self.reader)"
            + "\nzone=\(TimeZone.current.identifier)"
        let hash = String(CacheBytes.checksum(named.utf8), radix: 16)
        return Key(name: String(repeating: "0", count: 16 - hash.count) + hash, text: text, size: Int(info.st_size))
    }

    /// The program reading, by its size and modification time: another build may read
    /// a file otherwise (a date form it did not know), so its entries are not used.
    static let reader: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "unknown" }
        return "\(info.st_size).\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }()

    func path(of key: Key) -> String { folder + "/" + key.name + Self.suffix }

    /// The dataset cached under `key`, named `source`; `nil` when there is none or it
    /// cannot be used (it is then written again).
    func lookup(_ key: Key, source: String) -> Dataset? {
        let descriptor = open(path(of: key), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let dataset = try? CacheFile.read(from: descriptor, key: key.text, source: source) else { return nil }
        // Used now: the last to go when the folder is trimmed.
        futimens(descriptor, nil)
        return dataset
    }

    /// Writes `dataset` under `key`, then trims the folder to `limit`.
    /// - Throws: `CacheFile.Failure` saying why it could not be written.
    func store(_ dataset: Dataset, key: Key) throws {
        let columns = dataset.series.count + (dataset.xs.isRegular ? 0 : 1)
        // Each kept point: its index (4 bytes) and its y (8).
        let levels = dataset.prepared?.levels.reduce(0) { $0 + 12 * $1.reduce(0) { $0 + $1.indices.count } } ?? 0
        let trees = dataset.prepared == nil ? 0 : 16 * RangeMinMax.storedCount(for: dataset.count) * dataset.series.count
        let bytes = 8 * dataset.count * columns + levels + trees
        guard bytes <= limit else { throw CacheFile.Failure(reason: "it would take more than the cache's limit of \(limit) bytes") }
        try makeFolder()
        try requireRoom(bytes)
        var template = Array((folder + "/" + key.name + ".XXXXXX.tmp").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else { throw CacheFile.Failure(reason: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            defer { close(descriptor) }
            try CacheFile.write(dataset, key: key.text, to: descriptor)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path(of: key)) == 0 else {
            let code = errno
            unlink(temporary)
            throw CacheFile.Failure(reason: String(cString: strerror(code)))
        }
        trim(keeping: path(of: key))
    }

    /// Throws unless writing `bytes` leaves a twentieth of the disk (and 1 GB) free: the
    /// cache must never be what fills it.
    func requireRoom(_ bytes: Int) throws {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return }
        let available = Int(info.f_bavail) * Int(info.f_frsize)
        let reserve = max(Int(info.f_blocks) * Int(info.f_frsize) / 20, 1_000_000_000)
        guard bytes + reserve <= available else {
            throw CacheFile.Failure(reason: "the disk has \(available / 1_000_000) MB free, too little to keep \(bytes / 1_000_000) MB more")
        }
    }

    func makeFolder() throws {
        var partial = ""
        for part in folder.split(separator: "/") {
            partial += "/" + part
            if mkdir(partial, 0o700) != 0 && errno != EEXIST {
                throw CacheFile.Failure(reason: "cannot create \(partial): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// One file in the folder.
    public struct Entry: Sendable {
        public let path: String
        public let bytes: Int
        /// When it was last written or used, in seconds since 1970.
        public let used: Double
        /// The real path of the file it holds the read of; `nil` for a temporary file or
        /// one that is not a cache file of this version.
        public var source: String?
    }

    /// The cache files and the temporary files of writes that never finished, oldest
    /// use first.
    public func entries() -> [Entry] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var found: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasSuffix(Self.suffix) || name.hasSuffix(".tmp") else { continue }
            var info = stat()
            let path = folder + "/" + name
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            found.append(Entry(path: path, bytes: Int(info.st_size),
                               used: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9,
                               source: name.hasSuffix(Self.suffix) ? CacheFile.source(at: path) : nil))
        }
        return found.sorted { $0.used < $1.used }
    }

    /// Removes the files used longest ago until the folder holds at most `limit` bytes,
    /// never `kept` (just written); a temporary file is removed once an hour old (its
    /// writer is gone), or sooner when room is needed.
    func trim(keeping kept: String) {
        let entries = entries()
        var total = entries.reduce(0) { $0 + $1.bytes }
        let now = Double(time(nil))
        for entry in entries where entry.path != kept {
            let stale = entry.path.hasSuffix(".tmp") && now - entry.used > 3_600
            guard total > limit || stale else { continue }
            if unlink(entry.path) == 0 { total -= entry.bytes }
        }
    }

    /// Removes every cache file; returns how many bytes that freed.
    @discardableResult
    public func clear() -> Int {
        entries().reduce(0) { freed, entry in unlink(entry.path) == 0 ? freed + entry.bytes : freed }
    }
}
