#if canImport(Glibc)
import Glibc
#endif

/// What a file that is not text is, told from its first bytes, so that a gzip file or a
/// picture is refused in words instead of read as a one-column CSV.
///
/// Known signatures are named (compressed files and archives, images, programs, PDF,
/// UTF-16 and UTF-32 text); anything else with a NUL byte in its first
/// `textCheckBytes` is binary, since text never holds one.
enum BinaryContent: Equatable {
    case gzip
    case zip
    case png
    case jpeg
    case pdf
    case elf
    /// UTF-16 text, with a byte order mark or (`marked` false) ASCII between NULs.
    case utf16(marked: Bool)
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
        if starts(with: [0x50, 0x4B, 0x03, 0x04]) || starts(with: [0x50, 0x4B, 0x05, 0x06]) { return .zip }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(with: Array("%PDF-".utf8)) { return .pdf }
        if starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return .elf }
        if starts(with: [0xFF, 0xFE, 0x00, 0x00]) || starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return .utf32 }
        if starts(with: [0xFF, 0xFE]) || starts(with: [0xFE, 0xFF]) { return .utf16(marked: true) }
        guard let base = bytes.baseAddress,
              let hit = memchr(base, 0, min(bytes.count, textCheckBytes)) else { return nil }
        let offset = base.distance(to: UnsafeRawPointer(hit))
        if looksLikeUnmarkedUTF16(bytes) { return .utf16(marked: false) }
        var line = 1
        for k in 0..<offset where bytes[k] == 0x0A { line += 1 }
        return .nul(offset: offset, line: line)
    }

    /// Whether the first 16 bytes are ASCII characters each beside a NUL (little or big
    /// endian), as a UTF-16 file saved without a byte order mark starts.
    private static func looksLikeUnmarkedUTF16(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 16 else { return false }
        for zeroFirst in [false, true] {
            let pairs = stride(from: 0, to: 16, by: 2).map { (bytes[$0], bytes[$0 + 1]) }
            if pairs.allSatisfy({ pair in
                let (character, zero) = zeroFirst ? (pair.1, pair.0) : pair
                return zero == 0 && character != 0 && character < 0x80
            }) { return true }
        }
        return false
    }

    /// What to tell the person who gave the file: what it is, and what to do.
    /// - Parameter path: the path given (`-` for standard input), for the command to run.
    func explanation(path: String) -> String {
        let file = path == "-" ? "" : " " + DisplayText.shellWord(path)
        switch self {
        case .gzip:
            return path == "-" ? "a gzip file: decompress it first (pipe it through gunzip -c)"
                               : "a gzip file: decompress it first (gunzip\(file))"
        case .zip: return "a zip archive: take the CSV or JSON file out of it first (unzip\(file))"
        case .png: return "a PNG image, not CSV or JSON data"
        case .jpeg: return "a JPEG image, not CSV or JSON data"
        case .pdf: return "a PDF document, not CSV or JSON data"
        case .elf: return "an ELF executable (a program), not CSV or JSON data"
        case .utf16(true): return "UTF-16 text: save it as UTF-8"
        case .utf16(false): return "UTF-16 text (without a byte order mark): save it as UTF-8"
        case .utf32: return "UTF-32 text: save it as UTF-8"
        case let .nul(offset, line):
            return "binary (a NUL byte at offset \(offset), on line \(line)), not CSV or JSON text"
        }
    }
}
