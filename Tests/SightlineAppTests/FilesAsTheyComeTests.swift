import ChartRender
import Foundation
import XCTest

/// Files as people download them, through the real command line: a Yahoo Finance export
/// with a `null` row, and hourly weather with a year missing.
final class FilesAsTheyComeTests: ScratchFolderTestCase {
    /// Yahoo's export with a day it lists without a price, as downloaded.
    private let yahoo = """
    Date,Open,High,Low,Close,Adj Close,Volume
    2020-03-02,70.570000,75.360001,69.430000,74.702499,73.289261,341397200
    2020-03-03,75.917503,76.000000,71.449997,72.330002,70.961670,319475600
    2020-03-04,74.110001,75.849998,73.282501,75.684998,74.253204,219178400
    2020-03-05,73.879997,74.887497,72.852501,73.230003,71.844650,187572800
    2020-03-06,70.500000,72.705002,70.307503,72.257500,70.890533,226176800
    2020-03-09,null,null,null,null,null,null
    2020-03-10,69.285004,71.610001,67.342499,71.334999,69.985497,285290000
    2020-03-11,69.347504,70.305000,67.964996,68.857498,67.554855,255598800
    2020-03-12,63.985001,67.500000,62.000000,62.057499,60.883469,418474000
    2020-03-13,66.222504,69.980003,63.237499,69.492500,68.177856,370732000

    """

    /// The volume opens as bars on its own axis under the prices; `--y2` puts a line on
    /// the right axis by name.
    func testAYahooFileWithANullRowRendersItsVolumeAsBarsUnderThePrices() throws {
        let path = try write(yahoo, to: "AAPL.csv")
        let out = "\(folder)/aapl.png"
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--out", out, "--size", "400x300"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
        XCTAssertTrue(result.error.contains("\(path): 6 cells read as gaps"), result.error)
        XCTAssertTrue(result.error.contains("line 7"), result.error)
        XCTAssertFalse(result.error.contains("left out"), result.error)
        XCTAssertEqual(result.error.split(separator: "\n").count, 1, "one line: \(result.error)")

        let shown = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--out", out, "--size", "400x300",
                                                                    "--y", "Close,Volume", "--y2", "Volume"])
        XCTAssertEqual(shown.status, 0, shown.error)
        let unknown = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--out", out, "--bars", "Volumen"])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.error.contains("Volumen") && unknown.error.contains("Volume"), unknown.error)
    }

    func testEveryCommandThatOpensAFileOffersConnectGaps() throws {
        for command in ["open", "render", "bench"] {
            let help = try ProcessRunner.run(ProcessRunner.sightline, [command, "--help"])
            XCTAssertEqual(help.status, 0, help.error)
            XCTAssertTrue(help.output.contains("--connect-gaps"), "\(command) --help:\n\(help.output)")
        }
        let help = try ProcessRunner.run(ProcessRunner.sightline, ["render", "--help"]).output
        XCTAssertTrue(help.contains("10×"), "says when x breaks the line:\n\(help)")
    }

    /// Ten years of hourly weather as a station writes it, with 2017 missing: the PNG
    /// has no line across 2017, and with --connect-gaps it has one.
    func testAMissingYearBreaksTheRenderedLineUnlessConnected() throws {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd'T'HH:mm"
        var lines = ["time,temperature"]
        var t = 1_388_534_400.0
        while t < 1_704_067_200 {
            if t < 1_483_228_800 || t >= 1_514_764_800 {
                let day = t / 86_400
                lines.append("\(format.string(from: Date(timeIntervalSince1970: t))),\(String(format: "%.1f", 10 - 11 * cos(2 * .pi * day / 365.25) - 4 * cos(2 * .pi * day)))")
            }
            t += 3_600
        }
        let path = try write(lines.joined(separator: "\n") + "\n", to: "weather.csv")
        let size = (width: 500, height: 120)
        // 2014-01-01…2024-01-01 over 500 columns: 2017 is columns 150…200.
        let gapColumns = 156...194
        for connected in [false, true] {
            let out = "\(folder)/weather-\(connected).png"
            let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--out", out, "--plain",
                                                                         "--size", "\(size.width)x\(size.height)",
                                                                         "--x-range", "1388534400:1704067200"]
                                               + (connected ? ["--connect-gaps"] : []))
            XCTAssertEqual(result.status, 0, result.error)
            let image = try PNGFile.read(from: out)
            let inked = gapColumns.filter { x in (0..<size.height).contains { image[x, $0].r < 200 } }
            if connected {
                XCTAssertEqual(inked.count, gapColumns.count, "--connect-gaps draws across the missing year")
            } else {
                XCTAssertEqual(inked, [], "no line across the missing year")
            }
        }
    }
}
