#if canImport(Glibc)
import Glibc
#endif

/// The day files of a chart folder from round 2 of Telegram's 2019 chart contest: beside
/// `overview.json` (about a point a day) lie month folders `YYYY-MM`, each holding a
/// `DD.json` per day with that day's detail (a point an hour, or finer) in the same
/// format. A day is named by its UTC date, as the contest's files are.
public struct DayFiles: Equatable, Sendable {
    /// The folder the overview file is in, where the month folders are looked for.
    public let folder: String

    /// The day files beside the overview file at `overviewPath`, or `nil` when there are
    /// none: no `YYYY-MM` folder beside it holds a `DD.json` (a lone chart file, standard
    /// input, round 1's `chart_data.json`).
    /// - Complexity: O(entries in the folder and in its month folders).
    public init?(besideOverview overviewPath: String) {
        guard overviewPath != "-" else { return nil }
        let folder = Self.folder(of: overviewPath)
        guard Self.entries(in: folder).contains(where: { Self.isMonthName($0) && Self.holdsDayFile(folder + "/" + $0) }) else {
            return nil
        }
        self.folder = folder
    }

    /// The path of the file of the UTC day holding `x`, an instant counted in
    /// `unitsPerSecond` (1000: the contest's Unix milliseconds) since 1970; `nil` for an
    /// x that is not finite.
    /// - Complexity: O(1).
    public func path(forX x: Double, unitsPerSecond: Double = 1000) -> String? {
        let seconds = x / unitsPerSecond
        // A day count beyond ±10¹⁴ s is no calendar date; it also keeps Int conversion safe.
        guard seconds.isFinite, abs(seconds) < 1e14 else { return nil }
        let days = Int((seconds / 86_400).rounded(.down))
        let date = CivilCalendar.date(fromDays: days)
        return "\(folder)/\(Self.padded(date.year, 4))-\(Self.padded(date.month, 2))/\(Self.padded(date.day, 2)).json"
    }

    /// Reads the file of the day holding `x` with `options`, the overview's (the same
    /// loader, the same columns asked for).
    /// - Throws: `DataLoadError` naming the day's file: missing, unreadable, malformed or
    ///   without data; `.noData` naming the folder for an x that is no date.
    public func load(x: Double, unitsPerSecond: Double = 1000, options: LoadOptions) throws -> Dataset {
        guard let path = path(forX: x, unitsPerSecond: unitsPerSecond) else {
            throw DataLoadError.noData(file: folder, reason: "no day file for x = \(x), which is not a date")
        }
        return try DatasetReader.read(path: path, options: options)
    }

    /// The folder part of `path`: `.` for a bare name, `/` for a file at the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `YYYY-MM`: four digits, a dash, two digits.
    static func isMonthName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return bytes.count == 7 && bytes[4] == UInt8(ascii: "-")
            && bytes.enumerated().allSatisfy { $0.offset == 4 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0.element) }
    }

    /// Whether `folder` holds a `DD.json`.
    private static func holdsDayFile(_ folder: String) -> Bool {
        entries(in: folder).contains { name in
            let bytes = Array(name.utf8)
            return bytes.count == 7 && name.hasSuffix(".json")
                && bytes[0...1].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
    }

    /// The names in `folder`, none for one that cannot be listed (not a folder, no permission).
    private static func entries(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(width - digits.count, 0)) + digits
    }
}
