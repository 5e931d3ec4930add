import Dispatch
import Synchronization

/// Refines the view of a chart over a `QueryableSource`, so a frame never waits on the
/// source: the window tells it each view (`viewChanged`); once a view has stood still
/// for `settleSeconds` and the data held resolve it coarser than the chart draws
/// exactly (`RefinementPlan.columnsPerPixel` M4 columns a pixel: `RefinedData.isCoarse`), it asks the source for the view's M4 (`RefinementPlan`) on
/// a task of its own. A view that moves out of what the question answers cancels it.
/// The answer is laid into the data held and made a data source (`make`) on that task,
/// and left for the window to take (`take`) between frames, `wake` telling it so.
///
/// A source that cannot be reached leaves a notice and the picture as it is, and the
/// question is asked again after 1, 2, 4 … 30 s; a question the source rejects leaves
/// its message, and is not asked again until the view changes.
public final class ViewRefiner: Sendable {
    /// What the window takes: a refined source, if one was made, and what to say.
    public struct Update: Sendable {
        public var source: DataSource?
        public var notices: [String]
        /// The answer the source came from, for the trace and tests.
        public var answer: M4Answer?
        /// Seconds from asking the source to the refined source made (the settling wait
        /// not counted), for the trace.
        public var seconds = 0.0
    }

    /// The wait after a view's last change before its question is asked.
    public let settleSeconds: Double
    /// The longest wait before asking a source that could not be reached again.
    public static let longestRetrySeconds = 30.0

    private let source: any QueryableSource
    private let make: @Sendable (Dataset) throws -> DataSource
    private let wake: @Sendable () -> Void
    private let state: Mutex<State>

    private struct State {
        var plan: RefinementPlan
        var data: RefinedData
        /// Bumped each time `data` changes: an answer built on older data is dropped.
        var version = 0
        var view: ClosedRange<Double>?
        var columns = 0
        /// The question asked (or waiting to be) and its task.
        var asked: M4Request?
        var task: Task<Void, Never>?
        var retrySeconds = 1.0
        /// The last question rejected: not asked again for the same view.
        var rejected: M4Request?
        var update: Update?
        var stopped = false
    }

    /// - Parameters:
    ///   - base: the first picture (`read`), resolving x at `baseResolution` columns per
    ///     x unit (infinite: every row).
    ///   - make: the chart's data source over refined data (its level of detail, log axes).
    ///   - wake: tells the window an update waits (from any thread).
    /// - Returns: `nil` where the extent is empty or a single x: nothing to refine.
    public init?(source: any QueryableSource, extent: SourceExtent, base: Dataset, baseResolution: Double,
                 settleSeconds: Double = 0.1, make: @escaping @Sendable (Dataset) throws -> DataSource,
                 wake: @escaping @Sendable () -> Void) {
        guard let plan = RefinementPlan(extent: extent, rowLimit: source.refinementRowLimit) else { return nil }
        self.source = source
        self.settleSeconds = settleSeconds
        self.make = make
        self.wake = wake
        state = Mutex(State(plan: plan, data: RefinedData(base: base, baseResolution: baseResolution)))
    }

    /// The window shows x over `view`, `columns` pixels wide: asks for it once it stands
    /// still (where the data held are coarse there), cancelling a question that does
    /// not answer it.
    public func viewChanged(to view: ClosedRange<Double>, columns: Int) {
        state.withLock { state in
            guard !state.stopped, state.view != view || state.columns != columns else { return }
            state.view = view
            state.columns = columns
            let plan = state.plan
            if let asked = state.asked, plan.answers(asked, view: view, columns: columns) { return }
            state.task?.cancel()
            (state.task, state.asked) = (nil, nil)
            guard state.data.isCoarse(over: view, columns: columns * RefinementPlan.columnsPerPixel, within: plan.range),
                  let request = plan.request(for: view, columns: columns), request != state.rejected else { return }
            start(request, after: settleSeconds, in: &state)
        }
    }

    /// Takes in rows a follow read past the last x (`QueryFollow`): refinements from now
    /// on hold them, and views over them are asked about.
    public func append(_ rows: Dataset) {
        guard let last = rows.xs.last else { return }
        state.withLock { state in
            state.data.append(rows)
            state.plan.last = max(state.plan.last, last)
            state.plan.rows += rows.count
            state.version += 1
        }
    }

    /// The newest refined source and the notices since the last take.
    public func take() -> Update? {
        state.withLock { $0.update.take() }
    }

    /// Whether a question is asked or waits to be.
    public var isAsking: Bool { state.withLock { $0.asked != nil } }

    /// Cancels the question under way and asks nothing more (the window closes).
    public func stop() {
        state.withLock { state in
            state.stopped = true
            state.task?.cancel()
            (state.task, state.asked) = (nil, nil)
        }
    }

    /// Asks `request` after `seconds` on a task of its own.
    private func start(_ request: M4Request, after seconds: Double, in state: inout State) {
        state.asked = request
        let rowSpacing = state.plan.rowSpacing
        state.task = Task.detached { [self] in
            do {
                try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                let asked = DispatchTime.now().uptimeNanoseconds
                let answer = try await source.m4(request).markingGaps(rowSpacing: rowSpacing)
                try Task.checkCancellation()
                try refined(by: answer, askedAt: asked)
            } catch is CancellationError {
                return
            } catch let error as DataLoadError {
                failed(request, error)
            } catch {
                failed(request, .unreadable(path: source.name, reason: "\(error)"))
            }
        }
    }

    /// Lays `answer` into the data held and leaves the source made of them; laid again
    /// into rows a follow appended meanwhile.
    private func refined(by answer: M4Answer, askedAt asked: UInt64) throws {
        while true {
            let (data, version) = state.withLock { ($0.data, $0.version) }
            var grown = data
            grown.lay(answer)
            let made = try make(try grown.dataset())
            let kept: Bool? = state.withLock { state in
                guard !state.stopped else { return nil }
                guard state.version == version else { return false }
                state.data = grown
                state.version += 1
                state.retrySeconds = 1
                if state.asked == answer.request { (state.task, state.asked) = (nil, nil) }
                state.update = Update(source: made, notices: state.update?.notices ?? [], answer: answer,
                                      seconds: Double(DispatchTime.now().uptimeNanoseconds - asked) / 1e9)
                return true
            }
            guard let kept else { return }
            try Task.checkCancellation()
            if kept { return wake() }
        }
    }

    private func failed(_ request: M4Request, _ error: DataLoadError) {
        let told = state.withLock { state -> Bool in
            guard !state.stopped, state.asked == request else { return false }
            let notice: String
            if case .unreachable(_, let reason) = error {
                let wait = state.retrySeconds
                state.retrySeconds = min(wait * 2, Self.longestRetrySeconds)
                // The reason says which: a shard of a cluster down behind a node that
                // answers, a password changed, a statement past the server's limit.
                notice = "lost the connection to \(DisplayText.name(source.name)) (\(DisplayText.escaped(reason))); "
                    + "retrying in \(Self.seconds(wait)) s"
                // The same view is asked again after the wait; a view that moves asks its own.
                start(request, after: wait, in: &state)
            } else {
                (state.task, state.asked, state.rejected) = (nil, nil, request)
                notice = error.description
            }
            var update = state.update ?? Update(source: nil, notices: [], answer: nil)
            update.notices.append(notice)
            state.update = update
            return true
        }
        if told { wake() }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
