/// The formats a file is read as, and how one is chosen: by the name's extension first,
/// else by the content.
public enum DataFormat: String, Equatable, Sendable {
    /// Delimited text (`,`, `;` or tab).
    case csv = "CSV"
    /// Telegram's 2019 chart contest JSON.
    case telegramJSON = "Telegram chart JSON"

    /// A format and why it was chosen, for a message when the read fails.
    public struct Choice: Equatable, Sendable {
        public var format: DataFormat
        /// Why, as the end of "read as CSV because …".
        public var reason: String
        /// Whether the name's extension decided (the content was not looked at).
        public var byName: Bool
    }

    /// The loader that reads this format.
    public var loader: DataLoader {
        switch self {
        case .csv: CSVLoader()
        case .telegramJSON: TelegramChartLoader()
        }
    }

    /// The format for `path`'s extension (`.json`; `.csv`, `.tsv`, `.txt`), else for
    /// the content: JSON when its first character (after spaces and a byte order mark)
    /// is `[` or `{`, CSV otherwise.
    /// - Complexity: O(leading spaces).
    public static func choose(for bytes: UnsafeRawBufferPointer, path: String) -> Choice {
        let name = path.lowercased()
        if name.hasSuffix(".json") { return Choice(format: .telegramJSON, reason: "its name ends in .json", byName: true) }
        for suffix in [".csv", ".tsv", ".txt"] where name.hasSuffix(suffix) {
            return Choice(format: .csv, reason: "its name ends in \(suffix)", byName: true)
        }
        if let first = firstCharacter(of: bytes), first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            return Choice(format: .telegramJSON, reason: "it starts with '\(Character(Unicode.Scalar(first)))'", byName: false)
        }
        return Choice(format: .csv, reason: "it does not start with '[' or '{'", byName: false)
    }

    /// Whether the first line looks like delimited text: two or more fields, and not
    /// an opening bracket of JSON, within `options`' line and column bounds. Used to tell
    /// "this .json file is CSV".
    /// - Complexity: O(first line).
    static func firstLineLooksDelimited(_ bytes: UnsafeRawBufferPointer,
                                        options: LoadOptions) -> (delimiter: Character, fields: Int)? {
        guard let first = firstCharacter(of: bytes), first != UInt8(ascii: "["), first != UInt8(ascii: "{") else {
            return nil
        }
        var scanner = CSVScanner(bytes: bytes, lineLimit: options.lineLimit)
        while scanner.hasMoreLines {
            let (line, overflow) = scanner.readLine(maxBytes: options.lineLimit, maxFields: options.columnLimit)
            if overflow != nil { return nil }
            if line.fields.allSatisfy(scanner.isBlank) { continue }
            guard line.fields.count >= 2 else { return nil }
            return (Character(Unicode.Scalar(scanner.delimiter)), line.fields.count)
        }
        return nil
    }

    /// The first byte that is not white space or part of a UTF-8 byte order mark.
    private static func firstCharacter(of bytes: UnsafeRawBufferPointer) -> UInt8? {
        bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
    }
}
