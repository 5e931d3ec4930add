/// A sound as a WAV file: 16-bit PCM, two channels, behind the canonical 44-byte RIFF
/// header every player reads (a `fmt ` chunk of 16 bytes, then the `data` chunk),
/// written by hand because that is all there is to it.
public enum WAVFile {
    /// The header's length, bytes.
    public static let headerSize = 44
    /// Bytes per sample (16-bit).
    public static let bytesPerSample = 2
    /// The most bytes of samples a RIFF file holds: its sizes are 32-bit.
    public static let maximumDataSize = Int(UInt32.max) - (headerSize - 8)

    /// Writes `sound` to `path` through `OutputFile` (atomically for a file, straight
    /// into a pipe or `-`), never over one of `inputs`.
    /// - Throws: `OutputFileError`.
    /// - Complexity: O(samples), in chunks of 64 KB.
    public static func write(_ sound: StereoSound, to path: String, refusing inputs: [String] = []) throws {
        try OutputFile(path: path, refusing: inputs).write { emit in
            try header(frames: sound.frameCount, sampleRate: sound.sampleRate).withUnsafeBytes(emit)
            let chunk = 32_768
            var chunkBytes = [UInt8](repeating: 0, count: chunk * bytesPerSample)
            var start = 0
            while start < sound.samples.count {
                let end = min(start + chunk, sound.samples.count)
                for i in start..<end {
                    let value = UInt16(bitPattern: pcm16(sound.samples[i]))
                    chunkBytes[2 * (i - start)] = UInt8(value & 0xFF)
                    chunkBytes[2 * (i - start) + 1] = UInt8(value >> 8)
                }
                try chunkBytes.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[0..<(2 * (end - start))])) }
                start = end
            }
        }
    }

    /// The 44-byte header of `frames` stereo 16-bit frames at `sampleRate`: every
    /// number little-endian, as RIFF has it.
    /// - Precondition: the samples fit a RIFF file (`maximumDataSize`).
    public static func header(frames: Int, sampleRate: Int) -> [UInt8] {
        let channels = 2
        let blockAlign = channels * bytesPerSample
        let dataSize = frames * blockAlign
        precondition(dataSize <= maximumDataSize, "WAVFile: \(frames) frames are more than a WAV file holds")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize)
        func text(_ tag: String) { bytes += Array(tag.utf8) }
        func u32(_ value: Int) { bytes += withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
        func u16(_ value: Int) { bytes += withUnsafeBytes(of: UInt16(value).littleEndian, Array.init) }
        text("RIFF"); u32(headerSize - 8 + dataSize); text("WAVE")
        text("fmt "); u32(16)
        u16(1) // PCM, uncompressed
        u16(channels); u32(sampleRate); u32(sampleRate * blockAlign); u16(blockAlign); u16(8 * bytesPerSample)
        text("data"); u32(dataSize)
        return bytes
    }

    /// A sample −1…1 as a 16-bit integer (beyond ±1 clipped, as a sound card would).
    public static func pcm16(_ sample: Float) -> Int16 {
        guard sample.isFinite else { return 0 }
        return Int16((min(max(sample, -1), 1) * 32_767).rounded())
    }
}
