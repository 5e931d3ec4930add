#if canImport(Glibc)
import Glibc
#endif

/// The memory this process may still take, so that a load too large for the machine
/// (or for `ulimit -v`) is refused with a message before it allocates, instead of
/// ending in the kernel's out-of-memory killer or an allocation trap.
///
/// The bound is the smaller of the address-space headroom (`RLIMIT_AS` less the
/// process's current `VmSize`, mapped files included) and the memory the system can
/// still hand out (`MemAvailable` plus free swap). Estimates are rough, so callers ask
/// for what they are about to allocate, not for a worst case.
public struct MemoryBudget: Equatable, Sendable {
    /// Bytes the process may still take; `nil` when unknown (nothing is refused).
    public var availableBytes: Int?
    /// What sets the bound, for the message: "ulimit -v" or "free memory".
    public var limit: String

    /// The least bytes worth reading the budget for (`current()` reads two files):
    /// below it, a load is never refused.
    public static let smallestChecked = 16 << 20

    /// A fixed budget (tests, or a caller that knows better).
    public init(availableBytes: Int?, limit: String = "free memory") {
        self.availableBytes = availableBytes
        self.limit = limit
    }

    /// The process's address-space limit (`ulimit -v`) in bytes; `nil` when there is none.
    public static var addressSpaceLimit: Int? {
        var limits = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limits) == 0, limits.rlim_cur != rlim_t.max else { return nil }
        return Int(clamping: limits.rlim_cur)
    }

    /// The budget now, read from `getrlimit(RLIMIT_AS)`, `/proc/self/status` and
    /// `/proc/meminfo`; unknown parts are left out.
    /// - Complexity: reads two small files (about 30 µs).
    public static func current() -> MemoryBudget {
        var addressSpace: Int?
        if let limit = addressSpaceLimit, let used = kilobytes("VmSize", in: readSmallFile("/proc/self/status")) {
            addressSpace = max(limit - used * 1024, 0)
        }
        let meminfo = readSmallFile("/proc/meminfo")
        let free = kilobytes("MemAvailable", in: meminfo).map { ($0 + (kilobytes("SwapFree", in: meminfo) ?? 0)) * 1024 }
        return combining(addressSpace: addressSpace, freeMemory: free)
    }

    /// The smaller of the two bounds, named after the one that binds.
    static func combining(addressSpace: Int?, freeMemory: Int?) -> MemoryBudget {
        switch (addressSpace, freeMemory) {
        case let (space?, free?):
            return space <= free ? MemoryBudget(availableBytes: space, limit: "ulimit -v")
                                 : MemoryBudget(availableBytes: free, limit: "free memory")
        case let (space?, nil): return MemoryBudget(availableBytes: space, limit: "ulimit -v")
        case let (nil, free?): return MemoryBudget(availableBytes: free, limit: "free memory")
        case (nil, nil): return MemoryBudget(availableBytes: nil)
        }
    }

    /// Throws unless `bytes` more fit in this budget.
    /// - Parameters:
    ///   - bytes: what the caller is about to allocate, in bytes.
    ///   - what: the work, for the message ("loading", "generating the walk").
    ///   - file: the file (or source) the work is for, named in the message.
    /// - Throws: `DataLoadError.tooLarge` (exit status 69).
    /// - Complexity: O(1).
    public func require(_ bytes: Int, for what: String, file: String) throws {
        guard let availableBytes, bytes > availableBytes else { return }
        throw DataLoadError.tooLarge(file: file, what: what, needed: bytes, available: availableBytes, limit: limit)
    }

    /// Throws unless `bytes` more fit in the process's memory now (`current()`).
    /// - Throws: `DataLoadError.tooLarge` (exit status 69).
    public static func require(_ bytes: Int, for what: String, file: String) throws {
        try current().require(bytes, for: what, file: file)
    }

    /// `bytes` for a person: "600 MB", "1.9 GB" (powers of 1000, as `df -H` writes).
    public static func describe(bytes: Int) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB", "PB", "EB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(bytes) bytes" }
        let rounded = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(text) \(units[unit])"
    }

    /// The value in kB of the `key:` line of a `/proc` file (`VmSize:   123456 kB`).
    static func kilobytes(_ key: String, in text: String) -> Int? {
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            let digits = line.dropFirst(key.count + 1).filter(\.isNumber)
            return Int(digits)
        }
        return nil
    }

    /// A `/proc` file's text (its size reads as 0, so it is read until the end).
    private static func readSmallFile(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
