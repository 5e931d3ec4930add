import ArgumentParser
import ChartApp
import ChartData
import ChartGeometry
import ChartInteraction
import ChartRender
import ChartSources
import ChartStage
import Foundation

/// Throws mutated files and mutated `render` options at the whole render path, in one
/// process, and counts the outcomes; a trap ends the run (and fails the caller).
///
/// Each case parses its options with `Render`'s own parser, loads its file with the real
/// reader, plans the view as `render` does and lays out the picture's controllers (axes,
/// labels, lines) over recording surfaces; every `--gl-every`-th case that gets that far
/// is also drawn on the GPU. Case `i` depends only on the seed and `i`, so
/// `--from i --runs 1 --verbose` replays it (with `--gl-every 1` to draw it).
struct FuzzRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz-render",
        abstract: "Fuzz render's options and input files in-process (for the stress tests).",
        shouldDisplay: false
    )

    @Option(parsing: .unconditional, help: "Number of cases.")
    var runs = 10_000

    @Option(parsing: .unconditional, help: "Seed of the case generator.", transform: NumberCheck.seed)
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "The first case's number.")
    var from = 0

    @Option(parsing: .unconditional, help: "Draw every N-th case that lays out on the GPU too (0: never).")
    var glEvery = 20

    @Flag(help: "Print each case's options and file.")
    var verbose = false

    func validate() throws {
        guard runs >= 1 else { throw ValidationError(NumberCheck.message("--runs", runs, "at least 1")) }
        guard from >= 0 else { throw ValidationError("--from must not be negative: cases count from 0, not \(from)") }
        guard from <= Int.max - runs else { throw ValidationError("--from plus --runs passes the largest case number") }
        guard glEvery >= 0 else { throw ValidationError("--gl-every must not be negative: 0 (never) or more, not \(glEvery)") }
    }

    func run() throws {
        let folder = NSTemporaryDirectory() + "sightline-fuzz-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let renderer = glEvery > 0 ? try? OffscreenRenderer() : nil
        var outcomes: [Outcome: Int] = [:]
        var laidOut = 0
        let started = Date()
        for number in from..<(from + runs) {
            // Not seed + number × the generator's own increment: those would be one sequence, shifted.
            var rng = SplitMix64(seed: (seed &* 0xD1B5_4A32_D192_ED03) ^ (UInt64(number) &* 0xFF51_AFD7_ED55_8CCD))
            let fuzzCase = FuzzCase(rng: &rng, folder: folder)
            if verbose {
                print("case \(number): render \(fuzzCase.arguments.map { DisplayText.quoted($0) }.joined(separator: " "))")
                print(DisplayText.escaped(String(decoding: fuzzCase.bytes, as: UTF8.self), limit: 2000))
            }
            try Data(fuzzCase.bytes).write(to: URL(fileURLWithPath: fuzzCase.path))
            let drawOnGPU = glEvery > 0 && laidOut % glEvery == 0 ? renderer : nil
            let outcome = Self.run(fuzzCase, renderer: drawOnGPU)
            if outcome == .laidOut || outcome == .drawn { laidOut += 1 }
            outcomes[outcome, default: 0] += 1
            if verbose { print("→ \(outcome.rawValue)") }
            if (number - from + 1) % 10_000 == 0 {
                print("\(number - from + 1) cases, \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
                fflush(nil)
            }
        }
        let summary = outcomes.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", ")
        print("\(runs) cases in \(String(format: "%.1f", Date().timeIntervalSince(started))) s, no trap: \(summary)")
    }

    /// What became of a case. Only a trap fails the run: every error is an answer.
    private enum Outcome: String {
        case usageError = "usage errors"
        case refusedByTheLoader = "refused by the loader"
        case otherError = "other errors"
        case laidOut = "laid out"
        case drawn = "drawn on the GPU"
    }

    /// One case through the render path; returns what became of it.
    private static func run(_ fuzzCase: FuzzCase, renderer: OffscreenRenderer?) -> Outcome {
        let render: Render
        do {
            render = try Render.parse(fuzzCase.arguments)
        } catch {
            return .usageError
        }
        do {
            let dataset = try SourceCatalog.source(for: render.file).read(options: render.data.loadOptions, progress: nil)
            let plan = try RenderPlan(dataset: dataset, lod: render.data.lod, connectsGaps: render.data.connectGaps,
                                      plain: render.plain,
                                      xRange: try render.xRange?.resolved(in: dataset),
                                      yRange: try render.yRange?.resolved(for: .number, option: "--y-range", file: dataset.source))
            layOut(plan, render: render)
            if let renderer {
                let scene = try ChartScene(device: renderer.device, source: plan.source, layout: render.plain ? .plain : .standard,
                                           theme: render.look.chartTheme, lineWidth: render.lineWidth,
                                           gradient: render.paintsGradient, font: nil, title: render.title,
                                           smooth: render.look.smooth)
                let size = PixelSize(width: min(render.size.value.width, 320), height: min(render.size.value.height, 200))
                _ = try renderer.render(scene, viewport: Viewport(visible: plan.visible), size: size)
                return .drawn
            }
            return .laidOut
        } catch is DataLoadError {
            return .refusedByTheLoader
        } catch {
            return .otherError
        }
    }

    /// The picture's controllers over recording surfaces, every animation finished, as
    /// `ChartScene.draw` runs them.
    private static func layOut(_ plan: RenderPlan, render: Render) {
        let layout: ChartLayout = render.plain ? .plain : .standard
        let stage = RenderStage(viewport: plan.visible, geometry: StageGeometry(canvas: render.size.value, layout: layout),
                                theme: render.look.chartTheme, factory: RecordingSurfaceFactory())
        for controller in ChartAssembly.still(source: plan.source, plain: render.plain, lineWidth: render.lineWidth,
                                              gradient: render.paintsGradient, title: render.title) {
            stage.add(controller)
        }
        var steps = 0
        while stage.advance(by: 1), steps < 100 { steps += 1 }
        stage.frames.beginFrame()
        stage.prepareFrame()
    }
}
