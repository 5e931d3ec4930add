extension String {
    /// The characters Windows-1252 puts at 0x80…0x9F (where Latin-1 has control codes);
    /// the five it leaves undefined keep their code, as the WHATWG encoding standard reads them.
    private static let windows1252High: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// A name as a file holds it: UTF-8 when the bytes are valid UTF-8, else read as
    /// Windows-1252 (Latin-1 with curly quotes and the euro sign), as spreadsheets on
    /// Windows save CSV, so `Temp (\xB0C)` is "Temp (°C)" rather than "Temp (�C)".
    /// - Complexity: O(bytes).
    init<Bytes: Collection>(nameBytes bytes: Bytes) where Bytes.Element == UInt8 {
        if let text = String(validating: bytes, as: UTF8.self) {
            self = text
            return
        }
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let code = (0x80..<0xA0).contains(byte) ? UInt32(Self.windows1252High[Int(byte - 0x80)]) : UInt32(byte)
            scalars.append(Unicode.Scalar(code)!)
        }
        self = String(scalars)
    }
}
