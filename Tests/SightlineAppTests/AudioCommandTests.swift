import Foundation
import XCTest

/// `sightline audio`: the WAV it writes, measured (pitch by zero crossings, silence by
/// RMS, clicks by the largest step), and its messages for bad input.
final class AudioCommandTests: ScratchFolderTestCase {
    /// The steepest a clean tone at 2600 Hz and amplitude 0.5 moves in one sample, plus
    /// 16-bit rounding and a 5 ms ramp's share.
    private let clickFreeStep = 2 * Double.pi * 2600 / 44_100 * 0.5 + 0.01

    private func audio(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.run(ProcessRunner.sightline, ["audio"] + arguments)
    }

    /// Days of 2020 with `value(dayIndex)` in two columns: `up` and `down`.
    private func dailyFile(_ up: (Int) -> String, _ down: (Int) -> String) throws -> String {
        var csv = "Date,up,down\n"
        for day in 0..<366 {
            let date = Date(timeIntervalSince1970: 1_577_836_800 + Double(day) * 86_400)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            csv += "\(formatter.string(from: date)),\(up(day)),\(down(day))\n"
        }
        return try write(csv, to: "daily.csv")
    }

    func testARampIsAWAVRisingFrom150To2600HertzWithoutClicks() throws {
        let path = try dailyFile({ "\($0)" }, { "\(365 - $0)" })
        let out = "\(folder)/ramp.wav"
        let result = try audio([path, "--out", out, "--seconds", "3"])
        XCTAssertEqual(result.status, 0, result.error)
        let wav = try PCMRecording.wav(at: out)
        XCTAssertEqual([wav.tag(0), wav.tag(8), wav.tag(12), wav.tag(36)], ["RIFF", "WAVE", "fmt ", "data"])
        XCTAssertEqual([wav.u32(16), wav.u16(20), wav.u16(22), wav.u32(24), wav.u32(28), wav.u16(32), wav.u16(34)],
                       [16, 1, 2, 44_100, 176_400, 4, 16], "16-bit PCM stereo at 44.1 kHz")
        XCTAssertEqual(wav.u32(40), wav.recording.samples.count * 2)
        XCTAssertEqual(wav.u32(4), 36 + wav.u32(40))
        let sound = wav.recording
        XCTAssertEqual(sound.seconds, 3, accuracy: 0.15, "within 5% of --seconds")
        var previous = 0.0
        for t in stride(from: 0.1, to: 2.9, by: 0.2) {
            let hertz = try XCTUnwrap(sound.frequency(over: (t - 0.05)...(t + 0.05)), "a tone at \(t) s")
            XCTAssertEqual(hertz, 150 + 2450 * t / 3, accuracy: 0.03 * hertz + 5, "at \(t) s")
            XCTAssertGreaterThan(hertz, previous)
            previous = hertz
        }
        XCTAssertEqual(try XCTUnwrap(sound.frequency(over: 0.005...0.04)), 150, accuracy: 20)
        XCTAssertEqual(try XCTUnwrap(sound.frequency(over: 2.98...2.995)), 2600, accuracy: 40)
        XCTAssertLessThanOrEqual(sound.largestStep, clickFreeStep)
    }

    func testYPicksTheSeriesAndXRangeTheDaysAndAGapIsSilent() throws {
        // `down` falls; March is missing in it: its line breaks from Feb 29 to Apr 1.
        let path = try dailyFile({ "\($0)" }, { (60..<91).contains($0) ? "" : "\(365 - $0)" })
        let out = "\(folder)/down.wav"
        // 8 s: a note per day (35 ms each at least), so the gap's ends are exact.
        let result = try audio([path, "--out", out, "--y", "down", "--x-range", "2020-01-01:2020-06-30", "--seconds", "8"])
        XCTAssertEqual(result.status, 0, result.error)
        let sound = try PCMRecording.wav(at: out).recording
        XCTAssertEqual(sound.seconds, 8, accuracy: 0.4)
        // Jan 1 … Jul 1 (the end day included) is 182 days over 8 s.
        let gap = (59.0 / 182 * 8)...(91.0 / 182 * 8)
        XCTAssertEqual(sound.rms(over: (gap.lowerBound + 0.01)...(gap.upperBound - 0.01)), 0, accuracy: 1e-4, "March is silent")
        let early = try XCTUnwrap(sound.frequency(over: 0.1...0.3))
        let late = try XCTUnwrap(sound.frequency(over: 7.6...7.8))
        XCTAssertGreaterThan(sound.rms(over: (gap.lowerBound - 0.05)...(gap.lowerBound - 0.01)), 0.1, "sound up to the gap")
        XCTAssertGreaterThan(sound.rms(over: (gap.upperBound + 0.01)...(gap.upperBound + 0.05)), 0.1, "and from its end")
        XCTAssertGreaterThan(early, 2000, "down starts at its highest in the range")
        XCTAssertLessThan(late, 400, "and ends at its lowest")
        XCTAssertLessThanOrEqual(sound.largestStep, clickFreeStep)
    }

    func testBadInputGetsTheMessagesRenderGives() throws {
        let path = try write("x,a,b\n0,1,2\n1,2,3\n2,3,1\n", to: "small.csv")
        let out = "\(folder)/x.wav"
        var result = try audio([path, "--out", out, "--y", "a,b"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.error.contains("one series"), result.error)
        result = try audio([path, "--out", out, "--seconds", "0"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.error.contains("--seconds"), result.error)
        result = try audio([path, "--out", out, "--y", "c"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.error.contains("--y names \"c\", which is not a column; the columns are x, a, b"), result.error)
        result = try audio(["\(folder)/absent.csv", "--out", out])
        XCTAssertEqual(result.status, 66)
        XCTAssertTrue(result.error.contains("absent.csv"), result.error)
        result = try audio([path, "--out", path])
        XCTAssertEqual(result.status, 73)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "x,a,b\n0,1,2\n1,2,3\n2,3,1\n", "the input kept")
        result = try audio([path, "--out", out, "--x-range", "2020-01-01:2020-02-01"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.error.contains("x in \"\(path)\" is numbers"), result.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no file from a refused command")
        // A range with no data: refused as render and describe refuse it, nothing written.
        result = try audio([path, "--out", out, "--x-range", "10:20", "--seconds", "1"])
        XCTAssertEqual(result.status, 65, result.error)
        XCTAssertTrue(result.error.contains("no data in --x-range (from x = 10 to x = 20); its data runs from x = 0 to x = 2"),
                      result.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no file from a refused command")
    }
}
