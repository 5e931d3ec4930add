/// UTF-16 text, as a spreadsheet's "Unicode text" export writes it (UTF-16LE with a byte
/// order mark, tab-separated, CRLF), transcoded to UTF-8 before it is parsed, so the
/// loaders read one encoding. Line ends stay where they were, so a message's line number
/// is the file's.
enum UTF16Text {
    enum ByteOrder: Equatable {
        case littleEndian
        case bigEndian
    }

    /// The code units read per step: the output is reserved for them at once.
    private static let unitsPerStep = 1 << 16

    /// The byte order of `bytes` when they are UTF-16 text, and the length of its byte
    /// order mark: a mark (`FF FE` little endian, `FE FF` big endian; not `FF FE 00 00`,
    /// which marks UTF-32), or, without one, ASCII characters beside NULs at the start
    /// (`unmarkedOrder`). `nil` for anything else.
    /// - Complexity: O(1).
    static func byteOrder(of bytes: UnsafeRawBufferPointer) -> (order: ByteOrder, markLength: Int)? {
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xFE, bytes[2] == 0, bytes[3] == 0 { return nil }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return (.littleEndian, 2) }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return (.bigEndian, 2) }
        return unmarkedOrder(bytes).map { ($0, 0) }
    }

    /// The byte order when the first 16 bytes are ASCII characters each beside a NUL
    /// (the NUL second: little endian), as a UTF-16 file saved without a byte order mark
    /// starts; `nil` otherwise.
    private static func unmarkedOrder(_ bytes: UnsafeRawBufferPointer) -> ByteOrder? {
        guard bytes.count >= 16 else { return nil }
        for zeroFirst in [false, true] {
            let pairs = stride(from: 0, to: 16, by: 2).map { (bytes[$0], bytes[$0 + 1]) }
            if pairs.allSatisfy({ pair in
                let (character, zero) = zeroFirst ? (pair.1, pair.0) : pair
                return zero == 0 && character != 0 && character < 0x80
            }) { return zeroFirst ? .bigEndian : .littleEndian }
        }
        return nil
    }

    /// `bytes` (UTF-16 in `order`, past a mark of `markLength` bytes) as UTF-8, without
    /// the mark. An unpaired surrogate, or an odd last byte, becomes U+FFFD.
    /// - Parameters:
    ///   - source: the file, named when the UTF-8 does not fit the memory budget.
    ///   - tracker: told of each stretch of `bytes` transcoded (progress, and a mapped
    ///     file's pages dropped).
    /// - Throws: `DataLoadError.tooLarge`.
    /// - Complexity: O(bytes).
    static func transcode(_ bytes: UnsafeRawBufferPointer, order: ByteOrder, markLength: Int, source: String,
                          options: LoadOptions, tracker: ReadTracker?) throws -> GrowingBuffer {
        // Mostly ASCII in data files: a byte of UTF-8 for two of UTF-16.
        let output = try GrowingBuffer(capacity: bytes.count / 2 + 4_096, work: "converting it from UTF-16",
                                       source: source, options: options)
        let units = (bytes.count - markLength) / 2
        let high = order == .bigEndian ? 0 : 1
        func unit(_ k: Int) -> UInt32 {
            let at = markLength + 2 * k
            return UInt32(bytes[at + high]) << 8 | UInt32(bytes[at + 1 - high])
        }
        var k = 0
        var reported = 0
        while k < units {
            let end = min(units, k + unitsPerStep)
            // Three bytes of UTF-8 a unit at most (a surrogate pair: four for two).
            let room = try output.freeSpace(atLeast: 3 * (end - k) + 4)
            var written = 0
            func put(_ byte: UInt32) {
                room[written] = UInt8(truncatingIfNeeded: byte)
                written += 1
            }
            while k < end {
                var scalar = unit(k)
                k += 1
                if scalar >= 0xD800 && scalar < 0xDC00, k < units, case let low = unit(k), low >= 0xDC00 && low < 0xE000 {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    k += 1
                } else if scalar >= 0xD800 && scalar < 0xE000 {
                    scalar = 0xFFFD
                }
                if scalar < 0x80 {
                    put(scalar)
                } else if scalar < 0x800 {
                    put(0xC0 | scalar >> 6)
                    put(0x80 | scalar & 0x3F)
                } else if scalar < 0x10000 {
                    put(0xE0 | scalar >> 12)
                    put(0x80 | scalar >> 6 & 0x3F)
                    put(0x80 | scalar & 0x3F)
                } else {
                    put(0xF0 | scalar >> 18)
                    put(0x80 | scalar >> 12 & 0x3F)
                    put(0x80 | scalar >> 6 & 0x3F)
                    put(0x80 | scalar & 0x3F)
                }
            }
            output.commit(written)
            tracker?.finished(reported..<markLength + 2 * k)
            reported = markLength + 2 * k
        }
        if (bytes.count - markLength) % 2 == 1 {
            let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
            try replacement.withUnsafeBytes { try output.append($0) }
        }
        tracker?.finished(reported..<bytes.count)
        return output
    }
}
