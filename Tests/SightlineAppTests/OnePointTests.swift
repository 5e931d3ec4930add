import ChartGeometry
import ChartRender
import Foundation
import XCTest

/// A file of one row is data: `describe` reads it, and `render` and the window draw its
/// point as a dot in the middle of the plot, with its value label.
final class OnePointTests: ScratchFolderTestCase {
    private let csv = "Date,Close\n2023-01-03,125.07\n"

    /// Solid series blue (#3D7DD8 drawn opaque), not the value label's fainter guide.
    private func isDotBlue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        abs(Int(p.r) - 0x3D) < 24 && abs(Int(p.g) - 0x7D) < 24 && abs(Int(p.b) - 0xD8) < 24
    }

    /// The dot's solid pixels within `radius` of `centre`, and those farther out in the plot.
    private func dotPixels(_ image: RGBAImage, plot: PixelRect, centre: (x: Int, y: Int), radius: Int) -> (near: Int, far: Int) {
        var near = 0, far = 0
        for y in plot.y..<plot.y + plot.height {
            for x in plot.x..<plot.x + plot.width where isDotBlue(image[x, y]) {
                if abs(x - centre.x) <= radius && abs(y - centre.y) <= radius { near += 1 } else { far += 1 }
            }
        }
        return (near, far)
    }

    func testRenderDrawsOneRowAsADotWithItsLabel() throws {
        let path = try write(csv, to: "one.csv")
        let out = "\(folder)/one.png"
        let size = PixelSize(width: 640, height: 360)
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--out", out, "--size", "640x360"])
        XCTAssertEqual(result.status, 0, result.error)
        let image = try PNGFile.read(from: out)
        let plot = ChartLayout.standard.plotRect(in: size)
        let centre = (x: plot.x + plot.width / 2, y: plot.y + plot.height / 2)
        let dot = dotPixels(image, plot: plot, centre: centre, radius: 6)
        XCTAssertGreaterThanOrEqual(dot.near, 9, "a dot of a few pixels across in the middle of the plot")
        XCTAssertEqual(dot.far, 0, "nothing else drawn solid in the series' colour in the plot")
        // The value label right of the plot: a filled blue tag on the dot's row.
        let tag = (plot.x + plot.width + 2..<size.width).filter { isDotBlue(image[$0, centre.y]) }.count
        XCTAssertGreaterThan(tag, 10, "the value label beside the plot")

        let described = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path])
        XCTAssertEqual(described.status, 0, described.error)
        XCTAssertEqual(described.output, "1 point on Jan 3, 2023.\nClose has one value in view, 125.07 on Jan 3, 2023.\n")
    }

    /// A range holding one point of a longer file (one day of daily closes) draws that
    /// point in the middle of the plot: at 00:00 of its day it sat on the left edge,
    /// clipped. Day 5 is a spike, so the line's highest pixel is the point.
    func testARangeOfOnePointCentresIt() throws {
        let rows = (1...9).map { "2023-01-0\($0),\($0 == 5 ? 10 : 1)" }
        let path = try write("Date,Close\n" + rows.joined(separator: "\n") + "\n", to: "days.csv")
        let out = "\(folder)/day5.png"
        let size = PixelSize(width: 640, height: 360)
        let result = try ProcessRunner.run(ProcessRunner.sightline,
                                           ["render", path, "--out", out, "--size", "640x360", "--x-range", "2023-01-05"])
        XCTAssertEqual(result.status, 0, result.error)
        let image = try PNGFile.read(from: out)
        let plot = ChartLayout.standard.plotRect(in: size)
        let top = (plot.y..<plot.y + plot.height).first { y in
            (plot.x..<plot.x + plot.width).contains { isDotBlue(image[$0, y]) }
        }
        let row = try XCTUnwrap(top, "the line is drawn")
        let columns = (plot.x..<plot.x + plot.width).filter { isDotBlue(image[$0, row]) }
        let middle = Double(columns.reduce(0, +)) / Double(columns.count)
        XCTAssertEqual(middle, Double(plot.x) + Double(plot.width) / 2, accuracy: 4, "the spike's peak in the middle")
    }

    /// The window opens the file (it refused it before) and shows the dot in the middle.
    func testTheWindowDrawsOneRowAsADot() throws {
        let path = try write(csv, to: "one.csv")
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        let display = try XvfbDisplay()
        let size = PixelSize(width: 1000, height: 600)
        let app = try display.launchSightline([path, "--size", "1000x600"])
        defer { withExtendedLifetime(app) {} }
        let plot = ChartLayout.explorer.plotRect(in: size)
        let centre = (x: plot.x + plot.width / 2, y: plot.y + plot.height / 2)
        // The pointer off the window: no highlight ring over the point, only the dot.
        try display.xdotool(["mousemove", "--window", app.window, "500", "-40"])
        let image = try screenshot(until: { self.dotPixels($0, plot: plot, centre: centre, radius: 6).near >= 9 },
                                   window: app.window, display: display, name: "one-point-window")
        XCTAssertTrue(app.process.isRunning, "the window stays open")
        let dot = dotPixels(image, plot: plot, centre: centre, radius: 6)
        XCTAssertGreaterThanOrEqual(dot.near, 9, "the dot in the middle of the plot")
    }
}
