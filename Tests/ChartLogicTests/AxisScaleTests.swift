import ChartData
import ChartGeometry
import XCTest

final class AxisScaleTests: XCTestCase {
    func testPixelAndValueAreInverse() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<5000 {
            let lower = Double.random(in: -1e9...1e9, using: &rng)
            let scale = AxisScale(lower: lower, upper: lower + Double.random(in: 1e-6...1e9, using: &rng),
                                  lengthInPixels: Double.random(in: 1...4000, using: &rng),
                                  increasesDownward: rng.next() & 1 == 0)
            let pixel = Double.random(in: 0...scale.lengthInPixels, using: &rng)
            XCTAssertEqual(scale.pixel(forValue: scale.value(forPixel: pixel)), pixel, accuracy: 1e-4)
        }
    }

    func testEndsAndDirection() {
        let up = AxisScale(lower: 10, upper: 20, lengthInPixels: 100)
        XCTAssertEqual(up.pixel(forValue: 10), 0)
        XCTAssertEqual(up.pixel(forValue: 20), 100)
        let down = AxisScale(lower: 10, upper: 20, lengthInPixels: 100, increasesDownward: true)
        XCTAssertEqual(down.pixel(forValue: 20), 0)
        XCTAssertEqual(down.pixel(forValue: 12.5), 75)
    }

    func testSizeAndColourParsing() {
        XCTAssertEqual(PixelSize(parsing: "1280x720"), PixelSize(width: 1280, height: 720))
        XCTAssertNil(PixelSize(parsing: "0x10"))
        XCTAssertNil(PixelSize(parsing: "12x"))
        XCTAssertEqual(RGBAColor(hex: "#FF8000"), RGBAColor(red: 1, green: 128 / 255, blue: 0))
        XCTAssertNil(RGBAColor(hex: "#12345"))
    }

    func testStandardLayoutLeavesRoomAndPlainFillsAll() {
        let size = PixelSize(width: 800, height: 600)
        XCTAssertEqual(ChartLayout.plain.plotRect(in: size), PixelRect(size: size))
        let plot = ChartLayout.standard.plotRect(in: size, scale: 2)
        XCTAssertGreaterThan(plot.x, 0)
        XCTAssertLessThan(plot.x + plot.width, 800)
        XCTAssertLessThan(plot.y + plot.height, 600)
    }
}
