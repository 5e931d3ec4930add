import ChartGeometry
import ChartRender
import Foundation
import XCTest

/// The interactions of the real app under Xvfb, driven by xdotool: each checks the app's
/// per-frame trace (SIGHTLINE_TRACE) and a screenshot.
final class InteractionTests: XCTestCase {
    /// ChartLayout.explorer for a 900 × 500 window.
    private let plot = ChartLayout.explorer.plotRect(in: PixelSize(width: 900, height: 500))
    private let minimap = ChartLayout.explorer.minimapRect(in: PixelSize(width: 900, height: 500))!

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    private func openSample(_ display: XvfbDisplay, _ extra: [String] = []) throws -> (LaunchedApp, RGBAImage) {
        let app = try display.launchSightline(["Resources/sample.csv", "--size", "900x500"] + extra)
        let image = try screenshot(until: showsChart, window: app.window, display: display, name: "interaction-opened")
        XCTAssertTrue(app.trace.wait { $0.lastX != nil })
        return (app, image)
    }

    /// Count of pixels in rows `rows` that `matches`.
    private func count(_ image: RGBAImage, rows: Range<Int>, _ matches: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        rows.reduce(0) { total, y in total + (0..<image.width).filter { matches(image[$0, y]) }.count }
    }

    /// Dragging the range selector's window moves the main chart by the same data
    /// distance, and the window's shading moves with it on screen.
    func testDraggingTheMinimapMovesTheMainView() throws {
        let display = try XvfbDisplay()
        let (app, first) = try openSample(display)
        defer { withExtendedLifetime(app) {} }
        let before = try XCTUnwrap(app.trace.lastX)
        // The sample's newest 20% sits at the right end of the strip.
        let bodyX = minimap.x + Int(Double(minimap.width) * 0.9)
        try display.drag(window: app.window, from: (bodyX, minimap.y + 28), to: (bodyX - 300, minimap.y + 28))
        let dataPerPixel = (before.upperBound - before.lowerBound) / (Double(minimap.width) * 0.2)
        let wanted = before.lowerBound - 300 * dataPerPixel
        XCTAssertTrue(app.trace.wait { abs(($0.lastX?.lowerBound ?? 0) - wanted) < 3 * dataPerPixel },
                      "the main view moved 300 strip pixels left: \(String(describing: app.trace.lastX)), wanted \(wanted)")
        let after = try screenshot(differingFrom: first, window: app.window, display: display, name: "interaction-minimap-dragged")
        // The window's left handle (a grey bar) moved from ~80% to ~44% of the strip.
        func handleColumns(_ image: RGBAImage) -> [Int] {
            // The handle is translucent: where a series line runs under it, it tints.
            (minimap.x..<minimap.x + minimap.width).filter { x in
                (minimap.y + 5..<minimap.y + 50).filter { y in
                    let p = image[x, y]
                    return Int(p.r) < 200 && abs(Int(p.r) - Int(p.b)) < 40
                }.count >= 36
            }
        }
        let leftHandle = try XCTUnwrap(handleColumns(after).first)
        XCTAssertEqual(Double(leftHandle - minimap.x) / Double(minimap.width), 0.8 - 300.0 / Double(minimap.width), accuracy: 0.02)
        XCTAssertEqual(Double(try XCTUnwrap(handleColumns(first).first) - minimap.x) / Double(minimap.width), 0.8, accuracy: 0.02)
    }

    /// Hovering the plot shows the info board: a light panel with text, which covers
    /// none of the highlight circles.
    func testHoverShowsTheInfoBoard() throws {
        let display = try XvfbDisplay()
        let (app, _) = try openSample(display)
        defer { withExtendedLifetime(app) {} }
        try display.xdotool(["mousemove", "--window", app.window, "450", "-40"])
        XCTAssertTrue(app.trace.wait { $0.lastBoard == nil }, "no board while the pointer is outside")
        try display.xdotool(["mousemove", "--window", app.window, "500", "250"])
        XCTAssertTrue(app.trace.wait { $0.lastBoard != nil }, "hovering shows the board")
        let board = try XCTUnwrap(app.trace.lastBoard)
        let image = try screenshot(until: { _ in true }, window: app.window, display: display, name: "interaction-hover")
        var light = 0, ink = 0
        for y in board.y + 2..<board.y + board.height - 2 {
            for x in board.x + 2..<board.x + board.width - 2 {
                let p = image[x, y]
                if min(p.r, p.g, p.b) >= 238 { light += 1 } else if min(p.r, p.g, p.b) < 180 { ink += 1 }
            }
        }
        let area = (board.width - 4) * (board.height - 4)
        XCTAssertGreaterThan(Double(light) / Double(area), 0.6, "the board is a light panel")
        XCTAssertGreaterThan(ink, 50, "with text on it")
        XCTAssertTrue(board.x + board.width <= 900 && board.x >= 0, "inside the window")
    }

    /// A click on a legend toggle hides its series (it fades out) and says so.
    func testALegendClickHidesASeries() throws {
        let display = try XvfbDisplay()
        let (app, first) = try openSample(display)
        defer { withExtendedLifetime(app) {} }
        let plotRows = plot.y..<plot.y + plot.height
        XCTAssertGreaterThan(count(first, rows: plotRows, isSeriesBlue), 500, "Berlin's blue line is drawn")
        try display.xdotool(["mousemove", "--window", app.window, "\(plot.x + 12)", "20", "click", "1"])
        XCTAssertTrue(app.trace.wait { $0.lines.last?.contains("hidden Berlin") ?? false }, "the first series is hidden")
        try display.xdotool(["mousemove", "--window", app.window, "450", "-40"])
        let hidden = try screenshot(until: { self.count($0, rows: plotRows, self.isSeriesBlue) < 20 }, window: app.window,
                                    display: display, name: "interaction-legend-hidden")
        XCTAssertLessThan(count(hidden, rows: plotRows, isSeriesBlue), 20, "no blue line left in the plot")
        XCTAssertGreaterThan(count(hidden, rows: plotRows) { Int($0.r) - Int($0.b) > 80 }, 500, "Madrid's red line stays")
    }

    /// Key `3` shows one month, ending at the newest point, eased over 1.2 s.
    func testKey3ShowsOneMonth() throws {
        let display = try XvfbDisplay()
        let (app, first) = try openSample(display, ["--initial-range", "1"])
        defer { withExtendedLifetime(app) {} }
        let all = try XCTUnwrap(app.trace.lastX)
        try display.xdotool(["key", "--window", app.window, "3"])
        XCTAssertTrue(app.trace.wait {
            guard let x = $0.lastX else { return false }
            return abs(x.upperBound - all.upperBound) < 1 && (28...31).contains((x.upperBound - x.lowerBound) / 86400)
        }, "one month: \(String(describing: app.trace.lastX))")
        let frames = app.trace.frameMilliseconds.count
        XCTAssertGreaterThan(frames, 10, "the move was animated over many frames")
        _ = try screenshot(differingFrom: first, window: app.window, display: display, name: "interaction-one-month")
    }
}
