import ChartRender
import Foundation
import XCTest

/// Where end-to-end tests keep their screenshots (look at them: a test can pass on a
/// picture that is obviously wrong).
let artifacts = NSTemporaryDirectory() + "sightline-e2e"

/// Screenshot helpers shared by the window tests.
extension XCTestCase {
    /// Whether a pixel has the first series' blue (#3D7DD8) rather than the white plot
    /// or the grey margins; antialiased edges count when they lean clearly blue.
    func isSeriesBlue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        Int(p.b) - Int(p.r) > 60 && Int(p.b) - Int(p.g) > 30
    }

    /// For each column, the mean row of the blue line's pixels (nil where none).
    func lineProfile(_ image: RGBAImage) -> [Double?] {
        (0..<image.width).map { x in
            var sum = 0
            var count = 0
            for y in 0..<image.height where isSeriesBlue(image[x, y]) {
                sum += y
                count += 1
            }
            return count > 0 ? Double(sum) / Double(count) : nil
        }
    }

    /// Screenshots until the window shows something other than `previous`.
    func screenshot(differingFrom previous: RGBAImage, window: String, display: XvfbDisplay,
                            name: String) throws -> RGBAImage {
        let image = try screenshot(until: { $0 != previous }, window: window, display: display, name: name)
        XCTAssertNotEqual(image, previous, "\(name): the window redrew")
        return image
    }

    /// Screenshots until `condition` holds (at most 15 s), returning the last one: the
    /// window loads and reads its session in the background, so a fixed wait is a race.
    func screenshot(until condition: (RGBAImage) -> Bool, window: String, display: XvfbDisplay,
                            name: String) throws -> RGBAImage {
        let deadline = Date().addingTimeInterval(15)
        var image = try display.screenshot(window: window, savingTo: "\(artifacts)/\(name).png")
        while !condition(image) && Date() < deadline {
            usleep(200_000)
            image = try display.screenshot(window: window, savingTo: "\(artifacts)/\(name).png")
        }
        return image
    }

    /// Whether the chart (not the loading bar) is on screen: the line spans many rows.
    func showsChart(_ image: RGBAImage) -> Bool {
        Set(lineProfile(image).compactMap { $0.map { Int($0) } }).count > 20
    }

    /// User plus system CPU time of a process, in clock ticks (1/100 s).
    func cpuTicks(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name, which is in parentheses and may hold spaces.
        let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        return Int(fields[11])! + Int(fields[12])!
    }

}
