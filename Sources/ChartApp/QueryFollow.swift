import ChartData
import Synchronization

/// Follows a queried source that grows (`--follow` on a database): every `pollSeconds`
/// it asks for the rows past the last x shown (`QueryableSource.rows(after:limit:)`),
/// grows the shown data source with them as a followed file's is
/// (`DataSource.appending`), hands it to the window's loop (`wake`) and gives the rows to
/// the refiner, whose refinements hold them from then on. A refinement shown in the
/// meantime becomes what the next rows grow (`rebase`). A source that cannot be reached
/// says so once and is asked again at the next poll.
final class QueryFollow: Sendable {
    struct Update {
        /// The shown source grown by `rows`.
        var source: DataSource
        /// The source it grew from: the window shows it only if that is still shown.
        var grewFrom: DataSource
        var rows: Int
        var notices: [String]
    }

    static let pollSeconds = 1.0
    /// The most rows one poll takes: a table that grew by more catches up over polls.
    static let batchLimit = 1_000_000

    private struct State {
        var current: DataSource
        var update: Update?
        var notices: [String] = []
        var lost = false
    }

    private let state: Mutex<State>
    private let task = Mutex<Task<Void, Never>?>(nil)
    private let source: any QueryableSource
    private let connectsGaps: Bool
    private let refiner: ViewRefiner?
    private let wake: @Sendable () -> Void

    /// Starts following `source` from `shown`, the source the chart shows, built with
    /// `connectsGaps`; the rows go to `refiner` too.
    init(source: any QueryableSource, shown: DataSource, connectsGaps: Bool, refiner: ViewRefiner?,
         wake: @escaping @Sendable () -> Void) {
        state = Mutex(State(current: shown))
        self.source = source
        self.connectsGaps = connectsGaps
        self.refiner = refiner
        self.wake = wake
        let polling = Task.detached { [self] in await run() }
        task.withLock { $0 = polling }
    }

    private func run() async {
        let name = DisplayText.name(source.name)
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(Self.pollSeconds * 1e9))
            let (from, lastX) = state.withLock { ($0.current, $0.current.values.xs.last) }
            do {
                let rows = try await source.rows(after: lastX, limit: Self.batchLimit)
                let regained = state.withLock { state in
                    defer { state.lost = false }
                    return state.lost
                }
                if regained { say("\(name) answers again") }
                guard rows.count > 0, rows.series.count == from.values.series.count else { continue }
                refiner?.append(rows)
                let grown = from.appending(rows, connectsGaps: connectsGaps)
                let shown = state.withLock { state in
                    // A refinement shown meanwhile: the next poll grows that one.
                    guard state.current === from else { return false }
                    state.current = grown
                    state.update = Update(source: grown, grewFrom: state.update?.grewFrom ?? from,
                                          rows: (state.update?.rows ?? 0) + rows.count, notices: [])
                    return true
                }
                if shown { wake() }
            } catch is CancellationError {
                return
            } catch let error as DataLoadError {
                guard case .unreachable = error else { return say("\(error); following stopped") }
                let first = state.withLock { state in
                    defer { state.lost = true }
                    return !state.lost
                }
                if first { say("lost the connection to \(name); asking again every second") }
            } catch {
                return say("\(error); following stopped")
            }
        }
    }

    /// The newest grown source and the notices since the last take.
    func take() -> Update? {
        state.withLock { state in
            guard state.update != nil || !state.notices.isEmpty else { return nil }
            var update = state.update ?? Update(source: state.current, grewFrom: state.current, rows: 0, notices: [])
            update.notices += state.notices
            (state.update, state.notices) = (nil, [])
            return update
        }
    }

    /// The chart now shows `shown` (a refinement, a log axis toggled): the next rows grow it.
    func rebase(on shown: DataSource) {
        state.withLock { state in
            state.current = shown
            state.update = nil
        }
    }

    /// Ends the polling (the window closes).
    func stop() {
        task.withLock { $0?.cancel() }
    }

    private func say(_ notice: String) {
        state.withLock { $0.notices.append(notice) }
        wake()
    }
}
