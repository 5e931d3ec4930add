import ChartGeometry
import Foundation
import XCTest

/// Every action by keyboard in the real app under Xvfb, driven by xdotool: the `?` key
/// list, the legend toggled through Tab's focus, a pinned point stepped with →.
final class KeyboardWindowTests: XCTestCase {
    /// ChartLayout.explorer for a 1280 × 720 window.
    private let plot = ChartLayout.explorer.plotRect(in: PixelSize(width: 1280, height: 720))

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    private func openSample(_ display: XvfbDisplay) throws -> LaunchedApp {
        let app = try display.launchSightline(["Resources/sample.csv", "--size", "1280x720"])
        _ = try screenshot(until: showsChart, window: app.window, display: display, name: "keyboard-opened")
        XCTAssertTrue(app.trace.wait { $0.lastX != nil })
        return app
    }

    /// The `?` panel's box in the last frame, if it showed.
    private func keyPanel(_ trace: TraceLog) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let line = trace.lines.last(where: { $0.hasPrefix("frame ") }) else { return nil }
        let words = line.split(separator: " ")
        guard let i = words.firstIndex(of: "keys"), words.count > i + 4 else { return nil }
        let v = (1...4).compactMap { Int(words[i + $0]) }
        return v.count == 4 ? (v[0], v[1], v[2], v[3]) : nil
    }

    /// `?` shows the panel of every key: a light panel with many lines of text; Esc
    /// takes it away, and `?` again shows and hides it.
    func testQuestionMarkShowsTheKeyList() throws {
        let display = try XvfbDisplay()
        let app = try openSample(display)
        defer { withExtendedLifetime(app) {} }
        try display.xdotool(["mousemove", "--window", app.window, "640", "-40"])
        try display.xdotool(["key", "--window", app.window, "question"])
        XCTAssertTrue(app.trace.wait { self.keyPanel($0) != nil }, "? shows the panel")
        let panel = try XCTUnwrap(keyPanel(app.trace))
        app.trace.waitUntilStill()
        let image = try screenshot(until: { _ in true }, window: app.window, display: display, name: "keyboard-key-list")
        var light = 0, inkRows = Set<Int>()
        for y in panel.y + 4..<panel.y + panel.height - 4 {
            for x in panel.x + 4..<panel.x + panel.width - 4 {
                let p = image[x, y]
                if min(p.r, p.g, p.b) >= 235 { light += 1 } else if max(p.r, p.g, p.b) < 160 { inkRows.insert(y) }
            }
        }
        let area = (panel.width - 8) * (panel.height - 8)
        XCTAssertGreaterThan(Double(light) / Double(area), 0.6, "a light panel")
        XCTAssertGreaterThan(inkRows.count, 150, "with many lines of text on it")
        XCTAssertGreaterThan(panel.width, 500, "two columns at 1280 × 720")
        XCTAssertTrue(panel.x >= 0 && panel.x + panel.width <= 1280 && panel.y >= 0 && panel.y + panel.height <= plot.y + plot.height,
                      "inside the window, over the chart")
        try display.xdotool(["key", "--window", app.window, "Escape"])
        XCTAssertTrue(app.trace.wait { self.keyPanel($0) == nil }, "Esc hides it")
        try display.xdotool(["key", "--window", app.window, "t", "question"])
        XCTAssertTrue(app.trace.wait { self.keyPanel($0) != nil }, "? shows it again")
        app.trace.waitUntilStill()
        let night = try screenshot(until: { _ in true }, window: app.window, display: display, name: "keyboard-key-list-night")
        let shown = try XCTUnwrap(keyPanel(app.trace))
        var dark = 0, lightInk = 0
        for y in shown.y + 4..<shown.y + shown.height - 4 {
            for x in shown.x + 4..<shown.x + shown.width - 4 {
                let p = night[x, y]
                if max(p.r, p.g, p.b) < 70 { dark += 1 } else if min(p.r, p.g, p.b) > 130 { lightInk += 1 }
            }
        }
        XCTAssertGreaterThan(Double(dark) / Double(area), 0.6, "by night, a dark panel")
        XCTAssertGreaterThan(lightInk, 2000, "with light text")
        try display.xdotool(["key", "--window", app.window, "question"])
        XCTAssertTrue(app.trace.wait { self.keyPanel($0) == nil }, "? hides it")
    }

    /// Tab focuses the first legend toggle and Space hides its series; Space again shows it.
    func testTabAndSpaceToggleTheFirstSeries() throws {
        let display = try XvfbDisplay()
        let app = try openSample(display)
        defer { withExtendedLifetime(app) {} }
        try display.xdotool(["key", "--window", app.window, "Tab"])
        app.trace.waitUntilStill()
        _ = try screenshot(until: { _ in true }, window: app.window, display: display, name: "keyboard-focus-ring")
        try display.xdotool(["key", "--window", app.window, "space"])
        XCTAssertTrue(app.trace.wait { $0.lines.last?.contains("hidden Berlin") ?? false }, "the first series is hidden")
        app.trace.waitUntilStill()
        let hidden = try screenshot(until: { _ in true }, window: app.window, display: display, name: "keyboard-space-hidden")
        let blue = (plot.y..<plot.y + plot.height).reduce(0) { total, y in
            total + (plot.x..<plot.x + plot.width).filter { self.isSeriesBlue(hidden[$0, y]) }.count
        }
        XCTAssertLessThan(blue, 20, "no blue line left in the plot")
        try display.xdotool(["key", "--window", app.window, "space"])
        XCTAssertTrue(app.trace.wait { !($0.lines.last?.contains("hidden") ?? true) }, "shown again")
    }

    /// Tab past the toggles focuses the range selector (a ring round its window); → then
    /// moves its window, and the view, a tenth of its width; Esc leaves → to pan.
    func testTheFocusedSelectorMovesWithTheArrows() throws {
        let display = try XvfbDisplay()
        let app = try openSample(display)
        defer { withExtendedLifetime(app) {} }
        try display.xdotool(["key", "--window", app.window, "shift+Tab"])
        app.trace.waitUntilStill()
        _ = try screenshot(until: { _ in true }, window: app.window, display: display, name: "keyboard-selector-ring")
        let before = try XCTUnwrap(app.trace.lastX)
        let width = before.upperBound - before.lowerBound
        try display.xdotool(["key", "--window", app.window, "Left"])
        XCTAssertTrue(app.trace.wait { abs(($0.lastX?.lowerBound ?? 0) - (before.lowerBound - width / 10)) < width * 1e-6 },
                      "the window moved a tenth earlier: \(String(describing: app.trace.lastX))")
        try display.xdotool(["key", "--window", app.window, "minus"])
        XCTAssertTrue(app.trace.wait { abs(($0.lastX.map { $0.upperBound - $0.lowerBound } ?? 0) - width * 0.8) < width * 1e-6 },
                      "- narrowed it")
    }

    /// A click pins the point under it; → steps the pin a point on and the board follows.
    func testArrowStepsAPinnedPoint() throws {
        let display = try XvfbDisplay()
        let app = try openSample(display)
        defer { withExtendedLifetime(app) {} }
        let x = plot.x + plot.width / 2, y = plot.y + plot.height / 2
        try display.xdotool(["mousemove", "--window", app.window, "\(x)", "\(y)", "click", "1"])
        XCTAssertTrue(app.trace.wait { $0.lastBoard != nil }, "the click pins a point")
        try display.xdotool(["mousemove", "--window", app.window, "640", "-40"])
        app.trace.waitUntilStill()
        let before = try XCTUnwrap(app.trace.lastBoard)
        XCTAssertEqual(app.trace.lastBoard?.x, before.x, "a pinned board stays when the pointer leaves")
        let view = try XCTUnwrap(app.trace.lastX)
        try display.xdotool(["key", "--window", app.window, "Right", "Right", "Right", "Right", "Right", "Right"])
        XCTAssertTrue(app.trace.wait { ($0.lastBoard?.x ?? before.x) > before.x }, "the board moved right with the point")
        app.trace.waitUntilStill()
        XCTAssertEqual(app.trace.lastX, view, "inside the view: the view stays")
        _ = try screenshot(until: { _ in true }, window: app.window, display: display, name: "keyboard-stepped")
    }
}
