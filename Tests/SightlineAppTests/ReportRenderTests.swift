import ChartData
import ChartGeometry
import ChartRender
import Foundation
import XCTest

/// `render` makes a still picture for a report: what the window draws minus its
/// controls, on a flat background, with ranges given as dates.
final class ReportRenderTests: ScratchFolderTestCase {
    private func render(_ arguments: [String], name: String = "out.png") throws -> (ProcessRunner.Result, String) {
        let out = "\(folder)/\(name)"
        return (try ProcessRunner.run(ProcessRunner.sightline, ["render"] + arguments + ["--out", out]), out)
    }

    private func ink(_ image: RGBAImage, in box: PixelRect, background: (UInt8, UInt8, UInt8)) -> Int {
        var count = 0
        for y in box.y..<box.y + box.height {
            for x in box.x..<box.x + box.width where (image[x, y].r, image[x, y].g, image[x, y].b) != background { count += 1 }
        }
        return count
    }

    /// The bar above the plot holds the title and the legend; the value label sits
    /// right of the plot; the background is the theme's flat colour unless --gradient.
    func testARenderHasTheLegendTitleAndValueLabelOnAFlatBackground() throws {
        let size = PixelSize(width: 800, height: 400)
        let plot = ChartLayout.standard.plotRect(in: size)
        let bar = try XCTUnwrap(ChartLayout.standard.barRect(in: size))
        let (plain, out) = try render(["Resources/sample.csv", "--size", "800x400"])
        XCTAssertEqual(plain.status, 0, plain.error)
        let untitled = try PNGFile.read(from: out)
        let white: (UInt8, UInt8, UInt8) = (255, 255, 255)
        for (x, y) in [(1, 1), (798, 1), (1, 398), (798, 398)] {
            XCTAssertTrue((untitled[x, y].r, untitled[x, y].g, untitled[x, y].b) == white, "flat by default at \(x),\(y)")
        }
        let legendInk = ink(untitled, in: bar, background: white)
        XCTAssertGreaterThan(legendInk, 200, "the legend's names and dots")
        let margin = PixelRect(x: plot.x + plot.width + 2, y: plot.y, width: size.width - plot.x - plot.width - 2, height: plot.height)
        XCTAssertGreaterThan(ink(untitled, in: margin, background: white), 100, "the value label right of the plot")

        let (titled, titledOut) = try render(["Resources/sample.csv", "--size", "800x400", "--title", "Berlin and Madrid"],
                                             name: "titled.png")
        XCTAssertEqual(titled.status, 0, titled.error)
        XCTAssertGreaterThan(ink(try PNGFile.read(from: titledOut), in: bar, background: white), legendInk + 200, "and the title")

        let (gradient, gradientOut) = try render(["Resources/sample.csv", "--size", "800x400", "--gradient"], name: "gradient.png")
        XCTAssertEqual(gradient.status, 0, gradient.error)
        let corner = try PNGFile.read(from: gradientOut)[1, 1]
        XCTAssertFalse((corner.r, corner.g, corner.b) == white, "--gradient paints it")
    }

    /// `--x-range` takes dates: the picture is the one the same range in Unix seconds
    /// gives; a date alone as the end includes its day.
    func testDatesAsTheXRange() throws {
        var csv = "date,value\n"
        for day in 0..<84 {
            csv += String(format: "2024-%02d-%02d,%d\n", 1 + day / 28, 1 + day % 28, day % 7)
        }
        let path = "\(folder)/days.csv"
        try csv.write(toFile: path, atomically: true, encoding: .utf8)
        let (byDate, dateOut) = try render([path, "--size", "400x200", "--x-range", "2024-01-05:2024-02-10"], name: "dates.png")
        XCTAssertEqual(byDate.status, 0, byDate.error)
        let start = try XCTUnwrap(DateParser.unixSeconds(from: "2024-01-05"))
        let end = try XCTUnwrap(DateParser.unixSeconds(from: "2024-02-11"))
        let (bySeconds, secondsOut) = try render([path, "--size", "400x200", "--x-range", "\(Int(start)):\(Int(end))"],
                                                 name: "seconds.png")
        XCTAssertEqual(bySeconds.status, 0, bySeconds.error)
        XCTAssertEqual(try PNGFile.read(from: dateOut).pixels, try PNGFile.read(from: secondsOut).pixels)
    }

    func testEmptyReversedAndMismatchedRangesSayWhy() throws {
        for (range, words) in [("2024-02-01:2024-01-01", "reversed"), ("7:7", "empty"), ("3:2024-01-01", "both")] {
            let (result, out) = try render(["Resources/sample.csv", "--x-range", range])
            XCTAssertEqual(result.status, 64, range)
            XCTAssertTrue(result.error.contains(words), "\(range): \(result.error)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        }
        let numbers = "\(folder)/numbers.csv"
        try "x,y\n1,2\n2,3\n".write(toFile: numbers, atomically: true, encoding: .utf8)
        let (result, _) = try render([numbers, "--x-range", "2024-01-01:2024-02-01"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.error.contains("numbers.csv") && result.error.contains("dates"), result.error)
    }

    func testThemeHelpSaysTheDefault() throws {
        let help = try ProcessRunner.run(ProcessRunner.sightline, ["render", "--help"])
        XCTAssertTrue(help.output.contains("default: day"), help.output)
        XCTAssertTrue(help.output.contains("--gradient") && help.output.contains("--title"), help.output)
    }

    /// `--y-range` takes y values; years on a date axis are years (2024 alone is the
    /// year 2024, not 34 minutes past 1970), and a range with no data in it is refused
    /// with where the data is, nothing written.
    func testRangesWithoutDataAndDatesForYAreExplained() throws {
        let (y, _) = try render(["Resources/sample.csv", "--y-range", "2024-01-01:2024-12-31"], name: "y.png")
        XCTAssertEqual(y.status, 64)
        XCTAssertTrue(y.error.contains("--y-range takes y values"), y.error)
        let size = PixelSize(width: 640, height: 360)
        let (year, yearOut) = try render(["Resources/sample.csv", "--x-range", "2024", "--size", "640x360"], name: "year.png")
        XCTAssertEqual(year.status, 0, year.error)
        XCTAssertEqual(year.error, "")
        let (days, daysOut) = try render(["Resources/sample.csv", "--x-range", "2024-01-01:2024-12-31", "--size", "640x360"],
                                         name: "days.png")
        XCTAssertEqual(days.status, 0, days.error)
        let yearImage = try PNGFile.read(from: yearOut), daysImage = try PNGFile.read(from: daysOut)
        XCTAssertEqual([yearImage.width, yearImage.height], [size.width, size.height])
        XCTAssertTrue(yearImage.pixels == daysImage.pixels, "2024 draws what 2024-01-01:2024-12-31 does")
        let (empty, emptyOut) = try render(["Resources/sample.csv", "--x-range", "2030:2031"], name: "empty.png")
        XCTAssertEqual(empty.status, 65, empty.error)
        XCTAssertTrue(empty.error.contains("no data in --x-range (from Jan 1, 2030 to Dec 31, 2031); "
                                           + "its data runs from Jan 1, 2023 to Dec 30, 2024"), empty.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: emptyOut), "nothing written")
    }
}
