/// The small binary encoding of a cache file's header: little-endian integers, doubles
/// by their bits, strings as a length and UTF-8. A reader that runs past the end or
/// finds a value out of range throws `CacheBytes.Malformed`, so a foreign or damaged
/// file is refused rather than trusted.
struct CacheBytes {
    struct Malformed: Error {}

    private(set) var bytes: [UInt8] = []
    private var position = 0

    init() {}

    init(reading bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func put(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func put(_ value: Int) { put(UInt64(bitPattern: Int64(value))) }

    mutating func put(_ value: Double) { put(value.bitPattern) }

    mutating func put(_ value: String) {
        let utf8 = Array(value.utf8)
        put(utf8.count)
        bytes += utf8
    }

    mutating func put(_ value: String?) {
        put(value == nil ? 0 : 1)
        if let value { put(value) }
    }

    mutating func word() throws -> UInt64 {
        guard position + 8 <= bytes.count else { throw Malformed() }
        var value: UInt64 = 0
        for k in 0..<8 { value |= UInt64(bytes[position + k]) << UInt64(8 * k) }
        position += 8
        return value
    }

    /// An integer in `range`.
    mutating func int(in range: ClosedRange<Int> = 0...Int(Int32.max)) throws -> Int {
        let value = Int(Int64(bitPattern: try word()))
        guard range.contains(value) else { throw Malformed() }
        return value
    }

    mutating func double() throws -> Double { Double(bitPattern: try word()) }

    mutating func string() throws -> String {
        let count = try int(in: 0...(bytes.count - position))
        defer { position += count }
        return String(decoding: bytes[position..<position + count], as: UTF8.self)
    }

    mutating func optionalString() throws -> String? {
        try int(in: 0...1) == 1 ? try string() : nil
    }

    /// Whether every byte was read.
    var isAtEnd: Bool { position == bytes.count }

    /// FNV-1a over `bytes`: the header's checksum and the cache file's name.
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
