import ChartGeometry
import ChartRender
import Foundation
import XCTest

/// y set by hand and the axes' titles in `render`'s pictures, read from the pixels.
final class AxisRenderTests: ScratchFolderTestCase {
    private let size = PixelSize(width: 800, height: 400)
    private var plot: PixelRect { ChartLayout.standard.plotRect(in: size) }

    private func render(_ file: String, _ arguments: [String], name: String) throws -> RGBAImage {
        let out = "\(folder)/\(name)"
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", file, "--out", out, "--size", "800x400"] + arguments)
        XCTAssertEqual(result.status, 0, result.error)
        return try PNGFile.read(from: out)
    }

    /// The middle row (weighted by how far each pixel is from white) of the pixels in the
    /// plot's middle column that `isInk` takes for the series' colour.
    private func row(in image: RGBAImage, where isInk: ((r: Int, g: Int, b: Int)) -> Bool) -> Double? {
        var weight = 0.0, sum = 0.0
        for x in (plot.x + plot.width / 2)..<(plot.x + plot.width / 2 + 5) {
            for y in plot.y..<(plot.y + plot.height) {
                let p = image[x, y], rgb = (r: Int(p.r), g: Int(p.g), b: Int(p.b))
                guard isInk(rgb) else { continue }
                let w = Double(765 - rgb.r - rgb.g - rgb.b)
                weight += w
                sum += w * (Double(y) + 0.5)
            }
        }
        return weight > 0 ? sum / weight : nil
    }

    private func ink(_ image: RGBAImage, in box: PixelRect) -> Int {
        var count = 0
        for y in box.y..<box.y + box.height {
            for x in box.x..<box.x + box.width where image[x, y].r < 200 || image[x, y].b < 200 { count += 1 }
        }
        return count
    }

    /// `--y-range 0:200` draws a constant 50 three quarters down the plot, where y fitted
    /// to the data would put it in the middle; `--y2-range 0:40` does the same for the
    /// right axis's constant 10 (`--y2-range 0:80`: seven eighths down).
    func testYRangesPlaceALevelLineAtItsRow() throws {
        var csv = "x,level,gauge\n"
        for i in 0..<50 { csv += "\(i),50,10\n" }
        let path = try write(csv, to: "levels.csv")
        let blue: ((r: Int, g: Int, b: Int)) -> Bool = { $0.b > $0.r + 60 }
        let red: ((r: Int, g: Int, b: Int)) -> Bool = { $0.r > $0.b + 60 }
        let fitted = try render(path, ["--y", "level"], name: "fitted.png")
        let middle = Double(plot.y) + Double(plot.height) / 2
        XCTAssertEqual(try XCTUnwrap(row(in: fitted, where: blue)), middle, accuracy: 1.5, "fitted: the middle")
        let set = try render(path, ["--y", "level", "--y-range", "0:200"], name: "set.png")
        let expected = Double(plot.y) + Double(plot.height) * 150 / 200
        XCTAssertEqual(try XCTUnwrap(row(in: set, where: blue)), expected, accuracy: 1.5, "y = 50 of 0…200")

        let both = try render(path, ["--y2", "gauge", "--y-range", "0:200", "--y2-range", "0:80"], name: "both.png")
        XCTAssertEqual(try XCTUnwrap(row(in: both, where: blue)), expected, accuracy: 1.5)
        XCTAssertEqual(try XCTUnwrap(row(in: both, where: red)), Double(plot.y) + Double(plot.height) * 70 / 80,
                       accuracy: 1.5, "y2 = 10 of 0…80")
    }

    /// Titles are drawn where they are given or a column's name carries a unit: over the
    /// left axis, over the right one, and right of the x labels; none without either.
    func testTitlesAreDrawnOverTheAxes() throws {
        var csv = "time [s],level [m],flow\n"
        for i in 0..<50 { csv += "\(i),\(Double(i % 9)),\(1000 + i * 40)\n" }
        let path = try write(csv, to: "gauge.csv")
        let bar = try XCTUnwrap(ChartLayout.standard.barRect(in: size))
        let above = bar.y + bar.height + 1
        let leftTop = PixelRect(x: 0, y: above, width: plot.x, height: plot.y - above)
        let rightTop = PixelRect(x: plot.x + plot.width + 1, y: above, width: size.width - plot.x - plot.width - 1, height: plot.y - above)
        let xTitle = PixelRect(x: plot.x + plot.width + 2, y: plot.y + plot.height + 2, width: size.width - plot.x - plot.width - 2,
                               height: size.height - plot.y - plot.height - 2)

        let plain = try render(path, ["--y", "flow"], name: "plain.png")
        XCTAssertEqual(ink(plain, in: leftTop), 0, "flow has no unit")

        let units = try render(path, ["--y", "level [m]"], name: "units.png")
        XCTAssertGreaterThan(ink(units, in: leftTop), 10, "m, from the name")
        XCTAssertGreaterThan(ink(units, in: xTitle), 10, "s, from the x column's name")

        let given = try render(path, ["--y2", "flow", "--y-title", "Level", "--y2-title", "Flow", "--x-title", "Time"],
                               name: "given.png")
        XCTAssertGreaterThan(ink(given, in: leftTop), ink(units, in: leftTop), "Level is longer than m")
        XCTAssertGreaterThan(ink(given, in: rightTop), 10, "over the right axis")
    }
}
