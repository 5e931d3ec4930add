import ChartData
import ChartGeometry
import ChartStage
import XCTest

final class ReadableColourTests: XCTestCase {
    /// Telegram's yellow on the day board is darkened until it reads; a colour that
    /// reads is left alone; text on a filled label is black or white, whichever reads.
    func testSeriesColoursAreMadeReadableOnTheBoard() throws {
        let yellow = try XCTUnwrap(RGBAColor(hex: "#F5BD25"))
        let board = ChartTheme.day.panel
        XCTAssertLessThan(yellow.contrast(with: board), 3, "the yellow does not read on white")
        let readable = yellow.readable(on: board)
        XCTAssertGreaterThanOrEqual(readable.contrast(with: board), 3)
        XCTAssertLessThan(readable.contrast(with: board), 3.2, "darkened no more than it takes")
        XCTAssertGreaterThan(readable.red, readable.blue, "still a yellow")
        let blue = RGBAColor.palette[0]
        XCTAssertEqual(blue.readable(on: board), blue)
        XCTAssertEqual(yellow.textColor, .black)
        XCTAssertEqual(RGBAColor(red: 0.1, green: 0.2, blue: 0.5).textColor, .white)
        var rng = SplitMix64(seed: 4)
        for _ in 0..<2000 {
            let colour = RGBAColor(red: Float.random(in: 0...1, using: &rng), green: Float.random(in: 0...1, using: &rng),
                                   blue: Float.random(in: 0...1, using: &rng))
            for background in [ChartTheme.day.panel, ChartTheme.night.panel] {
                XCTAssertGreaterThanOrEqual(colour.readable(on: background).contrast(with: background), 2.999)
            }
        }
    }
}
