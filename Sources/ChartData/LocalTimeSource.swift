import Foundation
import Synchronization

/// A queried source's instants (Unix seconds in UTC, as every engine gives them) shown
/// on the wall clock of `zone` where they carry a zone (`SourceExtent.xCarriesZone`:
/// `timestamptz`), as a file's instants with a zone are (`Dataset.moveToWallClock`)
/// unless `--utc`: what it reads and answers is moved to the wall clock, and the x
/// ranges the chart asks about are moved back to UTC for the source. A naive timestamp
/// is shown as written, as a file's date without a zone is.
///
/// Where the offset is the same over a question's range (all but the two days a year
/// the clocks change), a range moves by a whole offset, so its pixel columns are the
/// server's and the picture stays exact. Across a change the range's ends move by their
/// own offsets: the columns after the change are an hour off the pixels' grid, and
/// where clocks go back the hour shown twice is squeezed as a file's is (labels half an
/// hour off at most).
public final class LocalTimeSource: QueryableSource {
    public let inner: any QueryableSource
    public let zone: TimeZone
    /// Whether x holds instants with a zone, once the extent said.
    private let holdsInstants = Mutex<Bool?>(nil)

    public init(inner: any QueryableSource, zone: TimeZone = .current) {
        self.inner = inner
        self.zone = zone
    }

    /// `source` charting what `options` choose (`QueryableSource.choosing`) and on the
    /// wall clock where it is a queried source and `options` do not ask for UTC; any
    /// other source as it is.
    public static func wrapping(_ source: any DatasetSource, options: LoadOptions, zone: TimeZone = .current)
        -> any DatasetSource {
        guard let queried = source as? any QueryableSource else { return source }
        let chosen = queried.choosing(options)
        guard !options.utc, !(chosen is LocalTimeSource) else { return chosen }
        return LocalTimeSource(inner: chosen, zone: zone)
    }

    /// No location names it: it wraps a source found for one.
    public static func source(for location: String) -> LocalTimeSource? { nil }

    public var name: String { inner.name }
    public var refinementRowLimit: Int { inner.refinementRowLimit }

    public func choosing(_ options: LoadOptions) -> LocalTimeSource {
        LocalTimeSource(inner: inner.choosing(options), zone: zone)
    }

    public func read(options: LoadOptions, progress: LoadProgress?) throws -> Dataset {
        let dataset = try inner.read(options: options, progress: progress)
        guard try instantsWaiting() else { return dataset }
        return moved(dataset)
    }

    public func listing() async throws -> SourceListing { try await inner.listing() }

    public func extent() async throws -> SourceExtent {
        var extent = try await inner.extent()
        guard learn(extent) else { return extent }
        extent.first = extent.first.map(wall)
        extent.last = extent.last.map(wall)
        return extent
    }

    public func m4(_ request: M4Request) async throws -> M4Answer {
        guard try await instants() else { return try await inner.m4(request) }
        let (start, end) = (utc(request.start), utc(request.end))
        guard start < end else {
            return M4Answer(request: request, series: request.series.map { M4Series(name: $0, xs: [], ys: []) }, rowsInRange: 0)
        }
        var answer = try await inner.m4(M4Request(series: request.series, start: start, end: end, columns: request.columns))
        answer.request = request
        answer.series = answer.series.map { one in
            var points = Dataset(source: name, xs: one.xs, series: [Series(name: one.name, ys: one.ys)],
                                 xKind: .time(unitsPerSecond: 1))
            points.moveToWallClock(of: zone)
            // Held to the range asked about: a change of the clocks inside it moves its ends unevenly.
            let kept = points.xs.indices.filter { points.xs[$0] >= request.start && points.xs[$0] < request.end }
            return M4Series(name: one.name, xs: kept.map { points.xs[$0] }, ys: kept.map { one.ys[$0] })
        }
        return answer
    }

    public func statistics(of series: [String], from start: Double, to end: Double) async throws -> [ExactStatistics] {
        guard try await instants() else { return try await inner.statistics(of: series, from: start, to: end) }
        return try await inner.statistics(of: series, from: utc(start), to: utc(end))
    }

    public func rows(after x: Double?, limit: Int) async throws -> Dataset {
        guard try await instants() else { return try await inner.rows(after: x, limit: limit) }
        return moved(try await inner.rows(after: x.map(utc), limit: limit))
    }

    /// `dataset` (instants in UTC) on the wall clock.
    private func moved(_ dataset: Dataset) -> Dataset {
        var dataset = dataset
        guard case .time(unitsPerSecond: 1) = dataset.xKind, !dataset.instantsInLocalTime else { return dataset }
        dataset.moveToWallClock(of: zone)
        return dataset
    }

    /// Notes whether x holds instants with a zone; returns it.
    private func learn(_ extent: SourceExtent) -> Bool {
        let instants = if case .time(unitsPerSecond: 1) = extent.xKind { extent.xCarriesZone } else { false }
        holdsInstants.withLock { $0 = instants }
        return instants
    }

    private func instants() async throws -> Bool {
        if let known = holdsInstants.withLock({ $0 }) { return known }
        return learn(try await inner.extent())
    }

    /// `instants()` from a thread that may wait (`read`'s: the loading thread, never
    /// a task of the cooperative pool, which it would hold while the question needs it).
    private func instantsWaiting() throws -> Bool {
        if let known = holdsInstants.withLock({ $0 }) { return known }
        return try BlockingQuery.run { [self] in try await instants() }
    }

    /// The instant `x` (UTC) on the wall clock.
    func wall(_ x: Double) -> Double {
        x + Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: x)))
    }

    /// The instant whose wall clock reads `x`: the offset at `x` read as UTC, then at
    /// the instant that gives (right but for the hour a change of the clocks skips or repeats).
    func utc(_ x: Double) -> Double {
        let guess = x - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: x)))
        return x - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess)))
    }
}
