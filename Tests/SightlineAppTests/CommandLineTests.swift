import ChartData
import ChartRender
import ChartSupport
import Foundation
import Synchronization
import XCTest

/// The command line's contract: exit codes, messages, and PNGs that hold the chart.
final class CommandLineTests: ScratchFolderTestCase {
    func testMissingFileExits66NamingIt() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", "\(folder)/absent.csv", "--out", "\(folder)/x.png"])
        XCTAssertEqual(result.status, 66)
        XCTAssertTrue(result.error.contains("\(folder)/absent.csv"), result.error)
    }

    func testMalformedLineExits65NamingFileAndLine() throws {
        let path = try write("x,y\n1,2\n2,3\n3,four\n", to: "bad.csv")
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--out", "\(folder)/x.png"])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.error.contains("\(path):4:2"), result.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/x.png"))
    }

    func testNoOpenGL33Exits69SayingWhatWasFound() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", "Resources/sample.csv", "--out", "\(folder)/x.png"],
                                           environment: ["MESA_GL_VERSION_OVERRIDE": "3.0"])
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.error.contains("3.0"), result.error)
    }

    func testPlainRenderFillsTheImageWithTheLine() throws {
        // A diagonal from corner to corner: with --plain it runs from (0, h) to (w, 0).
        let path = try write("x,y\n0,0\n10,10\n", to: "diagonal.csv")
        let out = "\(folder)/diagonal.png"
        let result = try ProcessRunner.run(ProcessRunner.sightline,
                                           ["render", path, "--out", out, "--size", "200x100", "--plain",
                                            "--x-range", "0:10", "--y-range", "0:10"])
        XCTAssertEqual(result.status, 0, result.error)
        let image = try PNGFile.read(from: out)
        XCTAssertEqual([image.width, image.height], [200, 100])
        for x in stride(from: 10, to: 190, by: 20) {
            let expectedRow = 100 - Double(x) / 2
            let dark = (0..<100).filter { image[x, $0].r < 200 }
            XCTAssertFalse(dark.isEmpty, "column \(x) crosses the line")
            let centre = Double(dark.reduce(0, +)) / Double(dark.count) + 0.5
            XCTAssertEqual(centre, expectedRow, accuracy: 1.5, "column \(x)")
        }
        XCTAssertEqual(image[199, 99].r, 255, "flat white background, no margins")
    }

    func testWithoutADisplayOpenRendersAPreviewAndSaysWhere() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["Resources/sample.csv", "--size", "400x300"],
                                           environment: ["TMPDIR": folder], removing: ["DISPLAY", "WAYLAND_DISPLAY"])
        XCTAssertEqual(result.status, 0, result.error)
        let path = "\(folder)/sightline-sample.png"
        XCTAssertTrue(result.output.contains(path), result.output)
        XCTAssertTrue(result.output.contains("xvfb-run"), "says how to get a window")
        XCTAssertEqual(try PNGFile.read(from: path).width, 400)
    }

    func testHelpExplainsEveryCommand() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["--help"])
        XCTAssertEqual(result.status, 0)
        for command in ["open", "render", "walk"] {
            XCTAssertTrue(result.output.contains(command), "help mentions \(command)")
        }
    }

    /// W1 at 10 million points, written by `sightline walk` and rendered whole. The
    /// release binary is used when `SIGHTLINE_RELEASE_BIN` names one (the test script
    /// does), since a debug build takes a minute for the same work.
    func testTenMillionPointsRenderToPNG() throws {
        let binary = ProcessInfo.processInfo.environment["SIGHTLINE_RELEASE_BIN"] ?? ProcessRunner.sightline
        let csv = "\(folder)/w1-10m.csv"
        let png = "\(folder)/w1-10m.png"
        let walk = try ProcessRunner.run(binary, ["walk", "10000000", csv], timeout: 600)
        XCTAssertEqual(walk.status, 0, walk.error)
        let started = Date()
        let render = try ProcessRunner.run(binary, ["render", csv, "--out", png, "--plain"], timeout: 600)
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(render.status, 0, render.error)
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        print("10M points: rendered in \(String(format: "%.1f", seconds)) s, peak RSS of the largest child \(usage.ru_maxrss / 1024) MiB")

        let image = try PNGFile.read(from: png)
        XCTAssertEqual([image.width, image.height], [1280, 720])
        func isLine(_ x: Int, _ y: Int) -> Bool { image[x, y].r < 200 }
        let columnsWithLine = (0..<image.width).filter { x in (0..<image.height).contains { isLine(x, $0) } }
        XCTAssertEqual(columnsWithLine.count, image.width, "the walk crosses every column")
        // The view is fitted with 5% room above and below: nothing may reach the top or
        // bottom rows (a degenerate join once drew full-height spikes here).
        let margin = Int(Double(image.height) * 0.03)
        let strays = (0..<image.width).filter { x in
            (0..<margin).contains { isLine(x, $0) } || (image.height - margin..<image.height).contains { isLine(x, $0) }
        }
        XCTAssertEqual(strays, [], "columns with line pixels in the empty margins")
    }

    /// Telegram's chart JSON renders in the colours the file names.
    func testTelegramChartRendersInItsOwnColours() throws {
        let out = "\(folder)/chart.png"
        let result = try ProcessRunner.run(ProcessRunner.sightline,
                                           ["render", "Resources/sample-chart.json", "--out", out, "--size", "400x200"])
        XCTAssertEqual(result.status, 0, result.error)
        let image = try PNGFile.read(from: out)
        func count(_ hex: (Int, Int, Int)) -> Int {
            (0..<image.height).reduce(0) { total, y in
                total + (0..<image.width).filter { x in
                    let p = image[x, y]
                    return abs(Int(p.r) - hex.0) < 12 && abs(Int(p.g) - hex.1) < 12 && abs(Int(p.b) - hex.2) < 12
                }.count
            }
        }
        XCTAssertGreaterThan(count((0x3D, 0xC2, 0x3F)), 200, "'Joined' in #3DC23F")
        XCTAssertGreaterThan(count((0xF3, 0x4C, 0x44)), 200, "'Left' in #F34C44")
    }

    /// A missing font is not fatal: the chart renders without labels, and a warning
    /// names the file that could not be opened and how to fix it.
    func testAMissingFontRendersWithoutLabelsAndSaysSo() throws {
        let out = "\(folder)/nofont.png", labelled = "\(folder)/font.png"
        let arguments = ["render", "Resources/sample.csv", "--size", "640x360", "--no-gradient"]
        let result = try ProcessRunner.run(ProcessRunner.sightline, arguments + ["--out", out],
                                           environment: ["SIGHTLINE_FONT": "\(folder)/absent.ttf"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.error.contains("\(folder)/absent.ttf"), result.error)
        XCTAssertTrue(result.error.contains("SIGHTLINE_FONT"), result.error)
        XCTAssertEqual(try ProcessRunner.run(ProcessRunner.sightline, arguments + ["--out", labelled]).status, 0)
        // The band under the plot holds the x labels: dark text pixels with a font, none without.
        func textPixels(_ path: String) throws -> Int {
            let image = try PNGFile.read(from: path)
            return (image.height - 30..<image.height).reduce(0) { total, y in
                total + (0..<image.width).filter { x in let p = image[x, y]; return Int(p.r) + Int(p.g) + Int(p.b) < 3 * 150 }.count
            }
        }
        XCTAssertGreaterThan(try textPixels(labelled), 100, "with a font the x labels are drawn")
        XCTAssertEqual(try textPixels(out), 0, "without one there are none")
        let unlabelled = try PNGFile.read(from: out)
        let blue = (0..<unlabelled.height).reduce(0) { total, y in
            total + (0..<unlabelled.width).filter { isSeriesBlue(unlabelled[$0, y]) }.count
        }
        XCTAssertGreaterThan(blue, 500, "and the chart is still drawn")
    }

    /// `--theme night` draws on a dark canvas, `--no-gradient` on the theme's flat colour.
    func testThemeAndGradientOptions() throws {
        let out = "\(folder)/night.png"
        let night = try ProcessRunner.run(ProcessRunner.sightline,
                                          ["render", "Resources/sample.csv", "--out", out, "--size", "300x200", "--theme", "night"])
        XCTAssertEqual(night.status, 0, night.error)
        let dark = try PNGFile.read(from: out)[1, 1]
        XCTAssertLessThan(Int(dark.r) + Int(dark.g) + Int(dark.b), 200)
        let flat = try ProcessRunner.run(ProcessRunner.sightline,
                                         ["render", "Resources/sample.csv", "--out", out, "--size", "300x200", "--no-gradient"])
        XCTAssertEqual(flat.status, 0, flat.error)
        let image = try PNGFile.read(from: out)
        for (x, y) in [(1, 1), (298, 1), (1, 198), (298, 198)] {
            XCTAssertEqual([image[x, y].r, image[x, y].g, image[x, y].b], [255, 255, 255], "flat white at \(x),\(y)")
        }
        let bad = try ProcessRunner.run(ProcessRunner.sightline, ["render", "Resources/sample.csv", "--out", out, "--theme", "dusk"])
        XCTAssertEqual(bad.status, 64, "an unknown theme is a usage error")
        let both = try ProcessRunner.run(ProcessRunner.sightline, ["render", "Resources/sample.csv", "--out", out, "--gradient",
                                                                   "--no-gradient"])
        XCTAssertEqual(both.status, 64, "opposite backgrounds are a usage error")
        XCTAssertTrue(both.error.contains("--gradient and --no-gradient"), both.error)
    }

    /// `--smooth` draws the tide table as a curve, not the zigzag, that reaches no higher
    /// and no lower than the zigzag does (its highs and lows are the table's).
    func testSmoothDrawsTheTidesAsACurveWithinTheirRange() throws {
        func render(_ extra: [String]) throws -> RGBAImage {
            let out = "\(folder)/tides\(extra.count).png"
            let run = try ProcessRunner.run(ProcessRunner.sightline,
                                            ["render", "Resources/tides.csv", "--out", out, "--size", "600x200", "--plain",
                                             "--y-range=-1:6"] + extra)
            XCTAssertEqual(run.status, 0, run.error)
            return try PNGFile.read(from: out)
        }
        let smooth = try render(["--smooth"]), straight = try render([])
        XCTAssertNotEqual(smooth, straight)
        func inkRows(_ image: RGBAImage) -> ClosedRange<Int>? {
            let rows = (0..<image.height).filter { y in
                (0..<image.width).contains { x in Int(image[x, y].r) + Int(image[x, y].g) + Int(image[x, y].b) < 600 }
            }
            return rows.first.flatMap { first in rows.last.map { first...$0 } }
        }
        let curve = try XCTUnwrap(inkRows(smooth)), zigzag = try XCTUnwrap(inkRows(straight))
        XCTAssertGreaterThan(zigzag.lowerBound, 10, "room above the highest tide to overshoot into")
        XCTAssertLessThanOrEqual(abs(curve.lowerBound - zigzag.lowerBound), 1, "the highest tide")
        XCTAssertLessThanOrEqual(abs(curve.upperBound - zigzag.upperBound), 1, "the lowest tide")
    }

    /// On a terminal, a slow load draws a progress bar on standard error (run under
    /// script(1), which gives the command a terminal; the one-second delay is set to 0).
    func testALoadShowsAProgressBarOnATerminalOnly() throws {
        let file = "\(folder)/walk.csv"
        XCTAssertEqual(try ProcessRunner.run(ProcessRunner.sightline, ["walk", "300000", file]).status, 0)
        let command = "SIGHTLINE_PROGRESS_DELAY=0 \(ProcessRunner.sightline) bench-data --file \(file)"
        let result = try ProcessRunner.run("script", ["-q", "-e", "-c", command, "/dev/null"], timeout: 300)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("Loading \(file) ["), "a bar while loading: \(result.output.prefix(300))")
        XCTAssertNotNil(result.output.range(of: #"\] [0-9]+%"#, options: .regularExpression), "with a percentage")
        // Not on a terminal: no bar.
        let piped = try ProcessRunner.run(ProcessRunner.sightline, ["bench-data", "--file", file],
                                          environment: ["SIGHTLINE_PROGRESS_DELAY": "0"])
        XCTAssertEqual(piped.status, 0)
        XCTAssertFalse(piped.error.contains("Loading"))
    }

    /// The benchmark's smoke run: 100k points, 30 frames, offscreen. No time is judged;
    /// the command must run and report every figure other tools read.
    func testBenchSmokeRunReportsEveryFigure() throws {
        let json = "\(folder)/bench.json"
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["bench", "--points", "100000", "--frames", "30", "--json", json])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("empty frame"), result.output)
        let data = try Data(contentsOf: URL(fileURLWithPath: json))
        let figures = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        for key in ["points", "frames", "p50_ms", "p95_ms", "p99_ms", "max_ms", "cpu_ms_p50", "gpu_ms_p50",
                    "upload_bytes_p50", "upload_bytes_max", "ttff_s", "peak_rss_mb", "floor_p50_ms", "floor_p95_ms", "renderer"] {
            XCTAssertNotNil(figures[key], "\(key) in the JSON")
        }
        XCTAssertEqual(figures["points"] as? Int, 100_000)
        XCTAssertEqual(figures["frames"] as? Int, 30)
        XCTAssertEqual(figures["upload_bytes_p50"] as? Double, 0, "most frames upload nothing")
        let p50 = try XCTUnwrap(figures["p50_ms"] as? Double), p95 = try XCTUnwrap(figures["p95_ms"] as? Double)
        XCTAssertGreaterThan(p50, 0)
        XCTAssertLessThanOrEqual(p50, p95)
        XCTAssertTrue((figures["renderer"] as? String)?.isEmpty == false)
        XCTAssertEqual(figures["msaa_samples"] as? Int, 0)

        // The low-end knobs run too: MSAA, half resolution, no gradient.
        let knobs = try ProcessRunner.run(ProcessRunner.sightline, ["bench", "--points", "20000", "--frames", "3", "--msaa", "4",
                                                                     "--scale", "0.5", "--no-gradient", "--json", json])
        XCTAssertEqual(knobs.status, 0, knobs.error)
        XCTAssertTrue(knobs.output.contains("MSAA 4×") && knobs.output.contains("scale 0.5"), knobs.output)
        let knobFigures = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        XCTAssertEqual(knobFigures["msaa_samples"] as? Int, 4)
    }

    /// Bars and areas over a file draw its own series: the first three, or as many as it
    /// has (one here, five there), negative values included.
    func testBenchKindsOverAFileStackItsOwnSeries() throws {
        let one = try write("x,y\n1,2\n2,-3\n3,5\n4,1\n", to: "one.csv")
        let five = try write("x,a,b,c,d,e\n1,1,2,3,4,5\n2,2,-1,1,3,2\n3,3,3,3,3,3\n", to: "five.csv")
        for kind in ["bars", "stacked-bars", "areas", "percentage"] {
            for (file, layers) in [(one, 1), (five, kind == "bars" ? 1 : 3)] {
                let result = try ProcessRunner.run(ProcessRunner.sightline, ["bench", "--kind", kind, "--file", file,
                                                                             "--frames", "3", "--size", "160x90"])
                XCTAssertEqual(result.status, 0, "\(kind) over \(file): \(result.error)")
                XCTAssertTrue(result.output.contains("\(kind), \(layers) × "), "\(kind) over \(file): \(result.output)")
            }
        }
    }

    /// `--workload w2` generates W2's four series with their gaps and runs the script
    /// over them; it takes neither a file nor too few points for its gaps.
    func testBenchWorkloadW2RunsItsFourSeries() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["bench", "--workload", "w2", "--points", "40000",
                                                                     "--frames", "3", "--size", "160x90"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("W2, 10000 rows × 4 series"), result.output)
        let file = try write("x,y\n1,2\n2,3\n", to: "two.csv")
        for arguments in [["--file", file], ["--points", "3999"], ["--kind", "bars"]] {
            let refused = try ProcessRunner.run(ProcessRunner.sightline, ["bench", "--workload", "w2", "--frames", "3"] + arguments)
            XCTAssertNotEqual(refused.status, 0, "\(arguments)")
            XCTAssertTrue(refused.error.contains("--workload") || refused.error.contains("--points"), refused.error)
        }
    }

    // MARK: Output files are never destroyed

    private func fileType(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    private func device(_ name: String, minor: UInt32) throws -> String {
        try deviceNode(name, minor: minor, in: folder)
    }

    private func renderTiny(to out: String, from input: String = "Resources/sample.csv") throws -> ProcessRunner.Result {
        try ProcessRunner.run(ProcessRunner.sightline, ["render", input, "--out", out, "--size", "64x48", "--plain"])
    }

    /// `--out /dev/null` writes into the device; it stays a character device.
    func testRenderingToDevNullKeepsTheDevice() throws {
        let null = try device("null", minor: 3)
        XCTAssertEqual(fileType(null), S_IFCHR, "precondition")
        let result = try renderTiny(to: null)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(fileType(null), S_IFCHR, "\(null) is still a character device")
    }

    /// A symbolic link stays a link; its target gets the PNG.
    func testRenderingToASymlinkReplacesItsTarget() throws {
        try FileManager.default.createDirectory(atPath: "\(folder)/real", withIntermediateDirectories: true)
        let target = try write("old", to: "real/chart.png")
        let link = "\(folder)/link.png"
        XCTAssertEqual(symlink("real/chart.png", link), 0)
        let result = try renderTiny(to: link)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(fileType(link), S_IFLNK, "the link is still a link")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real/chart.png")
        XCTAssertEqual(try PNGFile.read(from: target).width, 64, "the target holds the PNG")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/real"), ["chart.png"], "no temporary left")
    }

    /// `--out` naming the input (directly, through a link, or a hard link) is refused
    /// with 73, and the CSV is left as it was.
    func testRenderingOverTheInputIsRefused() throws {
        let csv = try write("x,y\n0,0\n10,10\n", to: "data.csv")
        XCTAssertEqual(symlink(csv, "\(folder)/alias.csv"), 0)
        XCTAssertEqual(link(csv, "\(folder)/hard.csv"), 0)
        for out in [csv, "\(folder)/alias.csv", "\(folder)/hard.csv", "\(folder)/./data.csv"] {
            let result = try renderTiny(to: out, from: csv)
            XCTAssertEqual(result.status, 73, "\(out): \(result.error)")
            XCTAssertTrue(result.error.contains("input"), result.error)
            XCTAssertEqual(try String(contentsOfFile: csv, encoding: .utf8), "x,y\n0,0\n10,10\n", "\(out): the CSV is unchanged")
        }
        XCTAssertEqual(fileType("\(folder)/alias.csv"), S_IFLNK)
    }

    /// A FIFO is written into, not replaced: `cat` reading it gets the PNG.
    func testRenderingToAFIFOFeedsItsReader() throws {
        let fifo = "\(folder)/pipe.png"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let received = "\(folder)/received.png"
        XCTAssertTrue(FileManager.default.createFile(atPath: received, contents: nil))
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: try ProcessRunner.resolve("cat"))
        reader.arguments = [fifo]
        reader.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: received))
        try reader.run()
        let result = try renderTiny(to: fifo)
        XCTAssertEqual(result.status, 0, result.error)
        let deadline = Date().addingTimeInterval(10)
        while reader.isRunning && Date() < deadline { usleep(20_000) }
        if reader.isRunning {
            reader.terminate()
            XCTFail("cat never saw the end of the FIFO: the PNG went somewhere else")
        }
        reader.waitUntilExit()
        XCTAssertEqual(fileType(fifo), S_IFIFO, "the FIFO is still a FIFO")
        XCTAssertEqual(try PNGFile.read(from: received).width, 64)
    }

    /// A full device is an error that says so: 73 and "no space left on device".
    func testRenderingToAFullDeviceSaysNoSpace() throws {
        let full = try device("full", minor: 7)
        let result = try renderTiny(to: full)
        XCTAssertEqual(result.status, 73, result.error)
        XCTAssertTrue(result.error.lowercased().contains("no space left on device"), result.error)
        XCTAssertTrue(result.error.contains(full), result.error)
        XCTAssertEqual(fileType(full), S_IFCHR)
        let walk = try ProcessRunner.run(ProcessRunner.sightline, ["walk", "1000", full])
        XCTAssertEqual(walk.status, 73, walk.error)
        XCTAssertTrue(walk.error.lowercased().contains("no space left on device"), walk.error)
    }

    /// An output name of 250 characters works: the temporary's name does not grow with it.
    func testAnOutputNameOf250CharactersWorks() throws {
        let name = String(repeating: "n", count: 246) + ".png"
        let result = try renderTiny(to: "\(folder)/\(name)")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(try PNGFile.read(from: "\(folder)/\(name)").width, 64)
        let walk = try ProcessRunner.run(ProcessRunner.sightline, ["walk", "100", "\(folder)/" + String(repeating: "w", count: 250)])
        XCTAssertEqual(walk.status, 0, walk.error)
    }

    /// A directory is not an output file: `--out dir/` and an existing directory say so.
    func testRenderingToADirectoryIsRefused() throws {
        for out in ["\(folder)/", folder, "\(folder)/new-folder/"] {
            let result = try renderTiny(to: out)
            XCTAssertEqual(result.status, 73, "\(out): \(result.error)")
            XCTAssertTrue(result.error.contains("is a directory"), result.error)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/new-folder"))
        XCTAssertEqual(fileType(folder), S_IFDIR)
    }

    /// `walk` and `bench --json` go through the same writer: a link stays a link.
    func testWalkWritesThroughALink() throws {
        let target = try write("old", to: "walk-target.csv")
        let link = "\(folder)/walk-link.csv"
        XCTAssertEqual(symlink(target, link), 0)
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["walk", "10", link])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(fileType(link), S_IFLNK)
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("x,y\n"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") || $0.contains(".tmp-") }, [])
    }

    /// Runs `session-save-loop` on `directory` for `seconds`, then kills it.
    private func runSaveLoop(in directory: String, for seconds: Double) throws {
        let saver = try ProcessRunner.start(ProcessRunner.sightline, ["session-save-loop", "--directory", directory])
        usleep(UInt32(seconds * 1_000_000))
        kill(saver.processIdentifier, SIGKILL)
        saver.waitUntilExit()
    }

    /// A session.json that is a link (dotfiles managers make them) is written through:
    /// the link stays, its target holds the session.
    func testALinkedSessionFileStaysALink() throws {
        let directory = "\(folder)/config"
        try FileManager.default.createDirectory(atPath: "\(folder)/dotfiles", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        XCTAssertEqual(symlink("../dotfiles/session.json", "\(directory)/session.json"), 0)
        try runSaveLoop(in: directory, for: 0.5)
        XCTAssertEqual(fileType("\(directory)/session.json"), S_IFLNK, "still a link")
        XCTAssertEqual(fileType("\(folder)/dotfiles/session.json"), S_IFREG)
        XCTAssertFalse(SessionStore(directory: URL(fileURLWithPath: "\(folder)/dotfiles")).loadNow().files.isEmpty)
    }

    /// A start removes the temporaries that saves killed with SIGKILL left, when their
    /// process is gone.
    func testAStartRemovesTemporariesOfKilledSaves() throws {
        let directory = "\(folder)/config"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let finished = try ProcessRunner.start("/bin/true", [])
        finished.waitUntilExit()
        let leftover = "\(directory)/.session.json.\(finished.processIdentifier).tmp"
        try "{\"files\": [".write(toFile: leftover, atomically: false, encoding: .utf8)
        try runSaveLoop(in: directory, for: 0.5)
        XCTAssertFalse(FileManager.default.fileExists(atPath: leftover), "the dead process's temporary is gone")
    }

    /// `sightline` alone reopens the most recent file with the chart and columns it was
    /// opened with (here a remembered `--y` the file no longer has, which is reported as
    /// a given one is); options on the command line win.
    func testWithoutAFileTheLastOneReopensWithItsColumns() throws {
        let csv = try write("x,keep,other\n0,1,2\n1,2,3\n", to: "columns.csv")
        let config = "\(folder)/xdg"
        var session = Session()
        session.noteOpened(csv, y: ["gone"])
        try SessionStore(directory: URL(fileURLWithPath: config + "/sightline")).write(session)
        let environment = ["XDG_CONFIG_HOME": config, "TMPDIR": folder]
        let remembered = try ProcessRunner.run(ProcessRunner.sightline, ["--size", "200x100"], environment: environment,
                                               removing: ["DISPLAY", "WAYLAND_DISPLAY"])
        XCTAssertEqual(remembered.status, 64, remembered.error)
        XCTAssertTrue(remembered.error.contains("gone"), remembered.error)
        let overridden = try ProcessRunner.run(ProcessRunner.sightline, ["--size", "200x100", "--y", "keep"], environment: environment,
                                               removing: ["DISPLAY", "WAYLAND_DISPLAY"])
        XCTAssertEqual(overridden.status, 0, overridden.error)
        XCTAssertTrue(overridden.output.contains("sightline-columns.png"), overridden.output)
    }

    /// A process saving in a loop, killed with SIGKILL at random moments, never leaves a
    /// session file that fails to load.
    func testSessionSurvivesSIGKILLMidSave() throws {
        // Seeded, so a failing run's kill times can be replayed.
        var rng = SplitMix64(seed: 17)
        let directory = "\(folder)/config"
        for round in 0..<40 {
            let saver = try ProcessRunner.start(ProcessRunner.sightline, ["session-save-loop", "--directory", directory])
            usleep(UInt32.random(in: 20_000...120_000, using: &rng))
            kill(saver.processIdentifier, SIGKILL)
            saver.waitUntilExit()
            let store = SessionStore(directory: URL(fileURLWithPath: directory))
            let warnings = WarningCollector()
            store.onWarning = { warnings.add($0) }
            let session = store.loadNow()
            XCTAssertEqual(warnings.count, 0, "round \(round): \(warnings.all)")
            if FileManager.default.fileExists(atPath: store.fileURL.path) {
                XCTAssertFalse(session.files.isEmpty, "round \(round): a saved session holds its files")
            }
        }
        let session = SessionStore(directory: URL(fileURLWithPath: directory)).loadNow()
        XCTAssertFalse(session.files.isEmpty, "some save completed in 40 rounds")
        // What the kills left is swept once no process holds it and it is 2 s old.
        sleep(3)
        _ = SessionStore(directory: URL(fileURLWithPath: directory)).loadNow()
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(left, [], "temporaries of killed saves")
    }
}

final class WarningCollector: Sendable {
    private let messages = Mutex<[String]>([])
    func add(_ message: String) { messages.withLock { $0.append(message) } }
    var count: Int { messages.withLock { $0.count } }
    var all: [String] { messages.withLock { $0 } }
}
