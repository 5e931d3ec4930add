import ChartRender
import Foundation
import XCTest

/// The real app in a real X window (Xvfb), driven by xdotool, checked on screenshots.
final class WindowTests: XCTestCase {
    private let artifacts = NSTemporaryDirectory() + "sightline-e2e"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    /// Whether a pixel has the first series' blue (#3D7DD8) rather than the white plot
    /// or the grey margins; antialiased edges count when they lean clearly blue.
    private func isSeriesBlue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        Int(p.b) - Int(p.r) > 60 && Int(p.b) - Int(p.g) > 30
    }

    /// For each column, the mean row of the blue line's pixels (nil where none).
    private func lineProfile(_ image: RGBAImage) -> [Double?] {
        (0..<image.width).map { x in
            var sum = 0
            var count = 0
            for y in 0..<image.height where isSeriesBlue(image[x, y]) {
                sum += y
                count += 1
            }
            return count > 0 ? Double(sum) / Double(count) : nil
        }
    }

    /// The horizontal shift that best maps `before`'s line onto `after`'s.
    private func bestShift(from before: [Double?], to after: [Double?], range: ClosedRange<Int>) -> Int {
        var best = (shift: 0, error: Double.infinity)
        for shift in range {
            var error = 0.0
            var compared = 0
            for x in before.indices {
                let moved = x + shift
                guard after.indices.contains(moved), let a = before[x], let b = after[moved] else { continue }
                error += abs(a - b)
                compared += 1
            }
            guard compared > 200 else { continue }
            let mean = error / Double(compared)
            if mean < best.error { best = (shift, mean) }
        }
        return best.shift
    }

    func testOpensTheSampleAndADragMovesTheLineTheSameWay() throws {
        let display = try XvfbDisplay()
        let app = try ProcessRunner.start(ProcessRunner.sightline, ["Resources/sample.csv", "--size", "900x500"],
                                          environment: display.environment)
        defer {
            app.terminate()
            app.waitUntilExit()
        }
        let window = try display.waitForWindow(titled: "Sightline")
        usleep(500_000)

        let first = try display.screenshot(window: window, savingTo: artifacts + "/window-opened.png")
        XCTAssertEqual(first.width, 900)
        XCTAssertEqual(first.height, 500)
        let bluePixels = (0..<first.height).reduce(0) { total, y in
            total + (0..<first.width).filter { isSeriesBlue(first[$0, y]) }.count
        }
        XCTAssertGreaterThan(bluePixels, 2000, "the first series is drawn")
        let before = lineProfile(first)
        XCTAssertGreaterThan(before.compactMap { $0 }.count, 700, "the line spans the plot")

        try display.drag(window: window, from: (300, 250), to: (420, 250))
        var after = first
        let deadline = Date().addingTimeInterval(10)
        repeat {
            usleep(200_000)
            after = try display.screenshot(window: window, savingTo: artifacts + "/window-dragged.png")
        } while after == first && Date() < deadline
        XCTAssertNotEqual(after, first, "the drag redrew the window")
        let shift = bestShift(from: before, to: lineProfile(after), range: -300...300)
        XCTAssertEqual(shift, 120, accuracy: 4, "the line follows a 120 px drag to the right")
    }
}
