import ChartData

/// Reads `FORMAT RowBinary`: the columns of each row one after another, little-endian,
/// with no header. Sightline asks only for the types below and casts every value to one
/// of them in its SQL, so the layout of each column is known in advance.
struct ClickHouseRowBinary {
    private let bytes: [UInt8]
    private(set) var offset = 0
    /// What messages call the server.
    let source: String

    init(_ bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    var atEnd: Bool { offset >= bytes.count }

    mutating func float64() throws -> Double { Double(bitPattern: try fixed(8)) }

    mutating func uint64() throws -> UInt64 { try fixed(8) }

    mutating func uint32() throws -> UInt32 { UInt32(truncatingIfNeeded: try fixed(4)) }

    mutating func uint8() throws -> UInt8 { UInt8(truncatingIfNeeded: try fixed(1)) }

    /// A `String`: its length as a LEB128 varint, then its bytes.
    mutating func string() throws -> String {
        var length = 0, shift = 0
        while true {
            let byte = try uint8()
            length |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
            guard shift < 63 else { throw malformed("a string's length runs on") }
        }
        guard length <= bytes.count - offset else { throw malformed("a string runs past the answer") }
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    /// `count` bytes as a little-endian unsigned integer.
    private mutating func fixed(_ count: Int) throws -> UInt64 {
        guard count <= bytes.count - offset else {
            throw malformed("the answer ends \(bytes.count - offset) bytes into a value of \(count)")
        }
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(bytes[offset + index]) << (8 * index) }
        offset += count
        return value
    }

    private func malformed(_ what: String) -> DataLoadError {
        .unreachable(source: source, reason: "ClickHouse's binary answer did not parse: \(what)")
    }
}
