import ChartGeometry
import ChartRender
import Foundation
import XCTest

/// The bundled round-2 folder in a real window under Xvfb: a click opens a day, Esc
/// brings the overview back at its range; a day with no file says so and stays.
final class DayZoomWindowTests: XCTestCase {
    private let size = PixelSize(width: 900, height: 500)
    private lazy var plot = ChartLayout.explorer.plotRect(in: size)
    private lazy var bar = ChartLayout.explorer.barRect(in: size)!

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    private func open(_ display: XvfbDisplay) throws -> (LaunchedApp, RGBAImage) {
        let app = try display.launchSightline(["Resources/contest-views/overview.json", "--size", "900x500"])
        let image = try screenshot(until: showsChart, window: app.window, display: display, name: "day-overview")
        XCTAssertTrue(app.trace.wait { $0.lastX != nil })
        app.trace.waitUntilStill()
        return (app, image)
    }

    /// The day shown in the last frame, from the trace's last word group (`day Mon, Mar 11, 2019`).
    private func shownDay(_ trace: TraceLog) -> String? {
        guard let line = trace.lines.last(where: { $0.hasPrefix("frame ") }), let range = line.range(of: " day ") else {
            return nil
        }
        return String(line[range.upperBound...])
    }

    /// Whether a pixel is the day theme's text grey (#5B6878), or near it: not the blue
    /// of the first series' legend dot.
    private func isTextGrey(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        max(p.r, p.g, p.b) < 160 && abs(Int(p.r) - Int(p.b)) < 40
    }

    /// Pixels matching `matches` in the first 80 pixels of the bar above the plot.
    private func inBarStart(_ image: RGBAImage, _ matches: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        (bar.y..<bar.y + bar.height).reduce(0) { total, y in
            total + (bar.x..<bar.x + 80).filter { matches(image[$0, y]) }.count
        }
    }

    func testAClickOpensTheDayAndEscGoesBack() throws {
        let display = try XvfbDisplay()
        let (app, overview) = try open(display)
        defer { withExtendedLifetime(app) {} }
        let before = try XCTUnwrap(app.trace.lastX)
        XCTAssertNil(shownDay(app.trace))

        try display.xdotool(["mousemove", "--window", app.window, "\(plot.x + plot.width / 2)", "\(plot.y + plot.height / 2)",
                             "click", "1"])
        XCTAssertTrue(app.trace.wait { self.shownDay($0) != nil }, "a day opened: \(app.trace.lines.suffix(3))")
        app.trace.waitUntilStill()
        let day = try XCTUnwrap(shownDay(app.trace))
        let dayX = try XCTUnwrap(app.trace.lastX)
        XCTAssertEqual(dayX.upperBound - dayX.lowerBound, 23 * 3_600_000, "the day's 24 hourly points fill the plot")
        XCTAssertTrue(before.contains(dayX.lowerBound), "a day from the range shown: \(day)")
        let frames = app.trace.frameMilliseconds.count
        // The title names the day.
        XCTAssertNoThrow(try display.waitForWindow(titled: day, timeout: 5))
        let dayImage = try screenshot(differingFrom: overview, window: app.window, display: display, name: "day-opened")
        XCTAssertGreaterThan(count(dayImage, isSeriesBlue), 300, "the day's Views line is drawn")
        // Top-left, the overview has its legend's first toggle (a blue dot); the day, its
        // "‹ Zoom out" button there, and the legend further right.
        XCTAssertGreaterThan(inBarStart(overview, isSeriesBlue), 20)
        XCTAssertEqual(inBarStart(dayImage, isSeriesBlue), 0, "no legend dot where the button is")
        XCTAssertGreaterThan(inBarStart(dayImage, isTextGrey), 60, "the button's text")

        try display.xdotool(["key", "--window", app.window, "Escape"])
        XCTAssertTrue(app.trace.wait { self.shownDay($0) == nil && $0.lastX == before },
                      "the overview came back at its range: \(String(describing: app.trace.lastX)) vs \(before)")
        XCTAssertGreaterThan(app.trace.frameMilliseconds.count - frames, 5, "eased back over several frames")
        let back = try screenshot(until: { _ in true }, window: app.window, display: display, name: "day-closed")
        XCTAssertGreaterThan(count(back, isSeriesBlue), 300)
    }

    /// The "‹ Zoom out" button goes back too; a day without a file leaves the overview.
    func testTheButtonGoesBackAndAMissingDayStays() throws {
        let display = try XvfbDisplay()
        let (app, overview) = try open(display)
        defer { withExtendedLifetime(app) {} }
        let before = try XCTUnwrap(app.trace.lastX)
        try display.xdotool(["mousemove", "--window", app.window, "\(plot.x + plot.width - 20)", "\(plot.y + plot.height / 2)",
                             "click", "1"])
        XCTAssertTrue(app.trace.wait { self.shownDay($0) != nil })
        app.trace.waitUntilStill()
        try display.xdotool(["mousemove", "--window", app.window, "\(bar.x + 20)", "\(bar.y + bar.height / 2)", "click", "1"])
        XCTAssertTrue(app.trace.wait { self.shownDay($0) == nil && $0.lastX == before }, "the button went back")

        // Home shows the oldest days, which have no day files in the sample.
        try display.xdotool(["key", "--window", app.window, "Home"])
        XCTAssertTrue(app.trace.wait { ($0.lastX?.lowerBound ?? .infinity) < before.lowerBound - 60 * 86_400_000 })
        app.trace.waitUntilStill()
        let oldest = try XCTUnwrap(app.trace.lastX)
        try display.xdotool(["mousemove", "--window", app.window, "\(plot.x + plot.width / 2)", "\(plot.y + plot.height / 2)",
                             "click", "1"])
        let notice = try screenshot(until: { self.noticePixels($0) > 1500 }, window: app.window, display: display,
                                    name: "day-missing")
        XCTAssertGreaterThan(noticePixels(notice), 1500, "a grey notice across the top of the plot")
        XCTAssertNil(shownDay(app.trace), "no day opened")
        XCTAssertEqual(app.trace.lastX, oldest, "the overview stayed")
        _ = overview
    }

    /// The notice's panel pixels (text grey) in the top strip of the plot.
    private func noticePixels(_ image: RGBAImage) -> Int {
        (plot.y + 14..<plot.y + 30).reduce(0) { total, y in
            total + (plot.x..<plot.x + plot.width).filter { isTextGrey(image[$0, y]) }.count
        }
    }

    private func count(_ image: RGBAImage, _ matches: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        (plot.y..<plot.y + plot.height).reduce(0) { total, y in
            total + (plot.x..<plot.x + plot.width).filter { matches(image[$0, y]) }.count
        }
    }
}
