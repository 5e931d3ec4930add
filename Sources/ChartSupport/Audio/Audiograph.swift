import ChartData
import Foundation

/// The audiograph: one series in an x range played as a tone that sweeps from left to
/// right, its pitch following y, so the shape of a chart can be heard (Apple's Stocks
/// app plays one for VoiceOver users).
///
/// The x range is swept at an even pace over `seconds`, so a cursor moving at the same
/// pace stands where the sound is, and a gap in time is heard as a silence as long as
/// it looks. Pitch rises *linearly* with y from `lowestFrequency` (the lowest value in
/// view) to `highestFrequency` (the highest): the listener compares values, and equal
/// steps of y should sound like equal steps. The work is split in two: `score` reduces
/// the data to when the tone sounds and at what pitch (`AudiographScore`), `render`
/// turns that into samples.
public struct Audiograph: Equatable, Sendable {
    /// Samples per second of every sound it makes.
    public static let sampleRate = 44_100

    /// The length of the sweep, seconds.
    public var seconds: Double
    /// The pitch of the lowest value in view, hertz.
    public var lowestFrequency = 150.0
    /// The pitch of the highest value in view, hertz.
    public var highestFrequency = 2_600.0
    /// The shortest a reduced data step sounds, seconds: below ~35 ms a pitch is no
    /// longer heard as a pitch, so a range with more points than fit is reduced first.
    public var minimumStepSeconds = 0.035
    /// How long the tone takes to fade in and out at a gap and at the ends, seconds:
    /// an amplitude that jumps clicks; 5 ms is too short to hear as a fade.
    public var rampSeconds = 0.005
    /// The tone's peak amplitude, of full scale (1): loud, with headroom.
    public var amplitude = 0.5

    /// The sweep's length most people can follow and remember: Apple's is about as long.
    public static let defaultSeconds = 6.0

    /// - Parameter seconds: the sweep's length (more than zero).
    public init(seconds: Double = Audiograph.defaultSeconds) {
        precondition(seconds > 0 && seconds.isFinite, "Audiograph: seconds must be positive")
        self.seconds = seconds
    }

    /// The pitch between the lowest and highest pitch for a value at `fraction` (0…1) of
    /// the range in view, hertz.
    public func frequency(atFraction fraction: Double) -> Double {
        lowestFrequency + min(max(fraction, 0), 1) * (highestFrequency - lowestFrequency)
    }

    /// The score of series `series` of `source` swept over x in `range`.
    /// - Complexity: O(n) for the n points in `range`.
    public func score(of series: Int, in source: DataSource, overX range: ClosedRange<Double>) -> AudiographScore {
        AudiographScore(series: series, of: source, overX: range, audiograph: self)
    }

    /// The sound of series `series` of `source` swept over x in `range`: `score` rendered.
    /// - Complexity: O(n + samples).
    public func sound(of series: Int, in source: DataSource, overX range: ClosedRange<Double>) -> StereoSound {
        render(score(of: series, in: source, overX: range))
    }

    /// The samples of `score`: a sine whose phase is accumulated sample by sample and
    /// never restarted (a frequency change then bends the wave instead of cutting it,
    /// which would click), faded in and out over `rampSeconds` at the ends of every run,
    /// panned with equal power from the left ear at the start to the right at the end.
    /// - Complexity: O(samples + notes).
    public func render(_ score: AudiographScore) -> StereoSound {
        let rate = Double(Self.sampleRate)
        let frames = Int((score.duration * rate).rounded())
        var samples = [Float](repeating: 0, count: 2 * frames)
        var phase = 0.0
        var frequency = score.runs.first?.notes.first?.frequency ?? frequency(atFraction: 0.5)
        var run = 0
        var note = 0
        let twoPi = 2 * Double.pi
        for n in 0..<frames {
            let t = Double(n) / rate
            while run < score.runs.count, score.runs[run].end <= t {
                run += 1
                note = 0
            }
            var gain = 0.0
            if run < score.runs.count, score.runs[run].start <= t {
                let current = score.runs[run]
                frequency = current.frequency(atSeconds: t, from: &note)
                gain = amplitude * min(1, (t - current.start) / rampSeconds, (current.end - t) / rampSeconds)
            }
            // Silence keeps the phase turning at the last pitch, so the tone comes back
            // from where the wave is, not from zero.
            phase += twoPi * frequency / rate
            if phase >= twoPi { phase -= twoPi }
            let value = gain * sin(phase)
            let pan = frames > 1 ? Double(n) / Double(frames - 1) * Double.pi / 2 : Double.pi / 4
            samples[2 * n] = Float(value * cos(pan))
            samples[2 * n + 1] = Float(value * sin(pan))
        }
        return StereoSound(samples: samples, sampleRate: Self.sampleRate)
    }
}
