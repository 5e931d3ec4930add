import ArgumentParser
import ChartData
import ChartSupport
import Foundation

struct BenchData: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-data",
        abstract: "Time loading, level-of-detail building and range queries (no GPU).",
        discussion: "Prints figures; nothing is asserted. Without --file, writes W1's walk of --points points to a temporary CSV first."
    )

    @Option(help: "A CSV or JSON file to load.")
    var file: String?

    @Option(parsing: .unconditional, help: "Points of the W1 walk to generate when no --file is given.")
    var points: Int = 1_000_000

    @OptionGroup var data: DataOptions

    /// Bytes of CSV a walk point takes: `1600000000,-123.456789` and a line end.
    static let csvBytesPerPoint = 23

    func validate() throws {
        guard file != nil || points >= 2 else { throw ValidationError(NumberCheck.message("--points", points, "at least 2")) }
    }

    func run() throws {
        var path = file ?? ""
        var temporary: String?
        defer {
            if let temporary {
                unlink(temporary)
                TemporaryFiles.unregister(temporary)
            }
        }
        if file == nil {
            let folder = NSTemporaryDirectory()
            do {
                try RandomWalk(count: points).requireMemory(for: "loading the walk back")
            } catch let error as DataLoadError {
                throw CommandSupport.fail(error)
            }
            try Self.requireDiskSpace(points: points, in: folder)
            // Registered, so a signal while it is written or read removes it (it can be
            // gigabytes); a fresh name, so it never writes through someone's link.
            let descriptor: Int32
            do {
                (descriptor, path) = try TemporaryFiles.create(in: folder, prefix: "sightline-bench-", suffix: ".csv")
            } catch {
                throw CommandSupport.fail(message: "cannot create a temporary CSV in \(DisplayText.quoted(folder)) "
                                          + "(TMPDIR): \(String(cString: strerror((error as? POSIXError)?.code.rawValue ?? EIO)))",
                                          code: 73)
            }
            temporary = path
            defer { close(descriptor) }
            try RandomWalk(count: points).writeCSV { chunk in
                if let code = chunk.withUnsafeBytes({ OutputFile.writeAll($0, to: descriptor) }) {
                    throw CommandSupport.fail(message: "\(DisplayText.quoted(path)): cannot write: \(String(cString: strerror(code)))",
                                              code: 73)
                }
            }
        }
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
        print(String(format: "after load   %.0f MB resident (%.0f before), peak so far %.0f MB",
                     Self.residentMegabytes(), rssBefore, Self.peakMegabytes()))

        let lodStarted = Date()
        let source = DataSource(dataset: dataset, lodMethod: data.lod, connectsGaps: data.connectGaps)
        let lodSeconds = Date().timeIntervalSince(lodStarted)
        let levels = source.details.first?.levels ?? []
        let kept = source.details.reduce(0) { $0 + $1.levels.reduce(0) { $0 + $1.indices.count } }
        print(String(format: "LOD (%@)  %.3f s, %d levels, %d indices kept (%.2f bytes/point), finest %d, coarsest %d points",
                     data.lod.rawValue, lodSeconds, levels.count, kept, Double(kept * 4) / Double(max(count, 1)),
                     levels.first?.indices.count ?? 0, levels.last?.indices.count ?? 0))

        // Queries at random places and widths, as a pan/zoom would ask them.
        var rng = SplitMix64(seed: 7)
        let xs = dataset.xs
        let queries = 100_000
        var sink = 0.0
        let queryStarted = Date()
        for _ in 0..<queries {
            let a = xs[Int(rng.next() % UInt64(count))]
            let b = xs[Int(rng.next() % UInt64(count))]
            if let bounds = source.yBounds(inX: min(a, b)...max(a, b)) { sink += bounds.max - bounds.min }
        }
        let rangeSeconds = Date().timeIntervalSince(queryStarted)
        let nearestStarted = Date()
        for _ in 0..<queries {
            let x = xs[0] + (xs[count - 1] - xs[0]) * Double(rng.next() % 1_000_000) / 1_000_000
            sink += dataset.yValue(atX: x, series: 0) ?? 0
            sink += Double(dataset.nearestIndex(toX: x) ?? 0)
        }
        let pointSeconds = Date().timeIntervalSince(nearestStarted)
        print(String(format: "queries      y range over x: %.2f µs; nearest index + y at x: %.2f µs  (checksum %.0f)",
                     rangeSeconds * 1e6 / Double(queries), pointSeconds * 1e6 / Double(queries), sink.truncatingRemainder(dividingBy: 1000)))
        // The window's measure between the first and last point: every figure is a scan of the data.
        let measureStarted = Date()
        let figures = MeasureFigures(dataset: dataset, decimals: source.decimals, from: xs[0], to: xs[count - 1])
        print(String(format: "measure      all %d points: %.3f s  (mean %.6g, std dev %.6g)", figures.pointCount,
                     Date().timeIntervalSince(measureStarted), figures.series.first?.statistics.mean ?? .nan,
                     figures.series.first?.statistics.standardDeviation ?? .nan))
        print(String(format: "peak memory  %.0f MB, %.0f MB above the %.0f MB before loading: %.1f bytes/point (data, LOD and indexes)",
                     Self.peakMegabytes(), Self.peakMegabytes() - rssBefore, rssBefore,
                     (Self.peakMegabytes() - rssBefore) * 1_048_576 / Double(max(count, 1))))
        withExtendedLifetime(source) {}
    }

    /// Ends the command (status 73) unless `folder`'s file system has room for a walk of
    /// `points` as CSV.
    static func requireDiskSpace(points: Int, in folder: String) throws {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return }
        let free = Int(clamping: UInt64(info.f_bavail) &* UInt64(info.f_frsize))
        let (needed, overflow) = points.multipliedReportingOverflow(by: csvBytesPerPoint)
        guard overflow || needed > free else { return }
        throw CommandSupport.fail(message: "\(DisplayText.quoted(folder)) (TMPDIR): the walk needs about "
                                  + "\(MemoryBudget.describe(bytes: overflow ? .max : needed)) as CSV, "
                                  + "\(MemoryBudget.describe(bytes: free)) of disk space is free", code: 73)
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
