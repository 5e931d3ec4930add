import ChartSupport

/// Measures a stereo sound the way a listener would hear it, for the audiograph's tests:
/// the pitch and the loudness over a stretch of time.
struct ToneAnalysis {
    let sound: StereoSound

    /// Both channels summed: the pan weights both by cos and sin of one angle, never
    /// negative, so the sum keeps the tone's zero crossings.
    func mono(_ frame: Int) -> Double { Double(sound.samples[2 * frame]) + Double(sound.samples[2 * frame + 1]) }

    private func frames(_ seconds: ClosedRange<Double>) -> Range<Int> {
        let rate = Double(sound.sampleRate)
        let first = max(Int(seconds.lowerBound * rate), 0)
        return first..<max(first, min(Int(seconds.upperBound * rate), sound.frameCount))
    }

    /// The tone's frequency over `seconds`, hertz, from the rising zero crossings
    /// (placed between samples by linear interpolation); `nil` with fewer than three.
    func frequency(over seconds: ClosedRange<Double>) -> Double? {
        var crossings: [Double] = []
        let range = frames(seconds)
        for n in range.dropFirst() {
            let (a, b) = (mono(n - 1), mono(n))
            if a < 0, b >= 0 { crossings.append(Double(n - 1) + a / (a - b)) }
        }
        guard crossings.count >= 3, let first = crossings.first, let last = crossings.last else { return nil }
        return Double(crossings.count - 1) / ((last - first) / Double(sound.sampleRate))
    }

    /// The root mean square of both channels over `seconds`.
    func rms(over seconds: ClosedRange<Double>) -> Double {
        let range = frames(seconds)
        guard !range.isEmpty else { return 0 }
        var sum = 0.0
        for n in range {
            let (l, r) = (Double(sound.samples[2 * n]), Double(sound.samples[2 * n + 1]))
            sum += l * l + r * r
        }
        return (sum / Double(2 * range.count)).squareRoot()
    }

    /// The largest change from one sample to the next in either channel.
    var largestStep: Double {
        var largest = 0.0
        for n in 1..<max(sound.frameCount, 1) {
            for channel in 0..<2 {
                largest = max(largest, abs(Double(sound.samples[2 * n + channel]) - Double(sound.samples[2 * (n - 1) + channel])))
            }
        }
        return largest
    }

    /// The frequencies over consecutive windows of `window` seconds from `start` to `end`.
    func frequencies(every window: Double, from start: Double, to end: Double) -> [(time: Double, hertz: Double?)] {
        stride(from: start, to: end - window / 2, by: window).map { t in
            (t + window / 2, frequency(over: t...(t + window)))
        }
    }
}
