import ChartApp
import ChartData
import ChartGeometry
import ChartRender
import ChartStage
import Foundation
import XCTest

/// The preset buttons as the window draws them: one that would show fewer than two
/// points is visibly fainter than the others.
final class PresetButtonsRenderTests: XCTestCase {
    /// Daily points: 1D is dimmed. Its label's darkest pixel is much lighter than 5D's
    /// (the same text colour at full strength), on the same panel.
    func testAnUnavailablePresetIsDrawnFaint() throws {
        let canvas = PixelSize(width: 1000, height: 600)
        let monday = 1_672_617_600.0
        let xs = (0..<300).map { monday + Double($0) * 86_400 }
        let dataset = Dataset(source: "daily", xs: xs, series: [Series(name: "Close", ys: xs.indices.map { 100 + sin(Double($0) / 9) * 20 })],
                              xKind: .time(unitsPerSecond: 1))
        let scene = try ExplorerScene(device: GLTestHarness.device, source: DataSource(dataset: dataset), canvas: canvas,
                                      gradient: false, font: try XCTUnwrap(GLTestHarness.font), initialFraction: 1)
        let target = try TextureTarget(device: GLTestHarness.device, width: canvas.width, height: canvas.height)
        for _ in 0..<600 where scene.advance(by: 1.0 / 60) {}
        scene.draw(into: target.passTarget)
        let image = target.readPixels()
        let buttons = scene.main.presets
        XCTAssertEqual(buttons.unavailable, [.oneDay])
        func darkest(_ preset: RangePreset) throws -> Int {
            let box = buttons.boxes[try XCTUnwrap(buttons.presets.firstIndex(of: preset))]
            var darkest = 255
            for y in Int(box.y.rounded(.up))..<Int(box.maxY) {
                for x in Int(box.x.rounded(.up))..<Int(box.maxX) {
                    let p = image[x, y]
                    darkest = min(darkest, (Int(p.r) + Int(p.g) + Int(p.b)) / 3)
                }
            }
            return darkest
        }
        let dimmed = try darkest(.oneDay), plain = try darkest(.fiveDays)
        XCTAssertLessThan(plain, 140, "5D's label is dark text")
        XCTAssertGreaterThan(dimmed, plain + 60, "1D's label is faint: darkest \(dimmed) against 5D's \(plain)")
        XCTAssertLessThan(dimmed, 245, "but still there")
    }
}
