@testable import ChartData
import Foundation
import Synchronization
import XCTest

/// Reading a file's rows in stretches side by side gives what reading them in order
/// gives, on random files of every kind the loader reads: the same dataset bit for bit
/// and the same warnings, or the same error naming the same line. Quoted fields are
/// read in stretches too; only a cut inside a quoted field reads the file again in order.
final class CSVStretchPropertyTests: XCTestCase {
    private let inOrder = CSVLoader(threads: 1)

    private enum Outcome: Equatable {
        case loaded(xs: [UInt64], ys: [[UInt64]], names: [String], axes: [YAxisSide], xKind: XAxisKind,
                    warnings: [String], xColumn: String?)
        case failed(DataLoadError, message: String)
    }

    /// Bit patterns, so that gaps (NaN) compare equal.
    private func outcome(_ loader: CSVLoader, _ bytes: [UInt8], tracker: ReadTracker? = nil) -> Outcome {
        do {
            let dataset = try bytes.withUnsafeBytes {
                try loader.load($0, source: "t.csv", options: LoadOptions(), tracker: tracker)
            }
            return .loaded(xs: dataset.xs.map(\.bitPattern), ys: dataset.series.map { $0.ys.map(\.bitPattern) },
                           names: dataset.series.map(\.name), axes: dataset.series.map(\.axis), xKind: dataset.xKind,
                           warnings: dataset.warnings, xColumn: dataset.axisTitles.xColumn)
        } catch let error as DataLoadError {
            return .failed(error, message: error.description)
        } catch {
            XCTFail("\(error)")
            return .failed(.noData(file: "", reason: "\(error)"), message: "")
        }
    }

    /// 1,500 random files, each read in order and in 2 to 6 stretches of a few dozen
    /// bytes and up; counts that both ways through quoted fields were taken.
    func testStretchesEqualReadingInOrderOnRandomFiles() {
        var rng = SplitMix64(seed: 2_511)
        var quotedOnce = 0, readAgain = 0, failures = 0
        for _ in 0..<1_500 {
            let file = RandomCSV(rng: &rng)
            let loader = CSVLoader(threads: 2 + Int(rng.next() % 5), bytesPerThread: 16 + Int(rng.next() % 400))
            let expected = outcome(inOrder, file.bytes)
            let reported = ByteRanges()
            let tracker = ReadTracker(total: file.bytes.count, progress: nil) { reported.add($0) }
            XCTAssertEqual(outcome(loader, file.bytes, tracker: tracker), expected,
                           String(decoding: file.bytes, as: UTF8.self).debugDescription)
            if case .failed = expected { failures += 1 }
            guard file.quotesLineEnds, case .loaded = expected else { continue }
            if reported.disjoint { quotedOnce += 1 } else { readAgain += 1 }
        }
        XCTAssertGreaterThan(quotedOnce, 100, "files with quoted line ends read once, in stretches")
        XCTAssertGreaterThan(readAgain, 20, "a cut inside a quoted field, read again in order")
        XCTAssertGreaterThan(failures, 200, "bad rows at random lines")
    }

    /// Quoted numbers all through a 2 MB file (`"1,234.5"`, as spreadsheets export them)
    /// are read in three stretches once: every byte reported finished once, none twice.
    func testQuotedCellsAreReadInStretchesOnce() {
        var text = "time,price,note\n"
        for i in 0..<120_000 {
            text += "\(1_600_000_000 + 60 * i),\"\(1 + i % 9),\(100 + i % 800).\(i % 10)\",\"n, \(i % 7)\"\n"
        }
        let bytes = Array(text.utf8)
        let loader = CSVLoader(threads: 3, bytesPerThread: 1 << 19)
        XCTAssertEqual(bytes.withUnsafeBytes { CSVLoader.stretches(of: $0, from: 16, threads: 3, bytesPerThread: 1 << 19).count },
                       3)
        let reported = ByteRanges()
        let tracker = ReadTracker(total: bytes.count, progress: nil) { reported.add($0) }
        let expected = outcome(inOrder, bytes)
        guard case let .loaded(_, ys, _, _, _, _, _) = expected else { return XCTFail("loads: \(expected)") }
        XCTAssertEqual(ys.first.map { Double(bitPattern: $0[1]) }, 2_101.1)
        XCTAssertEqual(outcome(loader, bytes, tracker: tracker), expected)
        XCTAssertEqual(reported.total, bytes.count, "every byte reported finished")
        XCTAssertTrue(reported.disjoint, "no byte read twice")
    }
}

/// A random delimited file: a header or none, a number or date x (ISO, `31.01.2020` or
/// `01/31/2020`; now and then out of order), numeric columns with gaps, words for no value and numbers grouped in quotes,
/// a text column whose quoted cells hold delimiters and line ends, LF or CRLF line
/// ends, and now and then one bad row at a random line.
private struct RandomCSV {
    private(set) var bytes: [UInt8] = []
    /// Whether a quoted cell holds a line end.
    private(set) var quotesLineEnds = false

    init(rng: inout SplitMix64) {
        func roll(_ n: UInt64) -> Int { Int(rng.next() % n) }
        let semicolon = roll(4) == 0
        let d = semicolon ? ";" : ","
        let lineEnd = roll(3) == 0 ? "\r\n" : "\n"
        let rows = 20 + roll(300)
        // 0: numbers; 1: ISO dates and times; 2, 3: dates as spreadsheets export them.
        let dates = roll(3) == 0 ? 1 + roll(3) : 0
        let columns = 1 + roll(3)
        let groupedColumn = semicolon ? -1 : roll(UInt64(columns) + 2)
        let note = roll(2) == 0 ? roll(UInt64(columns) + 1) : -1
        let badLine = roll(3) == 0 ? 1 + roll(UInt64(rows)) : -1
        var lines: [String] = []
        if roll(4) != 0 {
            var header = ["x"] + (0..<columns).map { "y\($0)" }
            if note >= 0 { header.insert("\"note, text\"", at: note + 1) }
            lines.append(header.joined(separator: d))
        }
        var x = 1_000 + roll(1_000)
        for row in 0..<rows {
            x += roll(10) == 0 ? -roll(50) : 1 + (roll(2) == 0 ? 0 : roll(5))
            let (month, day) = (1 + abs(x) / 40_000 % 12, 1 + abs(x) / 1_440 % 28)
            let xText = switch dates {
            case 1: String(format: "2021-%02d-%02d %02d:%02d", month, day, abs(x) / 60 % 24, abs(x) % 60)
            case 2: String(format: "%02d.%02d.%d", day, month, 1_900 + abs(x) % 200)
            case 3: String(format: "%02d/%02d/%d", month, day, 1_900 + abs(x) % 200)
            default: String(x)
            }
            var cells = [xText]
            for c in 0..<columns {
                let value = Double(roll(2_000_000)) / 100 - 5_000
                switch roll(20) {
                case 0: cells.append("")
                case 1: cells.append(["NA", "null", "-"][roll(3)])
                default:
                    if c == groupedColumn, abs(value) >= 1_000 {
                        let whole = Int(abs(value))
                        cells.append("\"\(value < 0 ? "-" : "")\(whole / 1_000),\(String(format: "%03d", whole % 1_000)).5\"")
                    } else {
                        cells.append(semicolon ? String(value).replacingOccurrences(of: ".", with: ",") : String(value))
                    }
                }
            }
            if note >= 0 {
                switch roll(4) {
                case 0:
                    cells.insert("\"a\(d) b\nc \"\"q\"\"\(lineEnd)d\"", at: note + 1)
                    quotesLineEnds = true
                case 1: cells.insert("\"w\(d) \(row)\"", at: note + 1)
                default: cells.insert("word\(row)", at: note + 1)
                }
            }
            if row == badLine {
                switch roll(4) {
                case 0: cells[cells.count - 1] = "1x3"
                case 1: cells.removeLast()
                case 2: cells.append("9")
                default: cells[0] = "\"\(cells[0])"
                }
            }
            lines.append(cells.joined(separator: d))
        }
        bytes = Array((lines.joined(separator: lineEnd) + (roll(2) == 0 ? lineEnd : "")).utf8)
    }
}

/// Collects the byte ranges a tracker releases, from several threads.
private final class ByteRanges: Sendable {
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
