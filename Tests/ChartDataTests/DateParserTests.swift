@testable import ChartData
import Foundation
import XCTest

final class DateParserTests: XCTestCase {
    private func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { DateParser.parse($0, from: 0, to: bytes.count) }
    }

    /// Every date from 1600 to 2400, written by Foundation, reads back to the same instant.
    func testAgreesWithFoundationOverFourCenturies() {
        var rng = SplitMix64(seed: 4)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        for _ in 0..<20_000 {
            let seconds = Double(Int64.random(in: -11_676_096_000...13_569_465_600, using: &rng))
            let text = formatter.string(from: Date(timeIntervalSince1970: seconds))
            XCTAssertEqual(parse(text), seconds, text)
        }
    }

    /// `hasZone` agrees with what `parse` made of each form: shifted by a zone or not.
    func testHasZoneTellsEveryFormParseReads() {
        for (text, zoned) in [("2020-01-31", false), ("2020-01-31T10:30", false), ("2020-01-31 10:30:15", false),
                              ("2020-01-31T10:30:15.250", false), (" 2020-01-31T10:30 ", false),
                              ("2020-01-31T10:30Z", true), ("2020-01-31T10:30:15.5Z", true), ("2020-01-31T10:30+01:00", true),
                              ("2020-01-31T10:30-0500", true), ("2020-01-31 10:30:15.123456-05:00 ", true)] {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBytes { buffer in
                XCTAssertNotNil(DateParser.parse(buffer, from: 0, to: buffer.count), text)
                XCTAssertEqual(DateParser.hasZone(buffer, from: 0, to: buffer.count), zoned, text)
            }
        }
    }

    func testRejectsWhatIsNotADate() {
        for bad in ["2020-13-01", "2020-02-30", "2021-02-29", "20-01-01", "2020-01-01T25:00", "2020-01-01T10",
                    "2020-01-01X10:00", "2020-01-01T10:00:00+5", "1600000000", ""] {
            XCTAssertNil(parse(bad), bad)
        }
        XCTAssertNotNil(parse("2020-02-29"), "a leap day")
        XCTAssertEqual(parse("1969-12-31T23:59:59Z"), -1)
    }
}
