import ChartGeometry
import ChartRender
import Foundation
import XCTest

/// The audiograph in a real window under Xvfb, heard through SDL's disk audio driver
/// (`SDL_AUDIODRIVER=disk` writes what the device plays, raw 32-bit float stereo, to
/// `SDL_DISKAUDIOFILE`, in real time).
final class AudiographWindowTests: ScratchFolderTestCase {
    private let size = PixelSize(width: 900, height: 500)
    private lazy var plot = ChartLayout.explorer.plotRect(in: size)

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    private var recording: String { "\(folder)/audio.raw" }

    private func open(_ display: XvfbDisplay, seconds: Double, driver: String = "disk",
                      errors: Pipe? = nil) throws -> LaunchedApp {
        let app = try display.launchSightline(["Resources/sample.csv", "--size", "900x500", "--audio-seconds", "\(seconds)"],
                                              environment: ["SDL_AUDIODRIVER": driver, "SDL_DISKAUDIOFILE": recording],
                                              errors: errors)
        _ = try screenshot(until: showsChart, window: app.window, display: display, name: "audiograph-opened")
        XCTAssertTrue(app.trace.wait { $0.lastX != nil })
        app.trace.waitUntilStill()
        // The pointer away from the plot, so only the sweep moves the highlight.
        try display.xdotool(["mousemove", "--window", app.window, "450", "-40"])
        return app
    }

    /// Columns of the plot that the sweep line (Berlin's blue, top to bottom) fills.
    private func sweepColumns(_ image: RGBAImage) -> [Int] {
        (plot.x..<plot.x + plot.width).filter { x in
            (plot.y..<plot.y + plot.height).filter { isSeriesBlue(image[x, $0]) }.count > plot.height * 8 / 10
        }
    }

    func testAPlaysTheViewWhileALineSweepsItAndTheBoardFollows() throws {
        let display = try XvfbDisplay()
        let app = try open(display, seconds: 2)
        defer { withExtendedLifetime(app) {} }
        let view = try XCTUnwrap(app.trace.lastX)
        try display.xdotool(["key", "--window", app.window, "a"])
        XCTAssertTrue(app.trace.wait { $0.lastAudioX != nil }, "the sweep started")
        let during = try screenshot(until: { !self.sweepColumns($0).isEmpty }, window: app.window, display: display,
                                    name: "audiograph-sweep")
        XCTAssertFalse(sweepColumns(during).isEmpty, "a vertical line in the series' colour crosses the plot")
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.audioXs.count > 10 && $0.lastAudioX == nil }, "the sweep ended")
        let xs = app.trace.audioXs
        XCTAssertEqual(xs, xs.sorted(), "the line only moves right")
        let width = view.upperBound - view.lowerBound
        XCTAssertLessThan(try XCTUnwrap(xs.first) - view.lowerBound, 0.15 * width, "from the left of the view")
        XCTAssertLessThan(view.upperBound - (try XCTUnwrap(xs.last)), 0.15 * width, "to its right")
        let withBoard = app.trace.lines.filter { $0.contains(" audio ") && $0.contains(" board ") }.count
        XCTAssertGreaterThan(withBoard, xs.count / 2, "the info board follows the sweep")
        XCTAssertTrue(app.trace.waitUntilStill(), "no frames after the end")

        let sound = try PCMRecording.rawFloats(at: recording, sampleRate: 44_100)
        let span = try XCTUnwrap(sound.audibleSpan(), "the device played sound")
        XCTAssertEqual(span.seconds, 2, accuracy: 0.2, "as long as --audio-seconds")
        let middle = span.start + 1
        let hertz = try XCTUnwrap(sound.frequency(over: (middle - 0.05)...(middle + 0.05)))
        XCTAssertTrue((140...2700).contains(hertz), "a tone in the audiograph's range: \(hertz) Hz")
        XCTAssertGreaterThan(sound.rms(over: (middle - 0.5)...(middle + 0.5)), 0.05)
    }

    func testEscStopsTheSoundAndDoesNothingElse() throws {
        let display = try XvfbDisplay()
        let app = try open(display, seconds: 6)
        defer { withExtendedLifetime(app) {} }
        // A pinned highlight: a plain Esc would clear it.
        try display.xdotool(["mousemove", "--window", app.window, "\(plot.x + plot.width / 2)", "\(plot.y + plot.height / 2)",
                             "click", "1"])
        XCTAssertTrue(app.trace.wait { $0.lastBoard != nil })
        try display.xdotool(["mousemove", "--window", app.window, "450", "-40"])
        try display.xdotool(["key", "--window", app.window, "a"])
        XCTAssertTrue(app.trace.wait { $0.lastAudioX != nil })
        usleep(1_000_000)
        try display.xdotool(["key", "--window", app.window, "Escape"])
        XCTAssertTrue(app.trace.wait(timeout: 3) { $0.lastAudioX == nil }, "Esc stopped the sweep")
        app.trace.waitUntilStill()
        XCTAssertNotNil(app.trace.lastBoard, "and left the pinned highlight alone")
        try display.xdotool(["key", "--window", app.window, "Escape"])
        XCTAssertTrue(app.trace.wait { $0.lastBoard == nil }, "the next Esc clears it")
        usleep(300_000)
        let sound = try PCMRecording.rawFloats(at: recording, sampleRate: 44_100)
        let span = try XCTUnwrap(sound.audibleSpan())
        XCTAssertLessThan(span.seconds, 3, "the sound stopped with the line")
    }

    func testWithoutAnAudioDeviceItSaysSoAndCarriesOn() throws {
        let display = try XvfbDisplay()
        let errors = Pipe()
        let app = try open(display, seconds: 2, driver: "no-such-driver", errors: errors)
        defer { withExtendedLifetime(app) {} }
        let before = try screenshot(until: { _ in true }, window: app.window, display: display, name: "audiograph-before")
        try display.xdotool(["key", "--window", app.window, "a"])
        let notice = try screenshot(differingFrom: before, window: app.window, display: display, name: "audiograph-no-device")
        let changedTop = (plot.y..<plot.y + 40).reduce(0) { total, y in
            total + (plot.x..<plot.x + plot.width).filter { notice[$0, y] != before[$0, y] }.count
        }
        XCTAssertGreaterThan(changedTop, 1000, "a notice across the top of the plot")
        XCTAssertNil(app.trace.lastAudioX, "no sweep without sound")
        XCTAssertTrue(app.process.isRunning, "no crash")
        app.process.terminate()
        app.process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(said.contains("sightline: no audio"), said)
    }
}

extension TraceLog {
    /// The sweep line's x in every frame that drew one (`audio X`), in order.
    var audioXs: [Double] { lines.compactMap(Self.audioX) }

    /// The sweep line's x in the last frame, if it drew one.
    var lastAudioX: Double? { lines.last { $0.hasPrefix("frame ") }.flatMap(Self.audioX) }

    private static func audioX(_ line: String) -> Double? {
        let words = line.split(separator: " ")
        guard let i = words.firstIndex(of: "audio"), i + 1 < words.count else { return nil }
        return Double(words[i + 1])
    }
}
