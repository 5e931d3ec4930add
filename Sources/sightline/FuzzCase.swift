import ChartData
import Foundation

/// One generated `render` case: a file's bytes (a small valid chart, then mutated) and
/// the options, some sensible and some hostile.
struct FuzzCase {
    let path: String
    let bytes: [UInt8]
    let arguments: [String]

    /// Small files of each kind the loaders read: numbers, dates, Unix seconds and
    /// milliseconds, gaps, several columns, `;` with decimal commas, Telegram JSON.
    private static let bases: [(String, String)] = [
        ("csv", "x,y\n1,2\n2,3\n3,1\n4,5\n"),
        ("csv", "Date,Open,Close,Volume\n2024-01-02,10.5,11,1000\n2024-01-03,11,10.2,1500\n2024-01-04,,10.8,900\n2024-01-05,10.8,NaN,1200\n"),
        ("csv", "t,a,b\n1700000000,1,2\n1700000060,2,1\n1700000120,3,4\n1700000180,2,2\n"),
        ("csv", "t;a;b\n1700000000000;1,5;2\n1700000060000;2,5;1\n1700000120000;3;4\n"),
        ("tsv", "when\tvalue\n2024-03-01T10:30\t1\n2024-03-01T10:31\t2\n2024-03-01 10:32:05Z\t3\n"),
        ("csv", "x,y,z\n-1e300,1e-310,5\n0,1.79e308,6\n1e300,-1.79e308,7\n"),
        ("csv", "\"x\",\"y, quoted\"\r\n1,\"2\"\r\n2,\"3\"\r\n"),
        ("json", ##"{"columns":[["x",1542412800000,1542499200000,1542585600000],["y0",37,20,32],["y1",22,12,30]],"types":{"y0":"line","y1":"line","x":"x"},"names":{"y0":"#0","y1":"#1"},"colors":{"y0":"#3DC23F","y1":"#F34C44"}}"##),
        ("json", ##"[{"columns":[["x",1,2,3],["y0",1,null,3]],"types":{"y0":"line","x":"x"},"names":{"y0":"a"},"colors":{"y0":"#000000"}}]"##),
    ]

    /// Values that break careless arithmetic.
    private static let hostileNumbers = ["0", "-0", "1e308", "-1e308", "1.79e308", "1e-310", "4.9e-324", "1e999", "-1e999",
                                         "nan", "inf", "-inf", "1e20", "1e16", "9223372036854775807", "1e300", "0.5", "-1",
                                         "2020-01-01", "99999-12-31", "1700000000000", "1e-5", ""]
    private static let splices: [String] = ["\n", ",", ";", "\t", "\"", "NaN", "null", "1e308", "-", "e", ".", "\u{1b}[2J",
                                            "\r\n", "[", "{", "]", "}", "\0", "\u{ff}", "2024-13-45", "1,5", "x"]

    init(rng: inout SplitMix64, folder: String) {
        let (kind, text) = Self.bases[Int(rng.next() % UInt64(Self.bases.count))]
        var bytes = Array(text.utf8)
        // Half the files stay valid, so the options reach the drawing code.
        let mutations = rng.next() % 2 == 0 ? 0 : Int(rng.next() % 5) + 1
        for _ in 0..<mutations { Self.mutate(&bytes, rng: &rng) }
        self.bytes = bytes
        let extensions = [kind, kind, "csv", "json", "txt", "dat"]
        path = "\(folder)/case.\(extensions[Int(rng.next() % UInt64(extensions.count))])"
        arguments = [path, "--out", "\(folder)/out.png"] + Self.options(rng: &rng)
    }

    private static func pick<T>(_ items: [T], _ rng: inout SplitMix64) -> T {
        items[Int(rng.next() % UInt64(items.count))]
    }

    private static func mutate(_ bytes: inout [UInt8], rng: inout SplitMix64) {
        let at = bytes.isEmpty ? 0 : Int(rng.next() % UInt64(bytes.count + 1))
        switch rng.next() % 6 {
        case 0 where !bytes.isEmpty:
            bytes.remove(at: min(at, bytes.count - 1))
        case 1:
            bytes.insert(contentsOf: Array(pick(splices, &rng).utf8), at: at)
        case 2:
            bytes.insert(contentsOf: Array(pick(hostileNumbers, &rng).utf8), at: at)
        case 3 where !bytes.isEmpty:
            bytes[min(at, bytes.count - 1)] = UInt8(truncatingIfNeeded: rng.next())
        case 4:
            // A line repeated: duplicate x, or rows out of order once another mutation lands.
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            if lines.count > 2 {
                let line = lines[Int(rng.next() % UInt64(lines.count))]
                bytes.append(contentsOf: [UInt8(ascii: "\n")] + line)
            }
        default:
            bytes = Array(bytes.prefix(at))
        }
    }

    private static func options(rng: inout SplitMix64) -> [String] {
        var options: [String] = []
        func maybe(_ oneIn: UInt64) -> Bool { rng.next() % oneIn == 0 }
        // A range of two hostile ends, or an ordered one from a random value and width.
        func range() -> String {
            if maybe(2) { return pick(hostileNumbers, &rng) + ":" + pick(hostileNumbers, &rng) }
            let magnitude = pow(10, Double(Int(rng.next() % 40)) - 10)
            let low = (Double(rng.next() % 2001) - 1000) / 1000 * magnitude * 2
            let width = magnitude * Double(1 + rng.next() % 1000) / 100
            return "\(low):\(low + width)"
        }
        // `=` joins the value, so a negative start is not read as an option.
        if maybe(2) { options.append("--x-range=" + range()) }
        if maybe(4) { options.append("--y-range=" + range()) }
        if maybe(3) {
            let sides = maybe(3) ? ["16384", "16385", "0", "-5", "1e3", "x", ""] : ["1", "2", "16", "200", "640", "1280"]
            options += ["--size", pick(sides, &rng) + "x" + pick(sides, &rng)]
        }
        if maybe(6) { options += ["--line-width", pick(["0", "0.001", "1", "2", "7.5", "64", "65", "nan", "-1", "1e308"], &rng)] }
        let columns = ["x", "y", "z", "a", "b", "Date", "Close", "Volume", "y0", "y1", "#0", "value", "nope", "", "y,y", "x,y"]
        if maybe(8) { options += ["--x", pick(columns, &rng)] }
        if maybe(6) { options += ["--y", (0..<(1 + Int(rng.next() % 3))).map { _ in pick(columns, &rng) }.joined(separator: ",")] }
        if maybe(12) { options += ["--chart", pick(["0", "1", "2", "-1", "99999999999"], &rng)] }
        if maybe(5) { options += ["--lod", pick(["minmax", "rdp", "none", "minmax", "bogus"], &rng)] }
        if maybe(6) { options.append("--connect-gaps") }
        if maybe(4) { options.append("--plain") }
        if maybe(5) { options += ["--theme", pick(["day", "night", "dusk"], &rng)] }
        if maybe(5) { options.append("--no-gradient") }
        return options
    }
}
