import ChartData
import ChartInteraction
import ChartRender
import ChartSources
import ChartSupport
import Foundation

/// The window's side of following a file that grows (`--follow`, standard input): the
/// first read is the loading task's; once the chart is shown a `FollowTask` reads the
/// rows appended and hands over grown sources, which the scene takes in
/// (`ExplorerScene.follow`) between frames.
extension ChartWindow {
    /// The follow asked for: `--follow` on one file, or standard input; `nil` otherwise.
    static func followTask(path: String, morePaths: [String], asked: Bool, options: LoadOptions, lod: LODMethod,
                           connectsGaps: Bool, logAxes: Set<YAxisSide>, wakeEvent: UInt32) throws -> FollowTask? {
        // A database is followed by polling it (`QueryFollow`), once its chart is shown.
        guard morePaths.isEmpty, asked || path == "-", SourceCatalog.standard.isLineText(path) else { return nil }
        // Standard input that is gzip is read to its end and inflated (`FollowReader`).
        return try FollowTask(path: path, options: FileSource.inflating(options), lod: lod, connectsGaps: connectsGaps, logAxes: logAxes,
                              wakeEvent: wakeEvent)
    }

    /// The newest share of the data shown at first: `given`, else all of a file followed
    /// (its view, while at the end, keeps its width as rows come, and a fifth of a log
    /// followed from its first rows is a sliver of them for good), else a fifth.
    static func initialFraction(given: Double?, following: Bool) -> Double {
        given ?? (following ? 1 : 0.2)
    }

    /// Starts following once the chart over `source`, the first read, is shown.
    func startFollowing(from source: DataSource) {
        guard let follow else { return }
        do {
            try follow.start(from: source, logAxes: logScale.requested)
        } catch {
            scene?.say("\(error)")
            self.follow = nil
        }
    }

    /// Why a dropped file cannot join: a followed file is shown alone.
    func refusesDrop() -> String? {
        if refiner != nil { return "A database's chart is shown alone: open the dropped file in a window of its own" }
        return follow == nil ? nil : "The file followed is shown alone: open the dropped file in a window of its own"
    }

    /// Shows the newest grown source, if one arrived, and says what the follow found.
    func takeFollowUpdate() {
        guard let follow, let scene, let update = follow.take() else { return }
        for notice in update.notices { scene.say(notice) }
        // Built for other log axes than the chart's now: the next one will be.
        guard update.logAxes == logScale.requested, update.source !== scene.main.source else { return }
        let started = DispatchTime.now().uptimeNanoseconds
        guard scene.follow(update.source) else {
            follow.putBack(FollowTask.Update(source: update.source, logAxes: update.logAxes, notices: [], rows: update.rows))
            return
        }
        let main = scene.main
        main.onViewChange = { [unowned self, unowned main] in session.rememberView(of: main) }
        main.measure.onChange = { [unowned self, unowned main] in session.rememberMeasure(of: main) }
        frames.request()
        guard FrameTrace.isOn else { return }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        let store = scene.selectorFactory.store
        followTrace = String(format: "follow %d rows, %d in all, newest x %.6f, taken in %.2f ms, %d pieces on the GPU",
                             update.rows, update.source.dataset.count, update.source.dataset.xs.last ?? .nan, ms,
                             store?.linePieceCount ?? 0)
    }

    /// After the frame that first draws the rows a follow took: its trace line, with
    /// the wall-clock time (Unix seconds) the frame was finished at, for the lag from a
    /// row's writing to its pixels.
    func traceFollow(finish: () -> Void) {
        guard let line = followTrace else { return }
        followTrace = nil
        finish()
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        FrameTrace.print(line + String(format: ", drawn at %.6f", Double(now.tv_sec) + Double(now.tv_nsec) / 1e9))
    }
}
