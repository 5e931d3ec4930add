import ChartData
import Foundation
import XCTest

/// A seeded random mutator over valid files: whatever bytes arrive, every loader returns
/// a dataset or throws a `DataLoadError`; it never traps, hangs or throws anything else.
final class LoaderFuzzTests: XCTestCase {
    private static let inputsPerLoader = 1_000_000

    private func fuzz(_ loader: DataLoader, seeds: [String], alphabet: String, seed: UInt64) -> (parsed: Int, rejected: Int) {
        var rng = SplitMix64(seed: seed)
        let seeds = seeds.map { Array($0.utf8) }
        let alphabet = Array(alphabet.utf8)
        var parsed = 0
        var rejected = 0
        var bytes: [UInt8] = []
        for _ in 0..<Self.inputsPerLoader {
            bytes = seeds[Int(rng.next() % UInt64(seeds.count))]
            for _ in 0..<(1 + Int(rng.next() % 6)) {
                let i = Int(rng.next() % UInt64(bytes.count + 1))
                switch rng.next() % 5 {
                case 0 where i < bytes.count: bytes[i] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                case 1: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: i)
                case 2 where i < bytes.count: bytes.remove(at: i)
                case 3 where i < bytes.count:
                    // Duplicate a run: repeated structure finds length and nesting bugs.
                    let end = min(bytes.count, i + 1 + Int(rng.next() % 16))
                    bytes.insert(contentsOf: bytes[i..<end], at: i)
                default: bytes = Array(bytes.prefix(i))
                }
            }
            do {
                _ = try bytes.withUnsafeBytes { try loader.load($0, source: "fuzz", options: LoadOptions(), tracker: nil) }
                parsed += 1
            } catch is DataLoadError {
                rejected += 1
            } catch {
                XCTFail("\(type(of: loader)) threw \(error) for \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                return (parsed, rejected)
            }
        }
        return (parsed, rejected)
    }

    func testCSVLoaderSurvivesAMillionMutatedFiles() {
        let result = fuzz(CSVLoader(), seeds: [
            "time,a,b\n1,10,20\n2,\"11\",21\r\n3,1e3,-2.5E-2\n4,NaN,\n",
            "\u{FEFF}Date;Close\n2020-01-01;5\n2020-01-02T10:00;6\n2020-01-03 10:00:30Z;7\n",
            "1\t2\n3\t4\n5\t\n",
        ], alphabet: "0123456789,;\t\n\r\"-+.eEnaN xT:Z", seed: 1)
        print("CSV fuzz: \(Self.inputsPerLoader) inputs, \(result.parsed) parsed, \(result.rejected) rejected with a message")
        XCTAssertGreaterThan(result.parsed, 1000)
        XCTAssertGreaterThan(result.rejected, 1000)
    }

    func testTelegramLoaderSurvivesAMillionMutatedFiles() {
        let result = fuzz(TelegramChartLoader(), seeds: [
            "[{\"columns\":[[\"x\",1,2,3],[\"y0\",4,5,6]],\"types\":{\"x\":\"x\",\"y0\":\"line\"},\"names\":{\"y0\":\"A\"},\"colors\":{\"y0\":\"#112233\"}}]",
            "{\"columns\":[[\"x\",10,20],[\"y0\",1,null],[\"y1\",2,3]],\"types\":{\"x\":\"x\",\"y0\":\"bar\",\"y1\":\"area\"},\"stacked\":true,\"names\":{\"y0\":\"\\u00e9\"}}",
        ], alphabet: "[]{}\",:0123456789xy.-eEnulltrue ", seed: 2)
        print("JSON fuzz: \(Self.inputsPerLoader) inputs, \(result.parsed) parsed, \(result.rejected) rejected with a message")
        XCTAssertGreaterThan(result.parsed, 1000)
        XCTAssertGreaterThan(result.rejected, 1000)
    }
}
