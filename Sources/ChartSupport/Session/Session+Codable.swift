import ChartGeometry
import ChartStage
import Foundation

/// The file format. Version 2 keeps `entries`; it also writes the version 1 keys
/// (`files`, and `visible` and `hiddenSeries` of the most recent file) so an older
/// Sightline still reads it. A version 1 file (no `entries`) is read as a migration: its
/// files become entries, the first with its view.
///
/// Reading is lenient and validates every field: a value out of range, of the wrong
/// type or absurd takes its default (a window size is clamped into
/// `Session.windowSizeRange`, an unknown theme is day, an entry without an absolute
/// path is dropped), so a hand-edited or damaged file never stops the app from starting.
/// Only text that is not a JSON object at all fails to decode.
extension Session: Codable {
    private enum CodingKeys: String, CodingKey {
        case version, entries, theme, windowWidth, windowHeight
        case files, visible, hiddenSeries
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        if c.contains(.entries) {
            entries = Self.decodeEntries(c)
        } else {
            let paths = ((try? c.decode([String?].self, forKey: .files)) ?? []).compactMap { $0 }
            for path in paths.reversed() where SessionEntry.isValidPath(path) { noteOpened(path) }
            if !entries.isEmpty {
                entries[0].visible = try? c.decode(DataRect.self, forKey: .visible)
                entries[0].hiddenSeries = SessionEntry.names(try? c.decode([String].self, forKey: .hiddenSeries))
            }
        }
        if let name = try? c.decode(String.self, forKey: .theme), ChartTheme.named(name) != nil { theme = name }
        // Doubles, so 1e9 or 1e300 read as numbers to clamp rather than failing the file.
        if let width = try? c.decode(Double.self, forKey: .windowWidth),
           let height = try? c.decode(Double.self, forKey: .windowHeight),
           let w = Self.clampedWindowLength(width), let h = Self.clampedWindowLength(height) {
            windowWidth = w
            windowHeight = h
        }
    }

    /// The entries that decode, each key once, at most `fileLimit`; the rest are skipped.
    private static func decodeEntries(_ c: KeyedDecodingContainer<CodingKeys>) -> [SessionEntry] {
        guard var list = try? c.nestedUnkeyedContainer(forKey: .entries) else { return [] }
        var entries: [SessionEntry] = []
        while !list.isAtEnd && entries.count < fileLimit {
            if let entry = try? list.decode(SessionEntry.self) {
                if !entries.contains(where: { $0.isFor(path: entry.path, chart: entry.chart) }) { entries.append(entry) }
            } else if (try? list.decode(Skipped.self)) == nil {
                break
            }
        }
        return entries
    }

    /// Any JSON value, read and ignored: steps over an entry that does not decode.
    private struct Skipped: Decodable {
        init(from decoder: Decoder) throws {}
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(2, forKey: .version)
        try c.encode(entries, forKey: .entries)
        try c.encode(theme, forKey: .theme)
        try c.encodeIfPresent(windowWidth, forKey: .windowWidth)
        try c.encodeIfPresent(windowHeight, forKey: .windowHeight)
        try c.encode(files, forKey: .files)
        try c.encodeIfPresent(mostRecent?.visible, forKey: .visible)
        try c.encode(mostRecent?.hiddenSeries ?? [], forKey: .hiddenSeries)
    }
}
