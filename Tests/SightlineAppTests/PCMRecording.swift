import Foundation

/// Sound read back from a file the app wrote, two channels interleaved, to be measured
/// as a listener hears it: a WAV file from `sightline audio`, or the raw 32-bit floats
/// SDL's disk audio driver writes for the window.
struct PCMRecording {
    /// Left, right, left, right…, full scale ±1.
    var samples: [Double]
    var sampleRate: Int

    /// A 16-bit stereo WAV file, and its header's fields, for the tests to check.
    struct WAV {
        var recording: PCMRecording
        var header: [UInt8]
        func u32(_ at: Int) -> Int { Int(header[at]) | Int(header[at + 1]) << 8 | Int(header[at + 2]) << 16 | Int(header[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(header[at]) | Int(header[at + 1]) << 8 }
        func tag(_ at: Int) -> String { String(decoding: header[at..<(at + 4)], as: UTF8.self) }
    }

    /// Reads a canonical 44-byte-header WAV of 16-bit samples.
    static func wav(at path: String) throws -> WAV {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let header = Array(bytes.prefix(44))
        let body = bytes.dropFirst(44)
        var samples: [Double] = []
        samples.reserveCapacity(body.count / 2)
        var i = body.startIndex
        while i + 1 < body.endIndex {
            samples.append(Double(Int16(bitPattern: UInt16(body[i]) | UInt16(body[i + 1]) << 8)) / 32_767)
            i += 2
        }
        let rate = header.count == 44 ? Int(header[24]) | Int(header[25]) << 8 | Int(header[26]) << 16 | Int(header[27]) << 24 : 0
        return WAV(recording: PCMRecording(samples: samples, sampleRate: rate), header: header)
    }

    /// Reads raw interleaved stereo 32-bit floats in this machine's byte order (what
    /// SDL's disk driver writes for `AUDIO_F32SYS`).
    static func rawFloats(at path: String, sampleRate: Int) throws -> PCMRecording {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let floats = data.withUnsafeBytes { raw in (0..<(raw.count / 4)).map { Double(raw.loadUnaligned(fromByteOffset: 4 * $0, as: Float.self)) } }
        return PCMRecording(samples: floats, sampleRate: sampleRate)
    }

    var frameCount: Int { samples.count / 2 }
    var seconds: Double { Double(frameCount) / Double(sampleRate) }

    /// Both channels summed: a pan weights them by cos and sin of one angle, never
    /// negative, so the sum keeps the tone's zero crossings.
    private func mono(_ frame: Int) -> Double { samples[2 * frame] + samples[2 * frame + 1] }

    private func frames(_ seconds: ClosedRange<Double>) -> Range<Int> {
        let rate = Double(sampleRate)
        let first = min(max(Int(seconds.lowerBound * rate), 0), frameCount)
        return first..<max(first, min(Int(seconds.upperBound * rate), frameCount))
    }

    /// The tone's frequency over `seconds`, hertz, from its rising zero crossings;
    /// `nil` with fewer than three.
    func frequency(over seconds: ClosedRange<Double>) -> Double? {
        var crossings: [Double] = []
        for n in frames(seconds).dropFirst() {
            let (a, b) = (mono(n - 1), mono(n))
            if a < 0, b >= 0 { crossings.append(Double(n - 1) + a / (a - b)) }
        }
        guard crossings.count >= 3, let first = crossings.first, let last = crossings.last else { return nil }
        return Double(crossings.count - 1) / ((last - first) / Double(sampleRate))
    }

    /// The root mean square of both channels over `seconds`.
    func rms(over seconds: ClosedRange<Double>) -> Double {
        let range = frames(seconds)
        guard !range.isEmpty else { return 0 }
        var sum = 0.0
        for n in range {
            let (l, r) = (samples[2 * n], samples[2 * n + 1])
            sum += l * l + r * r
        }
        return (sum / Double(2 * range.count)).squareRoot()
    }

    /// The largest change from one sample to the next in either channel.
    var largestStep: Double {
        var largest = 0.0
        for n in 1..<max(frameCount, 1) {
            let left: Double = abs(samples[2 * n] - samples[2 * n - 2])
            let right: Double = abs(samples[2 * n + 1] - samples[2 * n - 1])
            largest = max(largest, left, right)
        }
        return largest
    }

    /// The seconds from the first sample louder than `threshold` to the last, and where
    /// they start: the sound within a recording that has silence around it.
    func audibleSpan(threshold: Double = 0.01) -> (start: Double, seconds: Double)? {
        guard let first = samples.firstIndex(where: { abs($0) > threshold }),
              let last = samples.lastIndex(where: { abs($0) > threshold }) else { return nil }
        return (Double(first / 2) / Double(sampleRate), Double((last - first) / 2) / Double(sampleRate))
    }
}
