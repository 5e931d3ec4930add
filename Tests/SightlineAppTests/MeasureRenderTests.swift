import ChartData
import ChartGeometry
import ChartRender
import Foundation
import XCTest

/// `render --measure A:B` on llvmpipe: against the same picture without it, the band
/// darkens the plot between A and B and nothing else changes but the panel of figures;
/// `describe` prints the same statistics; a bad or empty measure is refused.
final class MeasureRenderTests: ScratchFolderTestCase {
    private let size = PixelSize(width: 1280, height: 720)

    /// y = x from 0 to 100 (the panel's corner, top left, is clear of it).
    private func diagonal() throws -> String {
        try write("x,y\n" + (0...100).map { "\($0),\($0)\n" }.joined(), to: "diagonal.csv")
    }

    private func render(_ arguments: [String], name: String) throws -> RGBAImage {
        let out = "\(folder)/\(name)"
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render"] + arguments + ["--out", out])
        XCTAssertEqual(result.status, 0, result.error)
        return try PNGFile.read(from: out)
    }

    func testTheBandIsShadedBetweenAAndBAndNowhereElse() throws {
        let file = try diagonal()
        let plain = try render([file, "--x-range", "0:100"], name: "plain.png")
        let measured = try render([file, "--x-range", "0:100", "--measure", "55:85"], name: "measured.png")
        let plot = ChartLayout.standard.plotRect(in: size)
        let scales = PlotScales(visible: DataRect(minX: 0, maxX: 100, minY: 0, maxY: 1), plot: PixelBox(plot))
        let a = scales.canvasX(55), b = scales.canvasX(85)
        func changed(_ x: Int, _ y: Int) -> Bool {
            let p = plain[x, y], q = measured[x, y]
            return (p.r, p.g, p.b) != (q.r, q.g, q.b)
        }
        var inBand = 0, bandArea = 0
        var elsewhere: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<size.height {
            for x in 0..<size.width {
                let between = Double(x) > a + 10 && Double(x) < b - 10 && y > plot.y + 24 && y < plot.y + plot.height - 1
                if between { bandArea += 1 }
                guard changed(x, y) else { continue }
                if between { inBand += 1 }
                // The rules and their tags sit on A and B; all else that changed is the panel.
                if Double(x) > a - 10 && Double(x) < b + 10 && y >= plot.y && y < plot.y + plot.height { continue }
                elsewhere = elsewhere.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (x, y, x, y)
            }
        }
        XCTAssertGreaterThan(Double(inBand) / Double(bandArea), 0.95, "the plot between A and B is shaded")
        let panel = try XCTUnwrap(elsewhere, "the panel of figures")
        XCTAssertLessThan(Double(panel.maxX), a - 10, "nothing right of B or left of A changed but the panel: \(panel)")
        XCTAssertLessThan(panel.maxY - panel.minY, 200, "one panel, at the top: \(panel)")
        XCTAssertLessThan(panel.minY, plot.y + 20)
    }

    func testDescribePrintsTheSameStatisticsAndBadMeasuresAreRefused() throws {
        let file = try diagonal()
        let described = try ProcessRunner.run(ProcessRunner.sightline, ["describe", file, "--x-range", "55:85"])
        XCTAssertEqual(described.status, 0, described.error)
        // 55…85: 31 values, mean 70, sample deviation √(31 · 32 / 12) ≈ 9.09.
        XCTAssertTrue(described.output.contains("y: 31 values, lowest 55, highest 85, mean 70.0, standard deviation 9.09.\n"),
                      described.output)
        let json = try ProcessRunner.run(ProcessRunner.sightline, ["describe", file, "--x-range", "55:85", "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let stats = try XCTUnwrap(((object["series"] as? [[String: Any]])?.first)?["statistics"] as? [String: Any])
        XCTAssertEqual(stats["count"] as? Int, 31)
        XCTAssertEqual(stats["mean"] as? Double, 70)
        XCTAssertEqual(try XCTUnwrap(stats["standardDeviation"] as? Double), (31.0 * 32 / 12).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(stats["minimum"] as? Double, 55)
        XCTAssertEqual(stats["maximum"] as? Double, 85)

        let out = "\(folder)/bad.png"
        let empty = try ProcessRunner.run(ProcessRunner.sightline, ["render", file, "--measure", "200:300", "--out", out])
        XCTAssertEqual(empty.status, 65)
        XCTAssertTrue(empty.error.contains("--measure"), empty.error)
        let dates = try ProcessRunner.run(ProcessRunner.sightline, ["render", file, "--measure", "2008-01-01:2009-01-01", "--out", out])
        XCTAssertEqual(dates.status, 64)
        XCTAssertTrue(dates.error.contains("--measure"), dates.error)
        let reversed = try ProcessRunner.run(ProcessRunner.sightline, ["render", file, "--measure", "9:3", "--out", out])
        XCTAssertEqual(reversed.status, 64)
        XCTAssertTrue(reversed.error.contains("reversed"), reversed.error)
        let plain = try ProcessRunner.run(ProcessRunner.sightline, ["render", file, "--measure", "3:9", "--plain", "--out", out])
        XCTAssertEqual(plain.status, 64)
        XCTAssertTrue(plain.error.contains("--plain"), plain.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written")
    }
}
