/// A parsed JSON value that remembers where it started, so a loader can say which line
/// and column of the file a problem is at.
indirect enum JSONValue {
    case object([(key: String, value: JSONValue)], offset: Int)
    case array([JSONValue], offset: Int)
    case string(String, offset: Int)
    case number(Double, offset: Int)
    case bool(Bool, offset: Int)
    case null(offset: Int)

    /// The byte offset of the value's first character.
    var offset: Int {
        switch self {
        case let .object(_, offset), let .array(_, offset), let .string(_, offset),
             let .number(_, offset), let .bool(_, offset), let .null(offset):
            return offset
        }
    }

    /// The member named `key` of an object; `nil` for other values or a missing key.
    subscript(key: String) -> JSONValue? {
        guard case let .object(members, _) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// A strict JSON parser (RFC 8259) over bytes, with a nesting limit so hostile input
/// cannot exhaust the stack.
struct JSONParser {
    /// A syntax error at a byte offset.
    struct SyntaxError: Error {
        var offset: Int
        var expected: String
        /// What was found, when more than the byte at `offset` tells it.
        var found: String?
    }

    private let bytes: UnsafeRawBufferPointer
    private var i = 0
    private var depth = 0
    static let maximumDepth = 64

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
    }

    /// Parses the whole input as one value.
    mutating func parseDocument() throws -> JSONValue {
        let value = try parseValue()
        skipSpace()
        guard i == bytes.count else { throw SyntaxError(offset: i, expected: "the end of the file") }
        return value
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func parseValue() throws -> JSONValue {
        skipSpace()
        guard i < bytes.count else { throw SyntaxError(offset: i, expected: "a value") }
        let start = i
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString(), offset: start)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true, offset: start)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false, offset: start)
        case UInt8(ascii: "n"): try literal("null"); return .null(offset: start)
        default: return .number(try parseNumber(), offset: start)
        }
    }

    private mutating func nest() throws {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw SyntaxError(offset: i, expected: "at most \(Self.maximumDepth) nested arrays and objects")
        }
    }

    private mutating func parseObject() throws -> JSONValue {
        let start = i
        try nest()
        defer { depth -= 1 }
        i += 1
        var members: [(key: String, value: JSONValue)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(members, offset: start)
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw SyntaxError(offset: i, expected: "a quoted key") }
            let key = try parseString()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw SyntaxError(offset: i, expected: "':'") }
            i += 1
            members.append((key, try parseValue()))
            skipSpace()
            guard i < bytes.count else { throw SyntaxError(offset: i, expected: "',' or '}'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members, offset: start) }
            throw SyntaxError(offset: i, expected: "',' or '}'")
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        let start = i
        try nest()
        defer { depth -= 1 }
        i += 1
        var elements: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(elements, offset: start)
        }
        while true {
            elements.append(try parseValue())
            skipSpace()
            guard i < bytes.count else { throw SyntaxError(offset: i, expected: "',' or ']'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements, offset: start) }
            throw SyntaxError(offset: i, expected: "',' or ']'")
        }
    }

    private mutating func parseString() throws -> String {
        i += 1
        var scalars: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            if b < 0x20 { throw SyntaxError(offset: i, expected: "a closing quote (control characters must be escaped)") }
            if b == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(bytes[i])
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "u"):
                    guard i + 4 < bytes.count, let code = UInt32(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[i + 1...i + 4]), as: UTF8.self), radix: 16) else {
                        throw SyntaxError(offset: i, expected: "four hex digits after \\u")
                    }
                    // Surrogate halves cannot stand alone in a String: replace them.
                    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                    scalars.append(contentsOf: Array(String(scalar).utf8))
                    i += 4
                default:
                    throw SyntaxError(offset: i, expected: "an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u)")
                }
                i += 1
                continue
            }
            scalars.append(b)
            i += 1
        }
        throw SyntaxError(offset: i, expected: "a closing quote")
    }

    private mutating func parseNumber() throws -> Double {
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            guard (b &- 0x30) < 10 || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
                    || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") else { break }
            i += 1
        }
        switch i > start ? DecimalParser.parse(bytes, from: start, to: i) : .invalid {
        case let .number(value) where value.isFinite:
            return value
        case .outOfRange:
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            throw SyntaxError(offset: start, expected: "a number within ±1.8e308",
                              found: "\(DisplayText.escaped(text)) (number out of range)")
        default:
            throw SyntaxError(offset: start, expected: "a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func literal(_ word: String) throws {
        for expected in word.utf8 {
            guard i < bytes.count, bytes[i] == expected else { throw SyntaxError(offset: i, expected: "'\(word)'") }
            i += 1
        }
    }
}
