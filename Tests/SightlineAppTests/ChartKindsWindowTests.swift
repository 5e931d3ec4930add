import ChartGeometry
import ChartRender
import Foundation
import XCTest

/// Bar charts and charts of shares in a real window under Xvfb, driven by xdotool.
final class ChartKindsWindowTests: XCTestCase {
    private let size = PixelSize(width: 900, height: 500)
    private lazy var plot = ChartLayout.explorer.plotRect(in: size)

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    private func open(_ display: XvfbDisplay, _ file: String, name: String) throws -> (LaunchedApp, RGBAImage) {
        let app = try display.launchSightline([file, "--size", "900x500", "--no-gradient", "--theme", "day"])
        XCTAssertTrue(app.trace.wait { $0.lastX != nil })
        // The pointer starts at the screen's centre, over the plot: out of it first.
        try display.xdotool(["mousemove", "--window", app.window, "450", "-40"])
        XCTAssertTrue(app.trace.wait { $0.lastBoard == nil })
        app.trace.waitUntilStill()
        let image = try screenshot(until: { _ in true }, window: app.window, display: display, name: name)
        return (app, image)
    }

    /// The bar colour (#64ADED) at full strength, or dimmed over the white background.
    private func isFullBar(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        abs(Int(p.r) - 100) < 12 && abs(Int(p.g) - 173) < 12 && abs(Int(p.b) - 237) < 12
    }

    private func isDimmedBar(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        abs(Int(p.r) - 177) < 16 && abs(Int(p.g) - 214) < 16 && abs(Int(p.b) - 246) < 12
    }

    /// Columns of the plot whose bottom row (where every bar is) matches.
    private func columns(_ image: RGBAImage, _ matches: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> [Int] {
        let y = plot.y + plot.height - 3
        return (plot.x..<plot.x + plot.width).filter { matches(image[$0, y]) }
    }

    /// Hovering a bar keeps it in its colour and dims every other step; leaving the plot
    /// undims them all.
    func testHoverDimsEveryOtherBar() throws {
        let display = try XvfbDisplay()
        let (app, opened) = try open(display, "Resources/contest-bars/overview.json", name: "bars-opened")
        defer { withExtendedLifetime(app) {} }
        XCTAssertGreaterThan(columns(opened, isFullBar).count, plot.width / 2, "bars fill the plot's width")
        XCTAssertTrue(columns(opened, isDimmedBar).isEmpty)

        let x = plot.x + plot.width / 2
        try display.xdotool(["mousemove", "--window", app.window, "\(x)", "\(plot.y + plot.height / 2)"])
        XCTAssertTrue(app.trace.wait { $0.lastBoard != nil }, "hovering shows the board")
        let hovered = try screenshot(differingFrom: opened, window: app.window, display: display, name: "bars-hovered")
        let full = columns(hovered, isFullBar)
        XCTAssertFalse(full.isEmpty, "the hovered bar keeps its colour")
        XCTAssertLessThan(full.count, 20, "one bar only: \(full)")
        XCTAssertLessThanOrEqual(abs((full.first! + full.last!) / 2 - x), 12, "under the pointer: \(full)")
        XCTAssertGreaterThan(columns(hovered, isDimmedBar).count, plot.width / 2, "every other bar dims")

        try display.xdotool(["mousemove", "--window", app.window, "\(x)", "-40"])
        XCTAssertTrue(app.trace.wait { $0.lastBoard == nil })
        let left = try screenshot(differingFrom: hovered, window: app.window, display: display, name: "bars-left")
        XCTAssertTrue(columns(left, isDimmedBar).isEmpty, "nothing dims once the pointer leaves")
    }

    /// A click on a chart of shares turns its areas into a pie; Esc brings them back at
    /// the range shown before.
    func testAClickTurnsSharesIntoAPie() throws {
        let display = try XvfbDisplay()
        let (app, opened) = try open(display, "Resources/contest-shares/overview.json", name: "shares-opened")
        defer { withExtendedLifetime(app) {} }
        let before = try XCTUnwrap(app.trace.lastX)
        // Android's green fills the bottom of the plot.
        func isAndroid(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
            abs(Int(p.r) - 61) < 14 && abs(Int(p.g) - 160) < 14 && abs(Int(p.b) - 90) < 14
        }
        XCTAssertGreaterThan(columns(opened, isAndroid).count, plot.width * 9 / 10)
        try display.xdotool(["mousemove", "--window", app.window, "\(plot.x + plot.width / 2)", "\(plot.y + 60)", "click", "1"])
        XCTAssertTrue(app.trace.wait { ($0.lastX.map { $0.upperBound - $0.lowerBound } ?? 0) < (before.upperBound - before.lowerBound) / 3 },
                      "the view eased to the week clicked")
        app.trace.waitUntilStill()
        let pie = try screenshot(differingFrom: opened, window: app.window, display: display, name: "shares-pie")
        XCTAssertLessThan(columns(pie, isAndroid).count, plot.width / 2, "the areas gave way to the pie")
        let centre = (plot.x + plot.width / 2, plot.y + plot.height / 2)
        var green = 0
        for y in plot.y..<plot.y + plot.height {
            for x in plot.x..<plot.x + plot.width where isAndroid(pie[x, y]) {
                XCTAssertLessThan(hypot(Double(x - centre.0), Double(y - centre.1)), 0.42 * Double(plot.height), "inside the disc")
                green += 1
            }
        }
        XCTAssertGreaterThan(green, 2_000, "Android's slice")
        try display.xdotool(["key", "--window", app.window, "Escape"])
        XCTAssertTrue(app.trace.wait { $0.lastX == before }, "back at the range before: \(String(describing: app.trace.lastX))")
        app.trace.waitUntilStill()
        let back = try screenshot(until: { _ in true }, window: app.window, display: display, name: "shares-back")
        XCTAssertGreaterThan(columns(back, isAndroid).count, plot.width * 9 / 10)
    }
}
