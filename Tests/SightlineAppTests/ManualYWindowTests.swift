import ChartGeometry
import ChartRender
import Foundation
import XCTest

/// y by hand in the real app under Xvfb, driven by xdotool: Shift+wheel sets y and the
/// padlock shows over the left axis; it stays through x pans; `0` fits y and takes it away.
final class ManualYWindowTests: XCTestCase {
    /// ChartLayout.explorer for a 1280 × 720 window.
    private let plot = ChartLayout.explorer.plotRect(in: PixelSize(width: 1280, height: 720))

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    /// Pixels of the day theme's dark text where `AxisLockController` puts the padlock
    /// over the left axis: 7 × 9 pixels, 4 left of the plot and 4 above it.
    private func padlockInk(_ image: RGBAImage) -> Int {
        var count = 0
        for y in (plot.y - 13)..<(plot.y - 4) {
            for x in (plot.x - 11)..<(plot.x - 4) where max(image[x, y].r, image[x, y].g, image[x, y].b) < 140 {
                count += 1
            }
        }
        return count
    }

    func testShiftWheelSetsYWithAPadlockUntilZero() throws {
        let display = try XvfbDisplay()
        let app = try display.launchSightline(["Resources/sample.csv", "--size", "1280x720"])
        defer { withExtendedLifetime(app) {} }
        let opened = try screenshot(until: showsChart, window: app.window, display: display, name: "manual-y-opened")
        XCTAssertTrue(app.trace.wait { $0.lastX != nil })
        XCTAssertEqual(padlockInk(opened), 0, "no padlock while y fits the data")
        try display.xdotool(["mousemove", "--window", app.window, "\(plot.x + plot.width / 2)", "\(plot.y + plot.height / 3)",
                             "keydown", "shift", "click", "--repeat", "3", "--delay", "60", "4", "keyup", "shift"])
        app.trace.waitUntilStill()
        let locked = try screenshot(until: { self.padlockInk($0) > 10 }, window: app.window, display: display, name: "manual-y-locked")
        XCTAssertGreaterThan(padlockInk(locked), 10, "the padlock over the left axis")
        XCTAssertNotEqual(lineProfile(locked), lineProfile(opened), "y zoomed")

        try display.xdotool(["key", "--window", app.window, "Left", "Left", "Left"])
        app.trace.waitUntilStill()
        let panned = try screenshot(differingFrom: locked, window: app.window, display: display, name: "manual-y-panned")
        XCTAssertGreaterThan(padlockInk(panned), 10, "x moved: y stays set by hand")

        try display.xdotool(["key", "--window", app.window, "0"])
        app.trace.waitUntilStill()
        let fitted = try screenshot(until: { self.padlockInk($0) == 0 }, window: app.window, display: display, name: "manual-y-fitted")
        XCTAssertEqual(padlockInk(fitted), 0, "0 fits y again, and the padlock goes")
    }
}
