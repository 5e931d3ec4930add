import ChartGeometry
import ChartRender
import Foundation
import XCTest

/// `l` in the real window under Xvfb: a doubling series, a curve hugging the bottom on a
/// linear axis, becomes a straight line on a log axis over the same x range; the window
/// opened again on the file is still on the log axis (the session), and `l` goes back.
final class LogScaleWindowTests: XCTestCase {
    private let size = PixelSize(width: 900, height: 560)

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    /// How far the line's ink in the plot strays from the straight line through its
    /// first and last inked columns, as a share of the rows it spans (0: straight).
    private func bend(_ image: RGBAImage) -> Double {
        let plot = ChartLayout.explorer.plotRect(in: size)
        let rows: [(Int, Double)] = (plot.x + 10..<plot.x + plot.width - 10).compactMap { x in
            let inked = (plot.y..<plot.y + plot.height).filter { y in
                let p = image[x, y]
                return isSeriesBlue(p) && p.r < 110
            }
            return inked.isEmpty ? nil : (x, Double(inked.reduce(0, +)) / Double(inked.count))
        }
        guard rows.count > plot.width / 2, let first = rows.first, let last = rows.last, first.1 - last.1 > 50 else { return .nan }
        let slope = (last.1 - first.1) / Double(last.0 - first.0)
        let worst = rows.map { abs($0.1 - (first.1 + slope * Double($0.0 - first.0))) }.max()!
        return worst / (first.1 - last.1)
    }

    func testLTogglesTheLogAxisAndTheSessionKeepsIt() throws {
        let file = NSTemporaryDirectory() + "sightline-doubling-\(getpid()).csv"
        defer { unlink(file) }
        try ("x,y\n" + (0..<1000).map { "\($0),\(pow(2, Double($0) / 100))" }.joined(separator: "\n"))
            .write(toFile: file, atomically: true, encoding: .utf8)
        let display = try XvfbDisplay()
        let arguments = [file, "--size", "\(size.width)x\(size.height)", "--initial-range", "1"]
        var app = try display.launchSightline(arguments)
        try display.xdotool(["mousemove", "--window", app.window, "450", "-40"])
        let linear = try screenshot(until: { self.bend($0) > 0.3 }, window: app.window, display: display, name: "log-linear")
        XCTAssertGreaterThan(bend(linear), 0.3, "linear: the doubling curve bends")
        XCTAssertTrue(app.trace.waitUntilStill())
        let range = try XCTUnwrap(app.trace.lastX)

        try display.xdotool(["key", "--window", app.window, "l"])
        XCTAssertTrue(app.trace.wait { $0.lines.contains { $0.hasPrefix("log scale rebuilt") } }, "l rebuilt the chart")
        XCTAssertTrue(app.trace.waitUntilStill())
        let log = try screenshot(until: { self.bend($0) < 0.02 }, window: app.window, display: display, name: "log-log")
        XCTAssertLessThan(bend(log), 0.02, "log: the doubling series is straight")
        XCTAssertEqual(app.trace.lastX, range, "the x range stays")

        _ = try? display.xdotool(["key", "--window", app.window, "q"])
        app.process.waitUntilExit()
        app = try display.launchSightline(arguments)
        try display.xdotool(["mousemove", "--window", app.window, "450", "-40"])
        let reopened = try screenshot(until: { self.bend($0) < 0.02 }, window: app.window, display: display, name: "log-reopened")
        XCTAssertLessThan(bend(reopened), 0.02, "reopened on the log axis")
        try display.xdotool(["key", "--window", app.window, "l"])
        let back = try screenshot(until: { self.bend($0) > 0.3 }, window: app.window, display: display, name: "log-back")
        XCTAssertGreaterThan(bend(back), 0.3, "l again: linear")
        _ = try? display.xdotool(["key", "--window", app.window, "q"])
        app.process.waitUntilExit()
    }
}
