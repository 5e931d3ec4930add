@testable import ChartData
import Foundation
import XCTest

final class DecimalParserTests: XCTestCase {
    private func parse(_ text: String) -> DecimalParser.Result {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { DecimalParser.parse($0, from: 0, to: bytes.count) }
    }

    func testForms() {
        XCTAssertEqual(parse("42"), .number(42))
        XCTAssertEqual(parse(" -3.25 "), .number(-3.25))
        XCTAssertEqual(parse("+.5"), .number(0.5))
        XCTAssertEqual(parse("1e3"), .number(1000))
        XCTAssertEqual(parse("1.5E-2"), .number(0.015))
        XCTAssertEqual(parse("1600000000000"), .number(1.6e12))
        XCTAssertEqual(parse(""), .missing)
        XCTAssertEqual(parse("-Infinity"), .number(-.infinity))
        for bad in ["abc", "1.2.3", ".", "1e", "12a", "--1", "2024-01-01"] {
            XCTAssertEqual(parse(bad), .invalid, bad)
        }
    }

    /// The words for "no value" are told apart from numbers and from other text: whole,
    /// in any case, with spaces around; `nan` also signed, as C prints it.
    func testMissingValueWords() {
        for word in ["null", "NULL", "Null", "NA", "na", "N/A", "n/a", "#N/A", "#n/a", "-", "nan", "NaN", "-nan", " NA ", "\tnull"] {
            XCTAssertEqual(parse(word), .missingWord, word.debugDescription)
        }
        for bad in ["nul", "nulls", "-na", "+null", "N\u{0F}A", "#NA", "#N/A!", "-1-", "- 1", "+", "n", "none", "NA NA"] {
            XCTAssertNotEqual(parse(bad), .missingWord, bad.debugDescription)
        }
        XCTAssertEqual(parse("-1"), .number(-1))
        XCTAssertEqual(parse("   "), .missing)
    }

    /// Every number printed by Swift reads back as the same Double (fast and slow paths).
    func testRoundTripsAgainstTheStandardLibrary() {
        var rng = SplitMix64(seed: 5)
        for i in 0..<50_000 {
            let value: Double
            switch i % 4 {
            case 0: value = Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF) * (rng.next() & 1 == 0 ? 1 : -1)
            case 1: value = Double(Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &rng)) / 1_000_000
            case 2: value = Double.random(in: -1e6...1e6, using: &rng)
            default: value = Double(Int.random(in: -100_000...100_000, using: &rng)) / 100
            }
            let text = i % 8 < 4 ? "\(value)" : String(format: "%.6f", value)
            guard case let .number(parsed) = parse(text) else { return XCTFail("\(text) did not parse") }
            XCTAssertEqual(parsed, Double(text)!, text)
        }
    }

    private func parseWithComma(_ text: String) -> DecimalParser.Result {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { DecimalParser.parse($0, from: 0, to: bytes.count, decimalComma: true) }
    }

    func testDecimalCommaWhereAllowed() {
        XCTAssertEqual(parseWithComma("1,5"), .number(1.5))
        XCTAssertEqual(parseWithComma("-0,25e2"), .number(-25))
        XCTAssertEqual(parseWithComma("1.5"), .number(1.5))
        XCTAssertEqual(parseWithComma("0,12345678901234567890123"), .number(0.12345678901234567890123))
        XCTAssertEqual(parseWithComma("1,234,5"), .invalid, "no thousands separators")
        XCTAssertEqual(parseWithComma("2024-01-01"), .invalid)
        XCTAssertEqual(parse("1,5"), .invalid, "not without decimalComma")
    }

    func testNumbersBeyondADoubleAreOutOfRange() {
        XCTAssertEqual(parse("1e999"), .outOfRange)
        XCTAssertEqual(parse("-1.5e400"), .outOfRange)
        XCTAssertEqual(parse(String(repeating: "9", count: 400)), .outOfRange)
        XCTAssertEqual(parse("1e-999"), .number(0), "underflow is zero, not an error")
        XCTAssertEqual(parse("inf"), .number(.infinity), "a word, which the loaders reject as not finite")
    }
}
