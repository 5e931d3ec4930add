import Foundation
import XCTest

/// A test's display is its own X server: a window test once pressed a key into a window
/// that was gone (BadWindow) while other suites ran window tests on the same machine.
final class XvfbDisplayTests: XCTestCase {
    /// Another server on the display number this process tries first, without a lock
    /// file (`-nolock`) so the number looks free: our Xvfb cannot listen there and exits,
    /// and the display used must not be the other one, which answers all the same.
    func testADisplayNumberAnotherServerHoldsIsNotUsed() throws {
        var number = 90 + Int(getpid() % 100)
        while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
                || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        let other = try ProcessRunner.start("Xvfb", [":\(number)", "-nolock", "-screen", "0", "320x200x24", "-nolisten", "tcp"])
        defer {
            other.terminate()
            other.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(15)
        while (try? ProcessRunner.run("xdotool", ["getdisplaygeometry"], environment: ["DISPLAY": ":\(number)"], timeout: 5))?
                .status != 0 {
            XCTAssertTrue(other.isRunning && Date() < deadline, "the other server did not start")
            if !other.isRunning || Date() >= deadline { return }
            usleep(50_000)
        }
        let display = try XvfbDisplay()
        XCTAssertNotEqual(display.name, ":\(number)")
        XCTAssertEqual(try display.xdotool(["getdisplaygeometry"]), "1280 800", "our server, not the other's 320x200")
    }
}
