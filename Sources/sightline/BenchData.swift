import ArgumentParser
import ChartData
import Foundation

struct BenchData: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-data",
        abstract: "Time loading, level-of-detail building and range queries (no GPU).",
        discussion: "Prints figures; nothing is asserted. Without --file, writes W1's walk of --points points to a temporary CSV first."
    )

    @Option(help: "A CSV or JSON file to load.")
    var file: String?

    @Option(help: "Points of the W1 walk to generate when no --file is given.")
    var points: Int = 1_000_000

    @OptionGroup var data: DataOptions

    func run() throws {
        var path = file ?? ""
        var temporary: String?
        if file == nil {
            path = NSTemporaryDirectory() + "sightline-bench-\(getpid()).csv"
            temporary = path
            let handle = FileHandle(forWritingAtPath: path) ?? {
                FileManager.default.createFile(atPath: path, contents: nil)
                return FileHandle(forWritingAtPath: path)!
            }()
            try RandomWalk(count: points).writeCSV { try handle.write(contentsOf: $0) }
            try handle.close()
        }
        defer { if let temporary { unlink(temporary) } }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0

        let rssBefore = Self.residentMegabytes()
        let started = Date()
        let dataset = try CommandSupport.load(path, options: data)
        let parseSeconds = Date().timeIntervalSince(started)
        let count = dataset.count
        print("file         \(path) (\(size / 1_000_000) MB)")
        print("points       \(count) × \(dataset.series.count) series")
        print(String(format: "parse        %.3f s  (%.0f MB/s, %.0f ns/point)", parseSeconds,
                     Double(size) / 1e6 / parseSeconds, parseSeconds * 1e9 / Double(max(count, 1))))
        print(String(format: "memory       %.0f MB resident after load (%.0f before), peak %.0f MB: %.1f bytes/point",
                     Self.residentMegabytes(), rssBefore, Self.peakMegabytes(),
                     Self.peakMegabytes() * 1_048_576 / Double(max(count, 1))))
    }

    /// Resident memory now, from /proc/self/statm.
    static func residentMegabytes() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// Peak resident memory of the process so far (VmHWM).
    static func peakMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return kilobytes / 1024
    }
}
