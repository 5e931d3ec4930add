import ChartGeometry
import ChartMarks
import ChartStage
import Foundation
import XCTest

/// The `?` panel lists every binding of `KeyBindings`, fitted to the window in columns,
/// and the README's key list is the same table.
final class KeyHelpTests: XCTestCase {
    private let measure: (String, Double) -> TextSize = { TextSize.estimate(for: $0, size: $1) }

    private func box(of run: KeyHelpLayout.Run, in layout: KeyHelpLayout) -> PixelBox {
        let size = measure(run.text, run.role == .title ? layout.pointSize + 2 : layout.pointSize)
        return PixelBox(x: run.position.x, y: run.position.y, width: size.width, height: size.height)
    }

    /// Every key and action is written once, inside the panel, none over another; each
    /// group starts in one column and goes on only in the next; the panel is inside the region.
    private func checkWhole(_ layout: KeyHelpLayout, region: PixelBox, file: StaticString = #filePath, line: UInt = #line) {
        let panel = layout.panel
        XCTAssertTrue(panel.x >= region.x && panel.maxX <= region.maxX && panel.y >= region.y && panel.maxY <= region.maxY,
                      "the panel \(panel) inside \(region)", file: file, line: line)
        for binding in KeyBindings.all {
            XCTAssertTrue(layout.runs.contains { $0.role == .keys && $0.text == binding.keys }, binding.keys, file: file, line: line)
            XCTAssertTrue(layout.runs.contains { $0.role == .action && $0.text == binding.action }, binding.action, file: file, line: line)
        }
        // Each group's heading once, in order; a group running on into the next column says so there.
        let headings = layout.runs.filter { $0.role == .heading }.map(\.text)
        XCTAssertEqual(headings.filter { !$0.hasSuffix(" (more)") }, KeyBindings.Group.allCases.map(\.rawValue), file: file, line: line)
        for (heading, next) in zip(headings, headings.dropFirst()) where next.hasSuffix(" (more)") {
            XCTAssertEqual(next, heading.replacingOccurrences(of: " (more)", with: "") + " (more)", file: file, line: line)
        }
        let boxes = layout.runs.map { box(of: $0, in: layout) }
        for (run, box) in zip(layout.runs, boxes) {
            XCTAssertTrue(box.x >= panel.x && box.maxX <= panel.maxX + 1e-9 && box.y >= panel.y && box.maxY <= panel.maxY + 1e-9,
                          "\(run.text) inside the panel", file: file, line: line)
        }
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                XCTAssertFalse(boxes[i].intersects(boxes[j]), "\(layout.runs[i].text) clear of \(layout.runs[j].text)",
                               file: file, line: line)
            }
        }
        // A group's heading and its keys start at the same x: one column each.
        var current: (heading: String, x: Double)?
        for run in layout.runs where run.role != .title && run.role != .action {
            if run.role == .heading { current = (run.text, run.position.x) }
            XCTAssertEqual(run.position.x, current?.x, "\(run.text) in the column of \(current?.heading ?? "")", file: file, line: line)
        }
    }

    func testOneColumnWhereItFits() {
        let region = PixelBox(x: 0, y: 0, width: 1600, height: 1200)
        let layout = KeyHelpLayout(region: region, pointSize: 12, scale: 1, measure: measure)
        XCTAssertEqual(layout.columns, 1)
        XCTAssertEqual(layout.pointSize, 12)
        checkWhole(layout, region: region)
    }

    /// A 1280 × 720 window's region (the bar's top to the plot's foot) takes two columns
    /// at 12 points; a 716 × 340 one shrinks the text; both hold every line.
    func testColumnsAndSmallerTextWhereTheWindowIsSmall() {
        let region = PixelBox(x: 8, y: 8, width: 1264, height: 560)
        let layout = KeyHelpLayout(region: region, pointSize: 12, scale: 1, measure: measure)
        XCTAssertEqual(layout.columns, 2)
        XCTAssertEqual(layout.pointSize, 12)
        checkWhole(layout, region: region)
        let small = PixelBox(x: 8, y: 8, width: 700, height: 340)
        let shrunk = KeyHelpLayout(region: small, pointSize: 12, scale: 1, measure: measure)
        XCTAssertLessThan(shrunk.pointSize, 12)
        XCTAssertGreaterThanOrEqual(shrunk.pointSize, KeyHelpLayout.smallestPointSize)
        checkWhole(shrunk, region: small)
    }

    /// Over a sweep of window sizes, every panel that fits holds every line; somewhere a
    /// long group runs on into the next column rather than the text shrinking.
    func testEveryFittingPanelIsWholeAndLongGroupsRunOn() {
        var ranOn = 0
        for width in stride(from: 500.0, through: 1600, by: 50) {
            for height in stride(from: 260.0, through: 1000, by: 40) {
                let region = PixelBox(x: 8, y: 8, width: width, height: height)
                let layout = KeyHelpLayout(region: region, pointSize: 12, scale: 1, measure: measure)
                guard layout.panel.width <= width, layout.panel.height <= height else { continue }
                checkWhole(layout, region: region)
                if layout.runs.contains(where: { $0.role == .heading && $0.text.hasSuffix(" (more)") }) { ranOn += 1 }
            }
        }
        XCTAssertGreaterThan(ranOn, 0)
    }

    /// Too small for anything: the smallest text, in the columns that overflow least (a
    /// short, wide region: more columns), every line still listed once.
    func testATinyWindowStillListsEverything() {
        let layout = KeyHelpLayout(region: PixelBox(x: 0, y: 0, width: 2000, height: 100), pointSize: 12, scale: 1, measure: measure)
        XCTAssertEqual(layout.pointSize, KeyHelpLayout.smallestPointSize)
        XCTAssertGreaterThan(layout.columns, 2)
        let narrow = KeyHelpLayout(region: PixelBox(x: 0, y: 0, width: 200, height: 2000), pointSize: 12, scale: 1, measure: measure)
        XCTAssertEqual(narrow.columns, 1)
        XCTAssertEqual(layout.runs.filter { $0.role == .keys }.map(\.text), KeyBindings.all.map(\.keys))
    }

    /// Hidden, the panel draws nothing; shown, its text in the theme's text colour on
    /// its panel, over the plot; hidden again, nothing.
    func testThePanelShowsAndHides() throws {
        for theme in [ChartTheme.day, .night] {
            let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1), theme: theme)
            let help = KeyHelpController()
            recorded.stage.add(help)
            recorded.frame()
            func texts() -> [TextRun] { recorded.surfaces.texts.flatMap(\.runs) }
            XCTAssertTrue(texts().isEmpty)
            help.isShown = true
            recorded.frame()
            let layout = try XCTUnwrap(help.layout)
            XCTAssertEqual(texts().count, layout.runs.count)
            XCTAssertTrue(texts().contains { $0.text == KeyHelpLayout.title && $0.color == theme.text })
            XCTAssertTrue(texts().contains { $0.text == "Tab, Shift+Tab" && $0.color == theme.text })
            let plot = recorded.stage.geometry.plotBox
            XCTAssertTrue(layout.panel.y >= plot.y && layout.panel.maxY <= plot.maxY, "over the plot")
            let fills = recorded.surfaces.shapes.flatMap(\.shapes).compactMap { shape -> RGBAColor? in
                guard case let .rect(box, fill, _) = shape, box == layout.panel else { return nil }
                return fill
            }
            var panel = theme.panel
            panel.alpha = 0.97
            XCTAssertEqual(fills, [panel], "the theme's panel, nearly opaque")
            help.isShown = false
            recorded.frame()
            XCTAssertTrue(texts().isEmpty)
            XCTAssertNil(help.layout)
        }
    }

    /// The README's key list (in "Try it") is `KeyBindings`, row for row: a key added to
    /// the app and not to the README, or the other way round, fails here.
    func testTheReadmeListsEveryBinding() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var rows = ["| | keys | what they do |", "| --- | --- | --- |"]
        for group in KeyBindings.Group.allCases {
            for (i, binding) in KeyBindings.bindings(in: group).enumerated() {
                rows.append("| \(i == 0 ? "**\(group.rawValue)**" : "") | \(binding.keys) | \(binding.action) |")
            }
        }
        let table = rows.joined(separator: "\n")
        XCTAssertTrue(readme.contains(table + "\n"), "README.md's key list should read:\n\(table)")
        let tryIt = try XCTUnwrap(readme.range(of: "## Try it")), next = try XCTUnwrap(readme.range(of: "\n## ", range: tryIt.upperBound..<readme.endIndex))
        XCTAssertTrue(readme[tryIt.upperBound..<next.lowerBound].contains(table), "in the Try it section")
    }
}
