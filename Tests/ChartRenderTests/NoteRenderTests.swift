import ChartApp
import ChartData
import ChartGeometry
import ChartMarks
import ChartRender
import ChartStage
import XCTest

/// `render --note`: on llvmpipe, the marker is drawn on the line at the note's point and
/// its label beside it; without the note, neither is there.
final class NoteRenderTests: XCTestCase {
    private func scene(notes: [ChartNote], theme: ChartTheme) throws -> ChartScene {
        let xs = (0..<300).map { 1_577_836_800 + Double($0) * 86_400 }
        let ys = xs.indices.map { 50 + 30 * sin(Double($0) / 20) }
        let source = DataSource(dataset: Dataset(source: "d.csv", xs: xs, series: [Series(name: "Close", ys: ys)],
                                                 xKind: .time(unitsPerSecond: 1)))
        return try ChartScene(device: GLTestHarness.device, source: source, theme: theme, gradient: false,
                              font: GLTestHarness.font, notes: notes)
    }

    func testTheMarkerAndLabelAreDrawnAtTheNotesPoint() throws {
        let size = PixelSize(width: 900, height: 500)
        for theme in [ChartTheme.day, .night] {
            let plain = try scene(notes: [], theme: theme)
            let viewport = try XCTUnwrap(Viewport.fitting(plain.source))
            let x = plain.source.dataset.xs[120]
            let noted = try scene(notes: [ChartNote(x: x, text: "Peak here")], theme: theme)
            let without = try GLTestHarness.renderer.render(plain, viewport: viewport, size: size)
            let with = try GLTestHarness.renderer.render(noted, viewport: viewport, size: size)
            let notes = try XCTUnwrap(noted.stage.controllers.lazy.compactMap { $0 as? NotesController }.first)
            let placed = try XCTUnwrap(notes.placed.first)
            let marker = try XCTUnwrap(placed.markers.first)
            let scales = noted.stage.scales(for: .left)
            XCTAssertEqual(marker.x, scales.canvasX(x), accuracy: 0.01)
            XCTAssertEqual(marker.y, scales.canvasY(plain.source.dataset.series[0].ys[120]), accuracy: 0.01)
            // The marker's centre: the theme's text colour with the note, the line's without.
            let centre = with[Int(marker.x), Int(marker.y)], before = without[Int(marker.x), Int(marker.y)]
            let ink = theme.text
            for (got, want) in [(centre.r, ink.red), (centre.g, ink.green), (centre.b, ink.blue)] {
                XCTAssertEqual(Double(got), Double(want) * 255, accuracy: 24, "\(theme.name): the marker at its point")
            }
            let red = abs(Int(centre.r) - Int(before.r)), green = abs(Int(centre.g) - Int(before.g))
            let blue = abs(Int(centre.b) - Int(before.b))
            XCTAssertGreaterThan(red + green + blue, 60, "\(theme.name): nothing there without the note")
            // The label: its text drawn inside its box, which stays clear of the marker.
            let label = try XCTUnwrap(placed.label)
            XCTAssertFalse(label.contains(marker))
            var changed = 0
            for py in Int(label.y) + 2..<Int(label.maxY) - 2 {
                for px in Int(label.x) + 2..<Int(label.maxX) - 2 where with[px, py] != without[px, py] { changed += 1 }
            }
            XCTAssertGreaterThan(changed, 60, "\(theme.name): the label's text (the panel may match a day background)")
        }
    }
}
