import ChartApp
import ChartData
import ChartSupport

extension Bench {
    /// The benchmark's options from the command line.
    var benchmarkOptions: FrameBenchmark.Options {
        var options = FrameBenchmark.Options()
        options.frames = frames
        options.size = size.value
        options.lineWidth = lineWidth
        options.window = target == .window
        options.plain = plain
        options.scale = scale
        options.msaa = msaa
        options.theme = look.chartTheme
        options.gradient = !look.noGradient
        options.font = look.font(plain: plain)
        options.smooth = look.smooth
        return options
    }

    /// Runs `--kind` and `other` over their generated walks of `--points` in one
    /// process, `--rounds` times each, alternating (kind, other, kind, other…), so that
    /// what the machine does meanwhile falls on both alike; prints one table per kind of
    /// all its rounds' frames.
    func runInterleaved(with other: BenchKind) throws {
        let kinds = [kind, other]
        do {
            try RandomWalk(count: points).requireMemory(
                extraBytesPerPoint: 2 * Self.drawingBytesPerPoint + kinds.map(\.extraBytesPerPoint).reduce(0, +)
                    + RandomWalk.bytesPerPoint,
                for: "running the benchmark")
        } catch let error as DataLoadError {
            throw CommandSupport.fail(error)
        }
        let sources = kinds.map { kind in
            DataSource(dataset: kind.dataset(points: points), lodMethod: kind == .line ? data.lod : .none,
                       connectsGaps: data.connectGaps)
        }
        var results = [FrameBenchmark.Result](repeating: FrameBenchmark.Result(), count: kinds.count)
        try CommandSupport.reporting {
            let benchmark = try FrameBenchmark(options: benchmarkOptions)
            for _ in 0..<rounds {
                for (slot, source) in sources.enumerated() {
                    let round = try benchmark.run(source, stack: kinds[slot].stack(of: source))
                    results[slot].frameMilliseconds += round.frameMilliseconds
                    results[slot].cpuMilliseconds += round.cpuMilliseconds
                    results[slot].gpuMilliseconds += round.gpuMilliseconds
                    results[slot].uploadBytes += round.uploadBytes
                    results[slot].streamedBytes += round.streamedBytes
                    results[slot].floorMilliseconds += round.floorMilliseconds
                    results[slot].renderer = round.renderer
                    results[slot].msaaSamples = round.msaaSamples
                }
            }
        }
        for (slot, kind) in kinds.enumerated() {
            let report = BenchReport(points: points, frames: frames * rounds, result: results[slot], firstFrameSeconds: nil,
                                     peakRSSMegabytes: BenchData.peakMegabytes())
            let drawn = kind == .candles ? "candles, \(points) periods" : "\(kind.rawValue), \(points) points"
            print(report.table(title: "W1 ×\(rounds) interleaved with \(kinds[1 - slot].rawValue), \(drawn), \(size.value), "
                                   + "\(target == .window ? "window" : "offscreen")\(plain ? ", plot only" : "")"))
        }
        try StandardStreams.flush()
    }
}
