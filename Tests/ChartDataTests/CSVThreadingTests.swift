@testable import ChartData
import Foundation
import Synchronization
import XCTest

/// A large file's rows are read in stretches on several threads; whatever the bytes,
/// the result is the one reading them in order gives: the same dataset, or the same
/// error naming the same line.
final class CSVThreadingTests: XCTestCase {
    private let inOrder = CSVLoader(threads: 1)
    /// Three threads at any size, so that small inputs are cut too.
    private let threaded = CSVLoader(threads: 3, bytesPerThread: 1)

    private enum Outcome: Equatable {
        case loaded(xs: [UInt64], ys: [[UInt64]], names: [String], warnings: [String])
        case failed(DataLoadError)
    }

    /// Bit patterns, so that gaps (NaN) compare equal.
    private func outcome(_ loader: CSVLoader, _ bytes: [UInt8], tracker: ReadTracker? = nil) -> Outcome {
        do {
            let dataset = try bytes.withUnsafeBytes { try loader.load($0, source: "t.csv", options: LoadOptions(), tracker: tracker) }
            return .loaded(xs: dataset.xs.map(\.bitPattern), ys: dataset.series.map { $0.ys.map(\.bitPattern) },
                           names: dataset.series.map(\.name), warnings: dataset.warnings)
        } catch let error as DataLoadError {
            return .failed(error)
        } catch {
            XCTFail("\(error)")
            return .failed(.noData(file: "", reason: "\(error)"))
        }
    }

    func testThreadedReadingEqualsReadingInOrderOnMutatedFiles() {
        var rng = SplitMix64(seed: 44)
        let seeds = [
            (0..<60).map { "\(1_600_000_000 + 60 * $0),\(Double($0) * 0.5),\($0 % 3)" }.joined(separator: "\n"),
            "x;a\n" + (0..<50).map { "\($0);\($0 * $0)" }.joined(separator: "\r\n"),
            "Date,Close\n" + (1...28).map { "2021-02-\($0 < 10 ? "0" : "")\($0),\($0)" }.joined(separator: "\n") + "\n",
            "t,v\n1,2\n2,\"3\"\n3,4\n",
        ].map { Array($0.utf8) }
        let alphabet = Array("0123456789,;\n\r-.eNa x".utf8)
        var cut = 0
        for _ in 0..<3_000 {
            var bytes = seeds[Int(rng.next() % UInt64(seeds.count))]
            for _ in 0..<Int(rng.next() % 4) {
                let i = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 3 {
                case 0: bytes[i] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                case 1: bytes.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: i)
                default: bytes.remove(at: i)
                }
            }
            let expected = outcome(inOrder, bytes)
            XCTAssertEqual(outcome(threaded, bytes), expected, String(decoding: bytes, as: UTF8.self).debugDescription)
            if bytes.withUnsafeBytes({ CSVLoader.stretches(of: $0, from: 0, threads: 3, bytesPerThread: 1).count }) > 1 { cut += 1 }
        }
        XCTAssertGreaterThan(cut, 1_000, "most inputs are read in stretches")
    }

    /// A bad cell deep in a 2 MB file, in the last third: named by its line either way;
    /// the read bytes are reported once each, whatever the thread.
    func testAnErrorInALaterStretchNamesItsLineInTheFile() {
        var text = "x,y\n"
        for i in 0..<200_000 { text += "\(i),\(i % 97)\n" }
        let bytes = Array(text.utf8)
        var broken = bytes
        let line = 170_000
        let offset = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(line - 1)
            .reduce(0) { $0 + $1.count + 1 }
        broken[offset] = UInt8(ascii: "z")
        let expected = outcome(inOrder, broken)
        guard case let .failed(.malformed(_, reportedLine, _, _, _)) = expected else {
            return XCTFail("expected a malformed-data error, got \(expected)")
        }
        XCTAssertEqual(reportedLine, line)
        XCTAssertEqual(bytes.withUnsafeBytes { CSVLoader.stretches(of: $0, from: 4, threads: 3, bytesPerThread: 1 << 19).count }, 3,
                       "read in three stretches")
        XCTAssertEqual(outcome(CSVLoader(threads: 3, bytesPerThread: 1 << 19), broken), expected)

        let done = LockedCounter()
        let tracker = ReadTracker(total: bytes.count, progress: nil) { done.add($0) }
        XCTAssertEqual(outcome(CSVLoader(threads: 3, bytesPerThread: 1 << 19), bytes, tracker: tracker),
                       outcome(inOrder, bytes))
        XCTAssertEqual(done.total, bytes.count, "every byte reported finished once")
        XCTAssertTrue(done.disjoint, "no byte reported twice")
    }

    /// A quoted field may hold a line end, so a cut can fall inside one: a stretch that
    /// meets a quoted field makes the whole file be read again in order. A quoted note
    /// (a text column, skipped) holding a line end, placed across the first cut.
    func testQuotedFieldsAcrossACutReadAsInOrder() {
        let loader = CSVLoader(threads: 3, bytesPerThread: 1 << 16)
        var text = "x,y,note\n"
        for i in 0..<30_000 { text += "\(i),\(i % 89),n\n" }
        let bytes = Array(text.utf8)
        let cut = bytes.withUnsafeBytes { CSVLoader.stretches(of: $0, from: 9, threads: 3, bytesPerThread: 1 << 16) }[1].lowerBound
        var straddled = 0
        for shift in -40...4 {
            // The note "n" of a row near the cut becomes "n⏎n", a quoted cell with a line end.
            var at = cut + shift
            while broken(bytes, at) { at += 1 }
            var edited = bytes
            edited.replaceSubrange(at..<(at + 1), with: Array("\"n\nn\"".utf8))
            let newCut = edited.withUnsafeBytes { CSVLoader.stretches(of: $0, from: 9, threads: 3, bytesPerThread: 1 << 16) }[1].lowerBound
            if newCut > at && newCut < at + 5 { straddled += 1 }
            let expected = outcome(inOrder, edited)
            guard case .loaded = expected else { return XCTFail("a quoted note with a line end loads") }
            XCTAssertEqual(outcome(loader, edited), expected, "shift \(shift)")
        }
        XCTAssertGreaterThan(straddled, 0, "some cut falls inside the quoted cell")
    }

    /// Whether `at` is not the start of a note cell ("n" after a comma).
    private func broken(_ bytes: [UInt8], _ at: Int) -> Bool {
        !(bytes[at] == UInt8(ascii: "n") && bytes[at - 1] == UInt8(ascii: ","))
    }
}

/// Collects released ranges from several threads.
private final class LockedCounter: Sendable {
    private let ranges = Mutex<[Range<Int>]>([])

    func add(_ range: Range<Int>) {
        ranges.withLock { $0.append(range) }
    }

    var total: Int { ranges.withLock { $0 }.reduce(0) { $0 + $1.count } }

    var disjoint: Bool {
        let sorted = ranges.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        return zip(sorted, sorted.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }
    }
}
