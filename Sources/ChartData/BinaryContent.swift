#if canImport(Glibc)
import Glibc
#endif

/// What a file that is not text is, told from its first bytes, so that a gzip file or a
/// picture is refused in words instead of read as a one-column CSV.
///
/// Known signatures are named (compressed files and archives, spreadsheets, images,
/// programs, PDF, UTF-32 text); anything else with a NUL byte in its first
/// `textCheckBytes` is binary, since text never holds one. UTF-16 text (with a byte
/// order mark, or ASCII beside NULs) is text: the reader transcodes it.
enum BinaryContent: Equatable {
    case gzip
    case bzip2
    case xz
    case zstd
    case zip
    /// A zip archive that is an Excel workbook (`.xlsx`) or an OpenDocument spreadsheet
    /// (`.ods`): `name` says which.
    case spreadsheet(name: String)
    /// An OLE2 compound file: an Excel 97–2003 workbook (`.xls`), or another old Office
    /// document.
    case oldOffice
    /// A tar archive (as a `.tar.gz` inflates to).
    case tar
    case png
    case gif
    case jpeg
    case pdf
    case elf
    /// UTF-32 text with a byte order mark.
    case utf32
    /// Something else with a NUL byte at `offset` (from 0) on line `line` (from 1).
    case nul(offset: Int, line: Int)

    /// The bytes at the start checked for NUL.
    static let textCheckBytes = 65_536

    /// What `bytes` (a file's start, at least) is when it is not text; `nil` for text.
    /// - Complexity: O(`textCheckBytes`) with memchr.
    static func identify(_ bytes: UnsafeRawBufferPointer) -> BinaryContent? {
        func starts(with signature: [UInt8]) -> Bool {
            bytes.count >= signature.count && Swift.zip(bytes, signature).allSatisfy { $0 == $1 }
        }
        if starts(with: [0x1F, 0x8B]) { return .gzip }
        if starts(with: Array("BZh".utf8)) && bytes.count > 3 && (0x31...0x39).contains(bytes[3]) { return .bzip2 }
        if starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
        if starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return .zstd }
        if starts(with: [0x50, 0x4B, 0x03, 0x04]) { return spreadsheetName(bytes).map { .spreadsheet(name: $0) } ?? .zip }
        if starts(with: [0x50, 0x4B, 0x05, 0x06]) { return .zip }
        if starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) { return .oldOffice }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) { return .gif }
        if starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(with: Array("%PDF-".utf8)) { return .pdf }
        if starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return .elf }
        if starts(with: [0xFF, 0xFE, 0x00, 0x00]) || starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return .utf32 }
        // UTF-16 is text, transcoded by `DatasetReader` before it is parsed.
        if UTF16Text.byteOrder(of: bytes) != nil { return nil }
        guard let base = bytes.baseAddress,
              let hit = memchr(base, 0, min(bytes.count, textCheckBytes)) else { return nil }
        let offset = base.distance(to: UnsafeRawPointer(hit))
        // POSIX tar: "ustar" at 257 in the first header block.
        if bytes.count >= 262, Array(bytes[257..<262]) == Array("ustar".utf8) { return .tar }
        var line = 1
        for k in 0..<offset where bytes[k] == 0x0A { line += 1 }
        return .nul(offset: offset, line: line)
    }

    /// The name of the spreadsheet a zip archive holds, told from the names of its first
    /// entries: "an Excel workbook (.xlsx)" or "an OpenDocument spreadsheet (.ods)".
    private static func spreadsheetName(_ bytes: UnsafeRawBufferPointer) -> String? {
        let start = UnsafeRawBufferPointer(rebasing: bytes.prefix(textCheckBytes))
        func holds(_ text: String) -> Bool {
            let needle = Array(text.utf8)
            var from = 0
            // memchr to each candidate first byte (glibc's module leaves memmem out).
            while from + needle.count <= start.count,
                  let hit = memchr(start.baseAddress! + from, Int32(needle[0]), start.count - from) {
                let at = start.baseAddress!.distance(to: UnsafeRawPointer(hit))
                if at + needle.count <= start.count, start[at..<(at + needle.count)].elementsEqual(needle) { return true }
                from = at + 1
            }
            return false
        }
        if holds("xl/workbook") || holds("xl/_rels") { return "an Excel workbook (.xlsx)" }
        if holds("application/vnd.oasis.opendocument.spreadsheet") { return "an OpenDocument spreadsheet (.ods)" }
        return nil
    }

    /// What `bytes` is when the reader cannot read it: `identify`'s answer, unless one
    /// of `options.inflaters` inflates it (gzip, where the file source adds it).
    static func refusal(_ bytes: UnsafeRawBufferPointer, options: LoadOptions) -> BinaryContent? {
        guard let binary = identify(bytes) else { return nil }
        return options.inflaters.inflater(for: bytes) == nil ? binary : nil
    }

    /// What to tell the person who gave the file: what it is, and what to do.
    /// - Parameter path: the path given (`-` for standard input), for the command to run.
    func explanation(path: String) -> String {
        let file = path == "-" ? "" : " " + DisplayText.shellWord(path)
        switch self {
        case .gzip:
            return path == "-" ? "a gzip file: decompress it first (pipe it through gunzip -c)"
                               : "a gzip file: decompress it first (gunzip\(file))"
        case .bzip2:
            return path == "-" ? "a bzip2 file: decompress it first (pipe it through bunzip2 -c)"
                               : "a bzip2 file: decompress it first (bunzip2 -k\(file))"
        case .xz:
            return path == "-" ? "an xz file: decompress it first (pipe it through xz -dc)"
                               : "an xz file: decompress it first (xz -dk\(file))"
        case .zstd:
            return path == "-" ? "a zstd file: decompress it first (pipe it through zstd -dc)"
                               : "a zstd file: decompress it first (zstd -d\(file))"
        case .zip: return "a zip archive: take the CSV or JSON file out of it first (unzip\(file))"
        case let .spreadsheet(name): return "\(name), not CSV: save the sheet as CSV first"
        case .oldOffice:
            return "an Excel 97–2003 workbook (.xls) or another old Office document, not CSV: save the sheet as CSV first"
        case .tar: return "a tar archive: take the CSV or JSON file out of it first"
        case .png: return "a PNG image, not CSV or JSON data"
        case .gif: return "a GIF image, not CSV or JSON data"
        case .jpeg: return "a JPEG image, not CSV or JSON data"
        case .pdf: return "a PDF document, not CSV or JSON data"
        case .elf: return "an ELF executable (a program), not CSV or JSON data"
        case .utf32: return "UTF-32 text: save it as UTF-8"
        case let .nul(offset, line):
            return "binary (a NUL byte at offset \(offset), on line \(line)), not CSV or JSON text"
        }
    }
}
