import ChartData
import XCTest

final class DisplayTextTests: XCTestCase {
    func testControlCharactersAreEscapedAndPlainTextKept() {
        XCTAssertEqual(DisplayText.escaped("a\u{1b}[2Jb"), "a\\x1b[2Jb")
        XCTAssertEqual(DisplayText.escaped("t\u{1b}]0;x\u{07}"), "t\\x1b]0;x\\x07")
        XCTAssertEqual(DisplayText.escaped("r\u{202e}l"), "r\\u{202e}l")
        XCTAssertEqual(DisplayText.escaped("line\nnext\ttab\u{7f}\u{9b}"), "line\\nnext\\ttab\\x7f\\x9b")
        XCTAssertEqual(DisplayText.escaped("Температура 気温 ✓"), "Температура 気温 ✓")
    }

    /// The cut counts what is shown: a name of escapes is no longer than a plain one.
    func testTheCutHoldsWhateverTheEscapesAddUp() {
        var rng = SplitMix64(seed: 3)
        let pieces = ["a", "é", "\u{1b}", "\u{202e}", "\n", "気", "\u{0}"]
        for _ in 0..<500 {
            let text = String((0..<Int.random(in: 0...300, using: &rng)).map { _ in
                Character(pieces.randomElement(using: &rng)!)
            })
            let limit = Int.random(in: 1...80, using: &rng)
            let shown = DisplayText.escaped(text, limit: limit)
            XCTAssertLessThanOrEqual(shown.unicodeScalars.count, limit + 1, "\(text.debugDescription) → \(shown)")
            XCTAssertFalse(shown.unicodeScalars.contains { $0.value < 0x20 || (0x202A...0x202E).contains($0.value) })
        }
        XCTAssertEqual(DisplayText.name(String(repeating: "\u{202e}", count: 2_000_000)).count, 8 * 8 + 1)
    }

    func testListingsShowTwentyAndHowManyMore() {
        let names = (0..<100_000).map { "c\($0)" }
        XCTAssertEqual(DisplayText.listing(names), (0..<20).map { "c\($0)" }.joined(separator: ", ") + " and 99980 more")
        XCTAssertEqual(DisplayText.listing(["a", "b"]), "a, b")
    }
}
