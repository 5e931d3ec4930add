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

    /// A span's pixels are the distance between its ends' pixels, either way up, and
    /// `span(forPixels:)` undoes `pixels(forSpan:)`.
    func testSpansAndPixelsMatchTheEnds() {
        var rng = SplitMix64(seed: 4)
        for _ in 0..<5000 {
            let lower = Double.random(in: -1e9...1e9, using: &rng)
            let scale = AxisScale(lower: lower, upper: lower + Double.random(in: 1e-6...1e9, using: &rng),
                                  lengthInPixels: Double.random(in: 1...4000, using: &rng),
                                  increasesDownward: rng.next() & 1 == 0)
            let a = scale.value(forPixel: Double.random(in: 0...scale.lengthInPixels, using: &rng))
            let span = (scale.upper - scale.lower) * Double.random(in: 0...1, using: &rng)
            XCTAssertEqual(scale.pixels(forSpan: span), abs(scale.pixel(forValue: a + span) - scale.pixel(forValue: a)), accuracy: 1e-4)
            XCTAssertEqual(scale.span(forPixels: scale.pixels(forSpan: span)), span, accuracy: (scale.upper - scale.lower) * 1e-12)
        }
    }

    /// A zoom about a value keeps it at its pixel, either way up, and gives the span
    /// asked for over the same pixels; a zoom about another value moves it.
    func testAZoomKeepsItsAnchorAtItsPixel() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<5000 {
            let lower = Double.random(in: -1e9...1e9, using: &rng)
            let scale = AxisScale(lower: lower, upper: lower + Double.random(in: 1e-3...1e9, using: &rng),
                                  lengthInPixels: Double.random(in: 1...4000, using: &rng),
                                  increasesDownward: rng.next() & 1 == 0)
            let pixel = Double.random(in: 0...scale.lengthInPixels, using: &rng)
            let anchor = scale.value(forPixel: pixel)
            let span = (scale.upper - scale.lower) * Double.random(in: 0.05...20, using: &rng)
            let zoomed = scale.zoomed(toSpan: span, keeping: anchor)
            XCTAssertEqual(zoomed.pixel(forValue: anchor), scale.pixel(forValue: anchor), accuracy: 1e-3)
            XCTAssertEqual(zoomed.upper - zoomed.lower, span, accuracy: span * 1e-9)
            XCTAssertEqual(zoomed.lengthInPixels, scale.lengthInPixels)
            XCTAssertEqual(zoomed.increasesDownward, scale.increasesDownward)
        }
        // Halving the span about 30 on 0…100 over 100 pixels: 30 stays at pixel 30.
        let halved = AxisScale(lower: 0, upper: 100, lengthInPixels: 100).zoomed(toSpan: 50, keeping: 30)
        XCTAssertEqual(halved.lower, 15)
        XCTAssertEqual(halved.upper, 65)
        // The same, y downward: 30 sits 70 pixels down, and stays there.
        let down = AxisScale(lower: 0, upper: 100, lengthInPixels: 100, increasesDownward: true).zoomed(toSpan: 50, keeping: 30)
        XCTAssertEqual(down.lower, 15, accuracy: 1e-12)
        XCTAssertEqual(down.pixel(forValue: 30), 70, accuracy: 1e-12)
    }

    /// A pan by some pixels shows at each pixel what was that many pixels further on,
    /// either way up, over the same span and pixels.
    func testAShiftShowsWhatWasThatManyPixelsOn() {
        var rng = SplitMix64(seed: 6)
        for _ in 0..<5000 {
            let lower = Double.random(in: -1e9...1e9, using: &rng)
            let scale = AxisScale(lower: lower, upper: lower + Double.random(in: 1e-3...1e9, using: &rng),
                                  lengthInPixels: Double.random(in: 1...4000, using: &rng),
                                  increasesDownward: rng.next() & 1 == 0)
            let pixels = Double.random(in: -scale.lengthInPixels...scale.lengthInPixels, using: &rng)
            let pixel = Double.random(in: 0...scale.lengthInPixels, using: &rng)
            let shifted = scale.shifted(byPixels: pixels)
            let span = scale.upper - scale.lower
            XCTAssertEqual(shifted.value(forPixel: pixel), scale.value(forPixel: pixel + pixels),
                           accuracy: span * 1e-9 + abs(scale.lower) * 1e-15)
            XCTAssertEqual(shifted.upper - shifted.lower, span, accuracy: span * 1e-9 + abs(scale.lower) * 1e-15)
        }
        XCTAssertEqual(AxisScale(lower: 0, upper: 100, lengthInPixels: 200).shifted(byPixels: 50).lower, 25)
        XCTAssertEqual(AxisScale(lower: 0, upper: 100, lengthInPixels: 200, increasesDownward: true).shifted(byPixels: 50).lower, -25)
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
