/// Sound as samples: two channels interleaved (left, right), each sample from −1 to 1.
public struct StereoSound: Equatable, Sendable {
    /// Left, right, left, right… full scale ±1.
    public var samples: [Float]
    /// Frames per second.
    public var sampleRate: Int

    /// - Precondition: `samples` holds whole frames (an even count).
    public init(samples: [Float], sampleRate: Int) {
        precondition(samples.count % 2 == 0, "StereoSound: samples must be whole left-right frames")
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// The number of frames (a sample per channel each).
    public var frameCount: Int { samples.count / 2 }

    /// The length, seconds.
    public var seconds: Double { Double(frameCount) / Double(sampleRate) }
}
