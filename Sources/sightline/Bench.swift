import ArgumentParser
import ChartApp
import ChartData
import ChartGeometry
import ChartStage
import ChartSupport
import Foundation

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the benchmark workload W1 or W2 (300 frames of zoom, pan, zoom) and report frame times.",
        discussion: """
        Without --file, generates W1's random walk of --points points in memory, or with \
        --workload w2 W2's four series with gaps (WORKLOAD-W2.md), --points in all. y fits the \
        visible data every frame; each frame is timed to glFinish. Reports per-frame wall, \
        CPU and GPU time, bytes uploaded, time to first frame from process start, peak \
        memory, and the empty-frame floor (clear, present, finish) with ratios to it. \
        Prints figures only; nothing is judged.
        """
    )

    @Option(parsing: .unconditional, help: "Points of the generated data, all series together (ignored with --file).")
    var points: Int = 1_000_000

    @Option(help: "The generated data: w1 (one random walk; the default) or w2 (a seasonal, a noisy, a stepped series and a walk on one jittered x with a missing stretch and outages, WORKLOAD-W2.md).")
    var workload: BenchWorkload?

    @Option(parsing: .unconditional, help: "Frames in the script.")
    var frames: Int = 300

    @Option(parsing: .unconditional, help: "Drawable size, WIDTHxHEIGHT (default: 1280x720).", transform: SizeArgument.parsing)
    var size: SizeArgument = SizeArgument(PixelSize(width: 1280, height: 720))

    @Option(parsing: .unconditional, help: "Line width in pixels.")
    var lineWidth: Double = 2

    @Option(help: "Write the figures as JSON to this file.")
    var json: String?

    @Flag(exclusivity: .exclusive, help: "Draw in a real window (needs a display; Xvfb will do) or offscreen (EGL).")
    var target: BenchTarget = .offscreen

    @Option(help: "A CSV or JSON file to run on instead of the generated walk (its load counts toward the first frame).")
    var file: String?

    @OptionGroup var data: DataOptions

    @OptionGroup var look: LookOptions

    @OptionGroup var axes: ScaleOptions

    @Flag(help: "Only the lines, no margins.")
    var plain = false

    @Option(help: "What to draw: line (W1), or the walk as bars, stacked-bars, areas (stacked) or percentage (areas): the plot alone, three series of the walk's absolute values (one for bars); with --file, its first three series (or as many as it has; the first for bars); or candles: the walk as a price's periods (open, high, low, close), drawn as the window draws them (a file's Open, High, Low and Close with --file).")
    var kind: BenchKind = .line

    @Option(help: "Another kind to run in the same process, its rounds alternating with --kind's (line then candles, say), so both meet the machine alike; each kind's frames are reported together.")
    var interleave: BenchKind?

    @Option(parsing: .unconditional, help: "Rounds of each kind with --interleave.")
    var rounds: Int = 3

    @Option(parsing: .unconditional, help: "Render at this fraction of the size and stretch it (0.5: a quarter of the pixels).")
    var scale: Double = 1

    @Option(parsing: .unconditional, help: "Multisample anti-aliasing: 0 (off; lines antialias in their shader) or 4 samples per pixel.")
    var msaa: Int = 0

    func validate() throws {
        guard points >= 2 else { throw ValidationError(NumberCheck.message("--points", points, "at least 2")) }
        guard frames >= 3 else { throw ValidationError(NumberCheck.message("--frames", frames, "at least 3")) }
        try NumberCheck.lineWidth(lineWidth)
        guard scale > 0, scale <= 1 else {
            throw ValidationError(NumberCheck.message("--scale", scale, "a fraction above 0 and at most 1"))
        }
        guard [0, 2, 4, 8].contains(msaa) else { throw ValidationError("--msaa must be 0, 2, 4 or 8, not \(msaa)") }
        guard rounds >= 1 else { throw ValidationError(NumberCheck.message("--rounds", rounds, "at least 1")) }
        if interleave != nil, file != nil { throw ValidationError("--interleave runs generated walks; it takes no --file") }
        if workload != nil, file != nil { throw ValidationError("--workload picks the generated data; it takes no --file") }
        if workload == .w2 {
            if kind != .line || interleave != nil { throw ValidationError("--workload w2 draws lines; it takes no --kind or --interleave") }
            guard points >= SeriesMix.minimumPoints else {
                throw ValidationError(NumberCheck.message("--points", points, "at least \(SeriesMix.minimumPoints) with --workload w2"))
            }
        }
    }

    /// Memory per point that drawing a walk adds to the walk itself: the GPU copies of
    /// its levels, which llvmpipe keeps in process memory, and the driver's share. W1
    /// at 10M points peaks at 262 MiB, 27 bytes a point in all.
    static let drawingBytesPerPoint = 11

    func run() throws {
        if let interleave { return try runInterleaved(with: interleave) }
        let (file, data, points) = (file, data, points)
        try StandardStreams.refuseInputs(file.map { [$0] } ?? [])
        // A report that cannot be written is said before the benchmark runs, not after.
        if let json { try CommandSupport.reporting { try OutputFile(path: json, refusing: file.map { [$0] } ?? []).check() } }
        if file == nil {
            do {
                if workload == .w2 {
                    try SeriesMix(points: points).requireMemory(extraBytesPerPoint: Self.drawingBytesPerPoint, for: "running the benchmark")
                } else {
                    try RandomWalk(count: points).requireMemory(extraBytesPerPoint: Self.drawingBytesPerPoint + kind.extraBytesPerPoint,
                                                                for: "running the benchmark")
                }
            } catch let error as DataLoadError {
                throw CommandSupport.fail(error)
            }
        }
        let (kind, logAxes, workload) = (kind, axes.logAxes, workload ?? .w1)
        let loading = try CommandSupport.reporting { try BackgroundResult { () throws -> DataSource in
            let dataset = try file.map { try CommandSupport.load($0, options: data) }
                ?? (workload == .w2 ? SeriesMix(points: points).dataset() : kind.dataset(points: points))
            if kind == .candles, dataset.ohlc == nil {
                throw DataLoadError.usage(file: dataset.source, message: "--kind candles needs Open, High, Low and Close columns")
            }
            // Stacks and candles keep levels of their own (StackLevels, OHLCLevels): the lines' ladder is not built.
            return DataSource(dataset: dataset, lodMethod: kind == .line ? data.lod : .none, connectsGaps: data.connectGaps,
                              logAxes: logAxes)
        } }
        let options = benchmarkOptions
        var result = FrameBenchmark.Result()
        var source: DataSource?
        try CommandSupport.reporting {
            let benchmark = try FrameBenchmark(options: options)
            source = try loading.value()
            result = try benchmark.run(source!, stack: kind.stack(of: source!))
        }
        let dataset = source!.dataset
        let layers = kind.stack(of: source!)?.series.count ?? 0
        let ttff = result.firstFrameDone.flatMap { ProcessClock.secondsSinceStart(at: $0) }
        // Lines count every series' points (W2, a file of several), so memory per point is per point.
        let drawnPoints = kind == .line ? dataset.count * max(dataset.series.count, 1) : dataset.count
        let report = BenchReport(points: drawnPoints, frames: frames, result: result, firstFrameSeconds: ttff,
                                 peakRSSMegabytes: BenchData.peakMegabytes())
        let drawn = kind == .line && dataset.series.count > 1 ? "\(dataset.count) rows × \(dataset.series.count) series"
            : kind == .line ? "\(dataset.count) points"
            : kind == .candles ? "candles, \(dataset.count) periods" : "\(kind.rawValue), \(layers) × \(dataset.count) steps"
        let detail = kind == .line ? "LOD \(data.lod.rawValue)" : kind == .candles ? "candle levels" : "stack levels"
        // A file or database is named as itself (its password never shown): W1's script over it, not W1's data.
        let what = file.map { "\(DisplayText.withoutPassword($0)) (W1's script)" } ?? workload.rawValue.uppercased()
        print(report.table(title: "\(what), \(drawn), \(size.value), \(target == .window ? "window" : "offscreen"), \(detail)\(kind != .line && kind != .candles ? ", plot only" : plain ? ", lines only" : look.noGradient ? ", no gradient" : "")\(look.smooth ? ", smooth" : "")\(scale < 1 ? ", scale \(scale)" : "")\(msaa > 0 ? ", MSAA \(result.msaaSamples)×" : "")"))
        // The table is the result: one that could not be printed is an error before the JSON.
        try StandardStreams.flush()
        if let json {
            let bytes = try report.json()
            try CommandSupport.writeOutput(json, refusing: file.map { [$0] } ?? []) { emit in
                try bytes.withUnsafeBytes { try emit($0) }
            }
        }
    }
}

/// The data `bench` generates: W1's walk or W2's mix of series with gaps.
enum BenchWorkload: String, CaseIterable, ExpressibleByArgument {
    case w1, w2
}

enum BenchTarget: String, EnumerableFlag {
    case window, offscreen
}

/// What `bench` draws the walk as.
enum BenchKind: String, CaseIterable, ExpressibleByArgument {
    case line, bars, stackedBars = "stacked-bars", areas, percentage, candles

    /// Series a stack of this kind holds.
    private var seriesCount: Int { self == .bars ? 1 : 3 }

    /// Memory a point takes beyond the walk's: two more series and the totals y fits to.
    var extraBytesPerPoint: Int {
        // Candles: three more series and where each level's candles start (one Int32 a
        // period in all).
        if self == .candles { return RandomWalk.ohlcExtraBytesPerPoint + MemoryLayout<Int32>.size }
        return seriesCount == 1 ? 0 : 3 * MemoryLayout<Double>.size
    }

    /// W1's walk as lines; for a stack, the absolute values of `seriesCount` walks (seeds
    /// 42, 43, 44), non-negative as bars and stacked areas need.
    /// - Complexity: O(points × series).
    func dataset(points: Int) -> Dataset {
        if self == .candles { return RandomWalk(count: points).ohlcDataset() }
        let walk = RandomWalk(count: points).dataset()
        guard self != .line else { return walk }
        let series = (0..<seriesCount).map { s in
            let ys = s == 0 ? walk.series[0].ys : RandomWalk(count: points, seed: 42 + UInt64(s)).dataset().series[0].ys
            return Series(name: "y\(s)", ys: ys.map(abs), kind: self == .bars || self == .stackedBars ? .bar : .area)
        }
        return Dataset(source: "random walks (\(seriesCount) × \(points) points, absolute values)", xs: walk.xs, series: series,
                       xKind: walk.xKind)
    }

    /// The stack drawn over `source`'s series (`dataset(points:)`'s or a file's): its
    /// first `seriesCount`, or as many as it has; `nil` for lines.
    func stack(of source: DataSource) -> SeriesStack? {
        let count = min(seriesCount, source.dataset.series.count)
        let colors = Array(RGBAColor.palette.prefix(count))
        let series = (0..<count).map(source.handle(ofSeries:)), weights = [Double](repeating: 1, count: count)
        switch self {
        case .line, .candles: return nil
        case .bars: return SeriesStack(mark: .bars, series: series, weights: weights, colors: colors, isStacked: false)
        case .stackedBars: return SeriesStack(mark: .bars, series: series, weights: weights, colors: colors, isStacked: true)
        case .areas: return SeriesStack(mark: .areas, series: series, weights: weights, colors: colors, isStacked: true)
        case .percentage:
            return SeriesStack(mark: .areas, series: series, weights: weights, colors: colors, isStacked: true, isPercentage: true)
        }
    }
}

/// How long ago this process started, from /proc (to a hundredth of a second).
enum ProcessClock {
    static func secondsSinceStart(at moment: Date) -> Double? {
        guard let uptimeText = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
              let uptime = uptimeText.split(separator: " ").first.flatMap({ Double($0) }),
              let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.range(of: ")") else { return nil }
        // Field 22, start time in clock ticks since boot; fields after ")" start at 3.
        let fields = stat[close.upperBound...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let age = uptime - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        return age - Date().timeIntervalSince(moment)
    }
}
