import CSDL2
import ChartData
import ChartInteraction
import Foundation
import Synchronization

/// The window's side of refining a chart over a queried source (a database): the first
/// picture is the loading task's (every row of a small table, or the pyramid); each
/// frame tells the `ViewRefiner` the view, which asks the source for the view's M4
/// once it stands still, and the refined source it made is taken between frames
/// (`ExplorerScene.refine`), as a follow's grown source is. Frames never wait on it.
extension ChartWindow {
    /// Starts refining the chart just shown over `source`, where the loading task read
    /// a queried source (its instants on the wall clock unless `--utc`: `LocalTimeSource`).
    /// - Parameter follows: poll the source for rows past its last x (`--follow`).
    func startRefining(from source: DataSource, taking start: QueriedStart?, lod: LODMethod, connectsGaps: Bool,
                       follows: Bool) {
        guard let start else { return }
        let axes = refineLogAxes
        let wakeEvent = self.wakeEvent
        let refiner = ViewRefiner(source: start.source, extent: start.extent, base: start.base,
                              baseResolution: start.baseResolution,
                              make: { dataset in
                                  DataSource(dataset: dataset, lodMethod: lod, connectsGaps: connectsGaps,
                                             logAxes: axes.value)
                              },
                              wake: {
                                  var event = SDL_Event()
                                  event.type = wakeEvent
                                  SDL_PushEvent(&event)
                              })
        self.refiner = refiner
        if follows {
            queryFollow = QueryFollow(source: start.source, shown: source, connectsGaps: connectsGaps, refiner: refiner) {
                var event = SDL_Event()
                event.type = wakeEvent
                SDL_PushEvent(&event)
            }
        }
    }

    /// Tells the refiner the view the frame about to be drawn shows.
    func noteViewForRefining() {
        guard let refiner, let scene, scene.zoom.day == nil else { return }
        let main = scene.main
        refineLogAxes.value = logScale.requested
        refiner.viewChanged(to: main.targetX, columns: max(1, main.geometry.plot.width))
    }

    /// Shows the newest refined source, if one arrived, and says what the refiner found
    /// (a lost connection, a rejected query).
    func takeRefinement() {
        takeQueryFollow()
        guard let refiner, let scene, let update = refiner.take() else { return }
        for notice in update.notices { scene.say(notice) }
        guard var refined = update.source else { return }
        // Made for the log axes before a toggle (rare): made again for the chart's now.
        if refined.logAxes != logScale.requested {
            refined = DataSource(dataset: refined.values, lodMethod: refined.lodMethod,
                                 connectsGaps: refined.gaps == .connected, logAxes: logScale.requested)
        }
        guard scene.refine(refined) else { return }
        queryFollow?.rebase(on: scene.main.source)
        rememberAfterReplacing(scene.main)
        guard FrameTrace.isOn, let answer = update.answer else { return }
        FrameTrace.print(String(format: "refine [%.6f, %.6f) at %d columns: %d rows in range, %d points, %d bytes, "
                                + "asked and made in %.1f ms", answer.request.start, answer.request.end,
                                answer.request.columns, answer.rowsInRange, answer.series.reduce(0) { $0 + $1.count },
                                answer.bytesReceived, update.seconds * 1000))
    }
}

extension ChartWindow {
    /// Shows the newest source a followed database grew, if it grew the one shown.
    func takeQueryFollow() {
        guard let queryFollow, let scene, let update = queryFollow.take() else { return }
        for notice in update.notices { scene.say(notice) }
        guard update.rows > 0 else { return }
        // Grown from a source no longer shown (a refinement, a log axis toggled): the
        // next poll reads from what is shown.
        guard update.grewFrom === scene.main.source, scene.follow(update.source) else {
            return queryFollow.rebase(on: scene.main.source)
        }
        rememberAfterReplacing(scene.main)
    }

    /// The session follows the chart that took the overview's place.
    private func rememberAfterReplacing(_ main: ChartPresenter) {
        main.onViewChange = { [unowned self, unowned main] in session.rememberView(of: main) }
        main.measure.onChange = { [unowned self, unowned main] in session.rememberMeasure(of: main) }
        frames.request()
    }
}

/// The log axes a refined source is made for, read on the refiner's task.
final class SharedLogAxes: Sendable {
    private let axes = Mutex<Set<YAxisSide>>([])

    var value: Set<YAxisSide> {
        get { axes.withLock { $0 } }
        set { axes.withLock { $0 = newValue } }
    }
}
