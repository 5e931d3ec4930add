import ChartData
import ChartSupport
import XCTest

/// The audiograph's sound, measured: pitch per stretch of time by zero crossings,
/// silence by RMS, clicks by the largest step between samples.
final class AudiographTests: XCTestCase {
    private let audiograph = Audiograph()

    private func source(xs: [Double], ys: [Double], connectsGaps: Bool = false) -> DataSource {
        DataSource(dataset: Dataset(source: "test", xs: xs, series: [Series(name: "y", ys: ys)]), connectsGaps: connectsGaps)
    }

    private func sound(_ source: DataSource, seconds: Double = Audiograph.defaultSeconds,
                       range: ClosedRange<Double>? = nil) -> StereoSound {
        let xs = source.dataset.xs
        return Audiograph(seconds: seconds).sound(of: 0, in: source, overX: range ?? xs.first!...xs.last!)
    }

    /// The pitch a value at `fraction` of the range in view should have.
    private func expected(_ fraction: Double) -> Double { 150 + 2450 * fraction }

    /// The largest step a clean tone takes between samples: its steepest slope (at
    /// the highest pitch, full amplitude) over one sample, plus what a 5 ms ramp adds.
    private var clickFreeStep: Double {
        2 * Double.pi * audiograph.highestFrequency / Double(Audiograph.sampleRate) * audiograph.amplitude + 0.01
    }

    private func assertRamp(_ points: Int, file: StaticString = #filePath, line: UInt = #line) {
        let xs = (0..<points).map(Double.init)
        let analysis = ToneAnalysis(sound: sound(source(xs: xs, ys: xs)))
        var previous = 0.0
        for (time, hertz) in analysis.frequencies(every: 0.1, from: 0.05, to: 5.95) {
            guard let hertz else { return XCTFail("no tone at \(time) s", file: file, line: line) }
            let want = expected(time / 6)
            XCTAssertEqual(hertz, want, accuracy: want * 0.03 + 5, "at \(time) s", file: file, line: line)
            XCTAssertGreaterThan(hertz, previous, "rising at \(time) s", file: file, line: line)
            previous = hertz
        }
        XCTAssertEqual(analysis.frequency(over: 0.005...0.04) ?? 0, expected(0.0225 / 6), accuracy: 10, "starts near 150 Hz",
                       file: file, line: line)
        XCTAssertEqual(analysis.frequency(over: 5.98...5.995) ?? 0, expected(5.9875 / 6), accuracy: 30, "ends near 2600 Hz",
                       file: file, line: line)
        XCTAssertLessThanOrEqual(analysis.largestStep, clickFreeStep, "no clicks", file: file, line: line)
    }

    func testARampRisesLinearlyFrom150To2600Hertz() {
        assertRamp(100)
    }

    func testADenseRampRisesTheSameWay() {
        // 50,000 points: reduced to a lowest and highest value per 70 ms.
        assertRamp(50_000)
    }

    func testAVFallsThenRises() {
        let xs = (0...200).map(Double.init)
        let analysis = ToneAnalysis(sound: sound(source(xs: xs, ys: xs.map { abs($0 - 100) })))
        let falling = analysis.frequencies(every: 0.25, from: 0.05, to: 2.9).map { $0.hertz! }
        let rising = analysis.frequencies(every: 0.25, from: 3.1, to: 5.95).map { $0.hertz! }
        XCTAssertEqual(falling, falling.sorted(by: >), "falls to the middle")
        XCTAssertEqual(rising, rising.sorted(), "rises after it")
        XCTAssertEqual(analysis.frequency(over: 2.985...3.015)!, 150, accuracy: 15, "the lowest pitch at the bottom of the V")
        XCTAssertEqual(analysis.frequency(over: 0.005...0.02)!, 2600, accuracy: 40, "the highest pitch at the top")
        XCTAssertLessThanOrEqual(analysis.largestStep, clickFreeStep)
    }

    func testAGapInYIsSilentAndEntersAndLeavesWithoutAClick() {
        // x 0…99 over 6 s; values 40…59 missing, so the line breaks from x 39 to 60.
        let xs = (0..<100).map(Double.init)
        let ys = xs.map { (40..<60).contains($0) ? Double.nan : sin($0 / 7) }
        let analysis = ToneAnalysis(sound: sound(source(xs: xs, ys: ys)))
        let gap = (39.0 / 99 * 6)...(60.0 / 99 * 6)
        XCTAssertEqual(analysis.rms(over: (gap.lowerBound + 0.006)...(gap.upperBound - 0.006)), 0, accuracy: 1e-6)
        XCTAssertGreaterThan(analysis.rms(over: 0.5...2.0), 0.1, "sound before the gap")
        XCTAssertGreaterThan(analysis.rms(over: 4.0...5.5), 0.1, "sound after it")
        XCTAssertLessThanOrEqual(analysis.largestStep, clickFreeStep)
    }

    func testAGapInXIsSilentForItsShareOfTheSweep() {
        // Points every 1 up to 49, then from 150: a step of 101 breaks the line.
        let xs = (0..<50).map(Double.init) + (150..<200).map(Double.init)
        let analysis = ToneAnalysis(sound: sound(source(xs: xs, ys: xs.map { $0.truncatingRemainder(dividingBy: 13) })))
        let gap = (49.0 / 199 * 6)...(150.0 / 199 * 6)
        XCTAssertEqual(analysis.rms(over: (gap.lowerBound + 0.006)...(gap.upperBound - 0.006)), 0, accuracy: 1e-6)
        XCTAssertGreaterThan(analysis.rms(over: 0.2...1.2), 0.1)
        XCTAssertGreaterThan(analysis.rms(over: 4.8...5.8), 0.1)
        XCTAssertLessThanOrEqual(analysis.largestStep, clickFreeStep)
        // Joined across with --connect-gaps: sound throughout.
        let connected = ToneAnalysis(sound: sound(source(xs: xs, ys: xs.map { $0.truncatingRemainder(dividingBy: 13) },
                                                         connectsGaps: true)))
        XCTAssertGreaterThan(connected.rms(over: gap), 0.1)
    }

    func testAGapInADenseRangeIsSilentToo() {
        var ys = (0..<100_000).map { sin(Double($0) / 900) }
        for i in 30_000..<60_000 { ys[i] = .nan }
        let xs = (0..<100_000).map(Double.init)
        let analysis = ToneAnalysis(sound: sound(source(xs: xs, ys: ys)))
        // Silent within a reduced step (70 ms) of the gap's ends.
        XCTAssertEqual(analysis.rms(over: (1.8 + 0.08)...(3.6 - 0.08)), 0, accuracy: 1e-6)
        XCTAssertGreaterThan(analysis.rms(over: 0.2...1.6), 0.1)
        XCTAssertLessThanOrEqual(analysis.largestStep, clickFreeStep)
    }

    func testASpikeInAMillionPointsIsHeard() {
        var ys = [Double](repeating: 0, count: 1_000_000)
        ys[500_123] = 1
        let analysis = ToneAnalysis(sound: sound(source(xs: (0..<ys.count).map(Double.init), ys: ys)))
        let around = analysis.frequencies(every: 0.02, from: 2.9, to: 3.1).compactMap(\.hertz)
        XCTAssertGreaterThan(around.max() ?? 0, 1500, "the leap to the spike is heard")
        XCTAssertEqual(analysis.frequency(over: 1...1.5)!, 150, accuracy: 10, "the flat rest at the lowest pitch")
        XCTAssertLessThanOrEqual(analysis.largestStep, clickFreeStep)
    }

    func testEveryReducedStepLastsAtLeast35Milliseconds() {
        let xs = (0..<100_000).map(Double.init)
        let score = audiograph.score(of: 0, in: source(xs: xs, ys: xs.map { sin($0) }), overX: 0...99_999)
        let notes = score.runs.flatMap(\.notes)
        XCTAssertGreaterThan(notes.count, 100)
        for (a, b) in zip(notes, notes.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b.time - a.time, 0.035 - 1e-9)
        }
    }

    func testAFlatSeriesPlaysASteadyMiddleTone() {
        let xs = (0..<50).map(Double.init)
        let analysis = ToneAnalysis(sound: sound(source(xs: xs, ys: xs.map { _ in 42 })))
        for (time, hertz) in analysis.frequencies(every: 0.5, from: 0.1, to: 5.9) {
            XCTAssertEqual(hertz!, 1375, accuracy: 10, "at \(time) s")
        }
    }

    func testTheLengthIsTheSecondsAskedFor() {
        let xs = (0..<10).map(Double.init)
        for seconds in [0.5, 2, 6, 11.3] {
            let made = sound(source(xs: xs, ys: xs), seconds: seconds)
            XCTAssertEqual(made.seconds, seconds, accuracy: 1.0 / 44_100)
            XCTAssertEqual(made.sampleRate, 44_100)
        }
    }

    func testThePanMovesFromLeftToRight() {
        let xs = (0..<10).map(Double.init)
        let made = sound(source(xs: xs, ys: xs.map { _ in 1 }))
        func loudness(_ channel: Int, _ frames: Range<Int>) -> Double {
            frames.map { Double(abs(made.samples[2 * $0 + channel])) }.max()!
        }
        let start = 441..<2205, end = (made.frameCount - 2205)..<(made.frameCount - 441)
        XCTAssertGreaterThan(loudness(0, start), 10 * loudness(1, start), "left at the start")
        XCTAssertGreaterThan(loudness(1, end), 10 * loudness(0, end), "right at the end")
    }

    func testAPointAloneBetweenGapsSoundsForOneStep() {
        let xs = (0..<30).map(Double.init)
        let ys = xs.map { $0 == 15 ? 5 : (abs($0 - 15) < 5 ? Double.nan : 1) }
        let score = audiograph.score(of: 0, in: source(xs: xs, ys: ys), overX: 0...29)
        XCTAssertEqual(score.runs.count, 3)
        XCTAssertEqual(score.runs[1].end - score.runs[1].start, 0.035, accuracy: 1e-9)
        XCTAssertEqual(score.runs[1].notes.map(\.frequency), [2600])
    }

    func testTheRangeInViewSetsThePitchesAndTheLineSoundsToItsEdges() {
        // 0…1000 in data, 400…500 in view: the view's lowest and highest value are the ends.
        let xs = (0...1000).map(Double.init)
        let made = ToneAnalysis(sound: sound(source(xs: xs, ys: xs), range: 400.5...499.5))
        XCTAssertEqual(made.frequency(over: 0.01...0.1)!, expected(0.0075), accuracy: 20)
        XCTAssertEqual(made.frequency(over: 5.9...5.99)!, expected(0.9925), accuracy: 40)
        XCTAssertGreaterThan(made.rms(over: 0.006...0.03), 0.1, "sounds from the start: the line enters the view")
    }

    func testNothingFiniteInViewIsSilence() {
        let xs = (0..<20).map(Double.init)
        let quiet = audiograph.score(of: 0, in: source(xs: xs, ys: xs.map { _ in .nan }), overX: 0...19)
        XCTAssertTrue(quiet.runs.isEmpty)
        let made = audiograph.render(quiet)
        XCTAssertEqual(made.seconds, 6, accuracy: 1e-3)
        XCTAssertTrue(made.samples.allSatisfy { $0 == 0 })
    }

    func testValuesNearTheLimitsOfDoubleStayInTune() {
        let xs = (0..<100).map(Double.init)
        let ys = xs.map { -1.7e308 + $0 / 99 * 1.7e308 + $0 / 99 * 1.7e308 }
        let analysis = ToneAnalysis(sound: sound(source(xs: xs, ys: ys)))
        XCTAssertTrue(analysis.sound.samples.allSatisfy(\.isFinite))
        XCTAssertEqual(analysis.frequency(over: 2.9...3.1)!, 1375, accuracy: 30, "the middle value at the middle pitch")
        let xs2 = [-1.7e308, 0, 1.7e308]
        let wide = ToneAnalysis(sound: sound(source(xs: xs2, ys: [1, 2, 3], connectsGaps: true)))
        XCTAssertEqual(wide.frequency(over: 2.8...3.2)!, 1375, accuracy: 20, "the middle of x at the middle of the sweep")
    }
}
