#if canImport(Glibc)
import Glibc
#endif

/// The rows a followed file gains (`sightline open --follow`, and standard input in a
/// window): the first read makes the dataset as the file's loader would, with its
/// header, columns and kinds fixed from then on; each later `next()` parses the complete
/// lines appended since, as the same loader reads them under that header and under
/// the first read's decisions: its series, its date form (day or month first), its
/// kind of x and its zone handling (`XReading`), instants moved to the wall clock
/// from where the first read left off (`WallClockFollower`).
///
/// A line the loader refuses (a different field count, a word where a number belongs)
/// is skipped with a notice naming its line, and following goes on. A row whose x is
/// earlier than the last row kept is dropped (an equal x is kept: ties are data), and
/// the notice counts them all. After a rotation or a truncation the new file's lines
/// are read from its start, its header line skipped.
public final class FollowReader {
    /// What one `next()` brought.
    public struct Batch {
        /// The rows to append, with the dataset's series in order; `nil` when none.
        public var rows: Dataset?
        /// Messages to show once each (a skipped line, the count of rows dropped).
        public var notices: [String] = []
        /// Standard input was closed: nothing more will come.
        public var ended = false
        /// The complete lines the batch read, bytes.
        public var byteCount = 0
    }

    private let file: FollowedFile
    private let options: LoadOptions
    /// The options later lines are read under: the first read's series and x decisions.
    private var batchOptions: LoadOptions
    /// Moves later instants to the wall clock, where the first read moved its own.
    private var wallClock: WallClockFollower?
    /// The header line (with its line end) put before each batch's lines so the loader
    /// reads them as it read the file; the first data line when the file has no header.
    private var prefix: [UInt8] = []
    /// Whether `prefix` is a data line, whose row each parse leaves out.
    private var prefixIsData = false
    private var names: [String] = []
    private var xKind = XAxisKind.number
    /// The last x kept, as the loader reads it (instants in UTC where `wallClock` moves them).
    private var lastX = -Double.infinity
    /// Lines read in the current file, the header counted.
    private var linesRead = 0
    /// Rows dropped for an x earlier than the last, and the line of the first.
    public private(set) var droppedCount = 0
    private var firstDroppedLine: Int?
    /// When the count was last said (monotonic seconds): a writer whose x keeps going
    /// back must not make a line of the terminal every batch.
    private var droppedSaidAt: Double?
    private var droppedSaid = 0
    /// The least time between two counts of the rows dropped, seconds.
    static let droppedNoticeInterval = 10.0
    /// Standard input that was not line text (gzip, UTF-16) was read to its end at
    /// once: what to say the first time `next()` is asked, and that nothing follows.
    private var readWhole: (notice: String?, done: Bool) = (nil, false)

    public init(file: FollowedFile, options: LoadOptions) {
        self.file = file
        self.options = options
        batchOptions = options
    }

    /// The file as it is: its complete lines, loaded. Waits, asking `keepWaiting` every
    /// `pollSeconds`, while the file holds no row yet (a header alone, or nothing).
    /// - Throws: the loader's `DataLoadError`; `.usage` for a file that is not
    ///   delimited text (standard input's other formats are read to their end instead).
    public func readFirst(pollSeconds: Double = 0.05, keepWaiting: () -> Bool = { true }) throws -> Dataset {
        var bytes: [UInt8] = []
        var encodingKnown = false
        while true {
            let chunk = try file.read()
            if let start = chunk.newFileStart {
                bytes = Array(chunk.lines[start...])
            } else {
                bytes.append(contentsOf: chunk.lines)
            }
            if !encodingKnown {
                let head = bytes + file.unfinishedLine
                // A file waits for its first bytes below; standard input's read waits.
                encodingKnown = file.path == "-" ? chunk.ended || Self.encodingIsKnown(from: head) : !head.isEmpty
                if !encodingKnown, file.path == "-" {
                    guard keepWaiting() else { throw DataLoadError.noData(file: file.source, reason: "no rows arrived") }
                    continue
                }
                if encodingKnown, let what = Self.encoding(of: head, options: options) {
                    guard file.path == "-" else { throw Self.refusal(source: file.source, encoding: what) }
                    return try readToEnd(bytes, encoding: what)
                }
            }
            let format = bytes.withUnsafeBytes { DataFormat.choose(for: $0, path: file.path).format }
            if format != .csv, !bytes.isEmpty {
                guard file.path == "-" else {
                    throw DataLoadError.usage(file: file.source, message: "--follow reads delimited text (CSV), and this is \(format.rawValue)")
                }
                if !chunk.ended { continue }
            }
            if !bytes.isEmpty, format == .csv || chunk.ended {
                do {
                    let dataset = try bytes.withUnsafeBytes {
                        try DatasetReader.load($0, path: file.path, source: file.source, options: options, tracker: nil)
                    }
                    try start(after: dataset, bytes: bytes)
                    return dataset
                } catch let error as DataLoadError where Self.saysNoRows(error) {
                    if chunk.ended { throw error }
                }
            } else if chunk.ended {
                throw DataLoadError.noData(file: file.source, reason: "it is empty")
            }
            guard keepWaiting() else { throw DataLoadError.noData(file: file.source, reason: "no rows arrived") }
            usleep(UInt32(pollSeconds * 1_000_000))
        }
    }

    /// Whether `error` says only that no row is there yet (a header alone), however the
    /// reader explains the format it assumed (standard input's `.readAs`).
    private static func saysNoRows(_ error: DataLoadError) -> Bool {
        switch error {
        case .noData: return true
        case let .readAs(_, _, inner): return saysNoRows(inner)
        default: return false
        }
    }

    /// Standard input that is not line text, `bytes` of it read: the rest read, and all
    /// of it loaded as a file would be (inflated, transcoded); nothing is followed.
    private func readToEnd(_ bytes: [UInt8], encoding: String) throws -> Dataset {
        let all = bytes + (try file.readToEnd())
        let dataset = try all.withUnsafeBytes {
            try DatasetReader.load($0, path: file.path, source: file.source, options: options, tracker: nil)
        }
        readWhole = ("\(file.source) is \(encoding): it was read to its end and is shown as it was, not followed", true)
        return dataset
    }

    /// Takes the header and the last x from the first read.
    private func start(after dataset: Dataset, bytes: [UInt8]) throws {
        names = dataset.series.map(\.name)
        xKind = dataset.xKind
        lastX = dataset.xs.last ?? -.infinity
        if let reading = dataset.xReading.value {
            batchOptions.settledX = reading
            if let instant = reading.lastInstant {
                lastX = instant
                wallClock = WallClockFollower(after: instant)
            }
        }
        // The series the first read took, by name: a batch's own survey of its columns
        // (which hold numbers, which scale apart) is not the file's. Names given twice
        // would be taken once: such a file's batches are surveyed as the file was.
        if Set(names).count == names.count { batchOptions.y = names }
        linesRead = Self.lineCount(bytes[...])
        let lines = Self.lines(in: bytes[...])
        guard let first = lines.first else { return }
        prefix = Array(bytes[first.range]) + [UInt8(ascii: "\n")]
        // A first line that loads as a row on its own is data: the file has no header.
        prefixIsData = (try? prefix.withUnsafeBytes {
            try DatasetReader.load($0, path: file.path, source: file.source, options: options, tracker: nil)
        }) != nil
    }

    /// The rows appended since the last call; empty when none (a regular file returns
    /// at once; standard input waits for data).
    public func next() throws -> Batch {
        if readWhole.done {
            defer { readWhole.notice = nil }
            return Batch(notices: readWhole.notice.map { [$0] } ?? [], ended: true)
        }
        let chunk = try file.read()
        var batch = Batch(ended: chunk.ended, byteCount: chunk.lines.count)
        var xs: [Double] = []
        var columns = [[Double]](repeating: [], count: names.count)
        let split = chunk.newFileStart ?? chunk.lines.count
        read(chunk.lines[..<split], into: &xs, &columns, notices: &batch.notices)
        if split < chunk.lines.count {
            linesRead = 0
            var rest = chunk.lines[split...]
            // The new file's header is not a row.
            if !prefixIsData, let first = Self.lines(in: rest).first,
               Array(rest[first.range]) + [UInt8(ascii: "\n")] == prefix {
                rest = rest[(first.range.upperBound + 1)...]
                linesRead = first.number
            }
            read(rest, into: &xs, &columns, notices: &batch.notices)
        }
        if !xs.isEmpty {
            var rows = Dataset(source: file.source, xs: xs, series: zip(names, columns).map { Series(name: $0, ys: $1) })
            rows.xKind = xKind
            batch.rows = rows
        }
        return batch
    }

    /// One line of `bytes`: its bytes without the line end, and its number in them, from 1.
    private struct Line {
        var range: Range<Int>
        var number: Int
    }

    /// The lines in `bytes`, blank ones counted: its line ends, and one more after the
    /// last when it has none.
    private static func lineCount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.count(where: { $0 == UInt8(ascii: "\n") }) + (bytes.last.map { $0 == UInt8(ascii: "\n") ? 0 : 1 } ?? 0)
    }

    /// The lines of `bytes` that hold something besides spaces, with their numbers.
    private static func lines(in bytes: ArraySlice<UInt8>) -> [Line] {
        var lines: [Line] = []
        var start = bytes.startIndex
        var number = 0
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            number += 1
            var last = end
            if last > start, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
            if bytes[start..<last].contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                lines.append(Line(range: start..<last, number: number))
            }
            start = end + 1
        }
        return lines
    }

    /// Parses complete `lines` under the header, appending their rows in order, those
    /// with an x earlier than the last left out; a line the loader refuses is skipped.
    private func read(_ lines: ArraySlice<UInt8>, into xs: inout [Double], _ columns: inout [[Double]],
                      notices: inout [String]) {
        guard !lines.isEmpty else { return }
        let found = Self.lines(in: lines)
        let before = linesRead
        linesRead += Self.lineCount(lines)
        guard !found.isEmpty else { return }
        // All at once, as the loader reads a file; line by line when that fails or
        // sorted them (a row out of order), to keep the good lines and their order.
        var text = prefix
        text.append(contentsOf: lines)
        if lines.last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
        if let dataset = parse(text), dataset.count == found.count + (prefixIsData ? 1 : 0) {
            keep(dataset, lines: found.map { before + $0.number }, into: &xs, &columns)
        } else {
            for line in found {
                let number = before + line.number
                do {
                    var text = prefix
                    text.append(contentsOf: lines[line.range])
                    text.append(UInt8(ascii: "\n"))
                    let dataset = try text.withUnsafeBytes {
                        try DatasetReader.load($0, path: file.path, source: file.source, options: batchOptions, tracker: nil)
                    }
                    if let change = difference(dataset, rows: 1) {
                        throw DataLoadError.noData(file: file.source, reason: "line \(number) \(change)")
                    }
                    keep(dataset, lines: [number], into: &xs, &columns)
                } catch let error as DataLoadError {
                    let moved = error.movedDown(lines: number - 2)
                    notices.append("\(moved); the line was skipped, following goes on")
                } catch {
                    notices.append("\(file.source):\(number): \(error); the line was skipped, following goes on")
                }
            }
        }
        // Rows dropped since the count was last said are said with a later batch once
        // the interval is over, even one that drops none.
        if droppedCount > droppedSaid, let line = firstDroppedLine,
           droppedSaidAt.map({ Self.monotonicSeconds() - $0 >= Self.droppedNoticeInterval }) ?? true {
            (droppedSaidAt, droppedSaid) = (Self.monotonicSeconds(), droppedCount)
            notices.append("\(DisplayText.escaped(file.source, limit: DataLoadError.pathLimit)): dropped \(droppedCount) "
                           + "row\(droppedCount == 1 ? "" : "s") whose x went back, first at line \(line)")
        }
    }

    /// The batch's dataset when it reads as the file did, in file order.
    private func parse(_ text: [UInt8]) -> Dataset? {
        guard let dataset = try? text.withUnsafeBytes({
            try DatasetReader.load($0, path: file.path, source: file.source, options: batchOptions, tracker: nil)
        }), difference(dataset, rows: nil) == nil, dataset.xReading.value?.sorted != true else { return nil }
        return dataset
    }

    /// What makes `dataset`'s lines read otherwise than the file's first read did (other
    /// series, or not `rows` rows), in words after "line N"; `nil` when nothing does.
    private func difference(_ dataset: Dataset, rows: Int?) -> String? {
        let columns = dataset.series.map(\.name)
        if columns != names {
            return "reads as the series \(columns.map { DisplayText.quotedName($0) }.joined(separator: ", ")) where the file "
                + "has \(names.map { DisplayText.quotedName($0) }.joined(separator: ", "))"
        }
        if let rows, dataset.count != rows + (prefixIsData ? 1 : 0) {
            return "reads as \(dataset.count - (prefixIsData ? 1 : 0)) rows, not \(rows)"
        }
        return nil
    }

    /// Appends `dataset`'s rows (less the data line put first, if any) whose x does not
    /// go back; counts those that do.
    private func keep(_ dataset: Dataset, lines: [Int], into xs: inout [Double], _ columns: inout [[Double]]) {
        let first = prefixIsData ? 1 : 0
        for row in first..<dataset.count {
            let x = dataset.xs[row]
            guard x >= lastX else {
                droppedCount += 1
                if firstDroppedLine == nil { firstDroppedLine = lines[row - first] }
                continue
            }
            lastX = x
            xs.append(wallClock?.move(x) ?? x)
            for s in columns.indices { columns[s].append(dataset.series[s].ys[row]) }
        }
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
