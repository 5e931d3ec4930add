import CSDL2
import ChartData
import ChartSources
import ChartSupport
import Foundation

/// Loads a file (or several, into one chart: `DatasetMerge`) and builds its level of detail on a background thread, while the
/// window's loop keeps drawing; wakes the loop with an SDL user event on progress and
/// when done. Only pure work happens off the main thread: the GPU upload does not.
final class LoadingTask {
    enum Outcome {
        case loaded(DataSource)
        case failed(DataLoadError)
    }

    private let fraction = LockedSlot<Double>()
    private let outcome = LockedSlot<Outcome>()
    /// A lone queried source's start (`QueriedStart`), for refining its views.
    private let queried = LockedSlot<QueriedStart>()
    private var lastFraction = 0.0
    private let wakeEvent: UInt32

    /// Starts loading `paths` at once, into one chart.
    /// - Parameter connectsGaps: join points across gaps in x (`--connect-gaps`).
    /// - Throws: `ProcessLimitError` when the loading thread cannot start.
    /// - Parameter logAxes: the y axes drawn logarithmic (`DataSource`).
    /// - Parameter reading: reads the one file instead (a followed file's first read: `FollowTask`).
    init(paths: [String], options: LoadOptions, lod: LODMethod, connectsGaps: Bool, logAxes: Set<YAxisSide> = [],
         wakeEvent: UInt32, reading: (@Sendable () throws -> Dataset)? = nil) throws {
        let path = paths.first ?? "-"
        self.wakeEvent = wakeEvent
        // The thread takes the slots and the event, not the task, whose `lastFraction`
        // is the main thread's.
        try DetachedThread.start("loading the file", name: "loading") { [fraction, outcome, queried] in
            let result: Outcome
            do {
                var lastReported = 0.0
                let parts = try reading.map { [try $0()] } ?? paths.enumerated().map { number, path in
                    // A database's instants are shown on the wall clock, as a file's (`LocalTimeSource`).
                    let source = LocalTimeSource.wrapping(SourceCatalog.source(for: path), options: options)
                    let part = try source.read(options: options) { done, total in
                        // Each file its share of the bar.
                        let now = (Double(number) + Double(done) / Double(max(total, 1))) / Double(paths.count)
                        guard now - lastReported >= 0.01 || done == total else { return }
                        lastReported = now
                        fraction.put(now)
                        Self.wake(wakeEvent)
                    }
                    if paths.count == 1, let start = QueriedStart.after(reading: part, from: source) { queried.put(start) }
                    return part
                }
                let dataset = try DatasetMerge.merge(parts)
                // As the command line does: a window leaves out columns or sorts rows too.
                for warning in dataset.warnings {
                    var line = "warning: \(warning)\n"
                    _ = line.withUTF8 { OutputFile.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
                }
                result = .loaded(DataSource(dataset: dataset, lodMethod: lod, connectsGaps: connectsGaps, logAxes: logAxes))
            } catch let error as DataLoadError {
                result = .failed(error)
            } catch {
                result = .failed(.unreadable(path: path, reason: "\(error)"))
            }
            outcome.put(result)
            Self.wake(wakeEvent)
        }
    }

    /// How much of the file has been read, 0…1 (main thread only).
    var progress: Double {
        if let latest = fraction.take() { lastFraction = latest }
        return lastFraction
    }

    /// The queried source's start, once loaded; taken once.
    func takeQueried() -> QueriedStart? { queried.take() }

    /// The result, once there is one; taken once.
    func takeOutcome() -> Outcome? { outcome.take() }

    /// SDL_PushEvent is safe from any thread; the loop wakes from SDL_WaitEvent.
    private static func wake(_ wakeEvent: UInt32) {
        var event = SDL_Event()
        event.type = wakeEvent
        SDL_PushEvent(&event)
    }
}
