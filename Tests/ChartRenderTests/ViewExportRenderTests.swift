import ChartApp
import ChartData
import ChartGeometry
import ChartRender
import ChartStage
import Foundation
import XCTest

/// The window's export (Ctrl+S) on llvmpipe: the still picture of the view through the
/// window's own device, with the series the window hides left out of the picture and
/// of its alt text, and the notes drawn.
final class ViewExportRenderTests: XCTestCase {
    func testTheExportIsTheViewAsShown() throws {
        let xs = (0..<200).map { 1_577_836_800 + Double($0) * 86_400 }
        let dataset = Dataset(source: "two.csv", xs: xs,
                              series: [Series(name: "Berlin", ys: xs.indices.map { 10 + 5 * sin(Double($0) / 9) }),
                                       Series(name: "Madrid", ys: xs.indices.map { 20 + 5 * cos(Double($0) / 7) })],
                              xKind: .time(unitsPerSecond: 1))
        let size = PixelSize(width: 800, height: 450)
        let scene = try ExplorerScene(device: GLTestHarness.device, source: DataSource(dataset: dataset), canvas: size,
                                      gradient: false, font: GLTestHarness.font, initialFraction: 1)
        scene.main.lines.setVisible(1, false, animated: false)
        scene.main.notes.notes = [ChartNote(x: xs[100], text: "Mid")]
        for _ in 0..<600 where scene.advance(by: 1.0 / 60) {}
        let export = try scene.export(size: size)
        let path = NSTemporaryDirectory() + "sightline-export-test-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(export.picture).write(to: URL(fileURLWithPath: path))
        let image = try PNGFile.read(from: path)
        XCTAssertEqual([image.width, image.height], [800, 450])
        let theme = ChartTheme.day
        func count(near color: RGBAColor) -> Int {
            var n = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image[x, y]
                    if abs(Double(p.r) - Double(color.red) * 255) < 20, abs(Double(p.g) - Double(color.green) * 255) < 20,
                       abs(Double(p.b) - Double(color.blue) * 255) < 20 { n += 1 }
                }
            }
            return n
        }
        XCTAssertGreaterThan(count(near: theme.color(forSeries: 0)), 500, "the shown series is drawn")
        XCTAssertLessThan(count(near: theme.color(forSeries: 1)), 100, "the hidden one is not (its legend toggle stays, dimmed)")
        let text = String(decoding: export.altText, as: UTF8.self)
        XCTAssertTrue(text.contains("Berlin") && !text.contains("Madrid"), text)
        XCTAssertTrue(text.contains("Note at") && text.contains("\"Mid\""), text)
    }

    /// The export is `render`'s picture of the view: the right axis fitted to its shown
    /// series alone (a hidden one 100× larger would squash it to the bottom), or kept
    /// where it was set by hand; the window's measure drawn; the alt text with
    /// `render --alt-text`'s statistics.
    func testTheExportFitsTheRightAxisToItsShownSeriesAndDrawsTheMeasure() throws {
        let xs = (0..<200).map { 1_577_836_800 + Double($0) * 86_400 }
        let dataset = Dataset(source: "rain.csv", xs: xs,
                              series: [Series(name: "Berlin", ys: xs.indices.map { 10 + 5 * sin(Double($0) / 9) }),
                                       Series(name: "Rain", ys: xs.indices.map { 5 + 4 * sin(Double($0) / 5) }, axis: .right),
                                       Series(name: "Flood", ys: xs.indices.map { 1000 + Double($0) }, axis: .right)],
                              xKind: .time(unitsPerSecond: 1))
        let size = PixelSize(width: 800, height: 450)
        let scene = try ExplorerScene(device: GLTestHarness.device, source: DataSource(dataset: dataset), canvas: size,
                                      gradient: false, font: GLTestHarness.font, initialFraction: 1)
        scene.main.toggle(series: 2)
        for _ in 0..<600 where scene.advance(by: 1.0 / 60) {}
        let rain = ChartTheme.day.color(forSeries: 1)
        let plot = ChartLayout.standard.plotRect(in: size)

        func image(of export: ExplorerScene.Export) throws -> RGBAImage {
            let path = NSTemporaryDirectory() + "sightline-export-right-\(getpid()).png"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try Data(export.picture).write(to: URL(fileURLWithPath: path))
            return try PNGFile.read(from: path)
        }
        /// The rows of the plot that hold Rain's colour, as a share of the plot's height.
        func rainSpan(_ image: RGBAImage) -> Double {
            var rows: [Int] = []
            for y in plot.y..<(plot.y + plot.height) {
                for x in plot.x..<(plot.x + plot.width) {
                    let p = image[x, y]
                    if abs(Double(p.r) - Double(rain.red) * 255) < 20, abs(Double(p.g) - Double(rain.green) * 255) < 20,
                       abs(Double(p.b) - Double(rain.blue) * 255) < 20 {
                        rows.append(y)
                        break
                    }
                }
            }
            guard let top = rows.min(), let bottom = rows.max() else { return 0 }
            return Double(bottom - top) / Double(plot.height)
        }

        let fitted = try scene.export(size: size)
        let fittedImage = try image(of: fitted)
        XCTAssertGreaterThan(rainSpan(fittedImage), 0.5, "the right axis fits Rain alone, not the hidden Flood")
        let text = String(decoding: fitted.altText, as: UTF8.self)
        XCTAssertTrue(text.contains("Rain: 200 values, lowest") && !text.contains("Flood"), text)

        scene.main.setY(0...100, for: .right)
        XCTAssertLessThan(rainSpan(try image(of: try scene.export(size: size))), 0.15, "the right axis set by hand is kept")
        scene.main.unlockY(.right)
        for _ in 0..<600 where scene.advance(by: 1.0 / 60) {}

        scene.main.measure.set(a: xs[40], b: xs[120])
        let measured = try image(of: try scene.export(size: size))
        var changed = 0
        for y in plot.y..<(plot.y + plot.height) {
            for x in plot.x..<(plot.x + plot.width) where measured[x, y] != fittedImage[x, y] { changed += 1 }
        }
        XCTAssertGreaterThan(changed, plot.width * plot.height / 20, "the measure's band and figures are drawn")
    }
}
