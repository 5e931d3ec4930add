import ChartSupport
import Foundation
import XCTest

/// `WAVFile` writes 16-bit stereo PCM behind a 44-byte RIFF header, through `OutputFile`.
final class WAVFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sightline-wav-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func u32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }

    private func u16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }

    private func text(_ bytes: [UInt8], _ at: Int) -> String { String(decoding: bytes[at..<(at + 4)], as: UTF8.self) }

    func testTheHeaderSaysSixteenBitStereoPCMAndTheSizes() {
        let header = WAVFile.header(frames: 1000, sampleRate: 44_100)
        XCTAssertEqual(header.count, 44)
        XCTAssertEqual(text(header, 0), "RIFF")
        XCTAssertEqual(u32(header, 4), 36 + 4000, "the RIFF chunk: everything after its size field")
        XCTAssertEqual(text(header, 8), "WAVE")
        XCTAssertEqual(text(header, 12), "fmt ")
        XCTAssertEqual(u32(header, 16), 16)
        XCTAssertEqual(u16(header, 20), 1, "PCM")
        XCTAssertEqual(u16(header, 22), 2, "stereo")
        XCTAssertEqual(u32(header, 24), 44_100)
        XCTAssertEqual(u32(header, 28), 44_100 * 4, "bytes per second")
        XCTAssertEqual(u16(header, 32), 4, "bytes per frame")
        XCTAssertEqual(u16(header, 34), 16, "bits per sample")
        XCTAssertEqual(text(header, 36), "data")
        XCTAssertEqual(u32(header, 40), 4000)
    }

    func testSamplesAreWrittenLittleEndianAndClipped() throws {
        let path = "\(folder)/tone.wav"
        // More than one 32,768-sample chunk, so the chunking shows.
        var samples = [Float](repeating: 0.25, count: 80_000)
        samples[0...5] = [1, -1, 0.5, -0.5, 3, -.infinity]
        try WAVFile.write(StereoSound(samples: samples, sampleRate: 22_050), to: path)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(bytes.count, 44 + 160_000)
        XCTAssertEqual(u32(bytes, 24), 22_050)
        func sample(_ i: Int) -> Int16 { Int16(bitPattern: UInt16(u16(bytes, 44 + 2 * i))) }
        XCTAssertEqual((0..<6).map(sample), [32_767, -32_767, 16_384, -16_384, 32_767, 0])
        XCTAssertEqual(sample(79_999), 8_192)
        XCTAssertEqual(sample(40_000), 8_192)
    }

    func testAnInputIsNotWrittenOver() throws {
        let input = "\(folder)/data.csv"
        try Data("x,y\n1,2\n".utf8).write(to: URL(fileURLWithPath: input))
        XCTAssertThrowsError(try WAVFile.write(StereoSound(samples: [0, 0], sampleRate: 44_100), to: input, refusing: [input]))
        XCTAssertEqual(try String(contentsOfFile: input, encoding: .utf8), "x,y\n1,2\n")
    }
}
