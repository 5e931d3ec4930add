import CSDL2
@testable import ChartApp
import XCTest

/// A file dropped on the window: SDL's drop event decodes to its path, which the window
/// loads with the chart's files into one chart (the load a drop starts, run here
/// without a window): it joins on its own x, or fails with the message the chart shows.
final class FileDropTests: XCTestCase {
    func testADroppedFileDecodesToItsPath() throws {
        var event = SDL_Event()
        event.type = SDL_DROPFILE.rawValue
        let path = strdup("/data/dax daily.csv")
        defer { free(path) }
        event.drop.file = path
        XCTAssertEqual(SDLEventDecoder(pixelScale: 1).decode(event), .fileDropped(path: "/data/dax daily.csv"))
        event.drop.file = nil
        XCTAssertNil(SDLEventDecoder(pixelScale: 1).decode(event), "no path, nothing dropped")
    }

    private func outcome(of paths: [String]) throws -> LoadingTask.Outcome {
        let task = try LoadingTask(paths: paths, options: .init(), lod: .minMax, connectsGaps: false, wakeEvent: 0)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let outcome = task.takeOutcome() { return outcome }
            usleep(2_000)
        }
        // A load that never ends is a failure (it is what a hung drop would look like).
        return try XCTUnwrap(nil, "the load of \(paths) did not end in 30 s")
    }

    func testTheDroppedFileJoinsTheChartOrSaysWhyNot() throws {
        let folder = NSTemporaryDirectory() + "sightline-drop-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ text: String, _ name: String) throws -> String {
            try text.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
            return "\(folder)/\(name)"
        }
        let a = try write("Date,Close\n2024-01-01,1\n2024-01-02,2\n2024-01-03,3\n", "a.csv")
        let b = try write("Date,Close\n2024-01-02,10\n2024-01-04,20\n", "b.csv")
        let n = try write("Run,Speed\n1,5\n2,6\n", "runs.csv")
        guard case let .loaded(source) = try outcome(of: [a, b]) else { return XCTFail("a and b load as one chart") }
        XCTAssertEqual(source.dataset.series.map(\.name), ["a: Close", "b: Close"])
        XCTAssertEqual(source.dataset.count, 4)
        guard case let .failed(error) = try outcome(of: [a, n]) else { return XCTFail("dates beside numbers fail") }
        XCTAssertEqual(error, .mixedX(file: a, kind: "dates", other: n, otherKind: "numbers"))
    }
}
