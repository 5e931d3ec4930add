import ChartData
import Synchronization
import XCTest

/// The refinement of a view over a source in memory, made slow or failing on purpose
/// (`PacedSource`: the chart is the subject, not an engine): a view that stops is asked
/// about once, a view that moves cancels the stale question, the answer is laid in,
/// and a lost connection leaves a notice and is retried.
final class ViewRefinerTests: XCTestCase {
    /// 200,000 rows one second apart; the first picture a pyramid of 8,000 columns.
    private let rows: Dataset = {
        var rng = SplitMix64(seed: 266)
        var y = 0.0
        let ys = (0..<200_000).map { _ in
            y += Double.random(in: -1...1, using: &rng)
            return y
        }
        return Dataset(source: "paced", xs: (0..<200_000).map(Double.init), series: [Series(name: "y", ys: ys)])
    }()

    private func refiner(over source: PacedSource, wakes: Count? = nil) async throws -> (ViewRefiner, Dataset) {
        let extent = try await source.extent()
        let pyramid = try await source.inner.m4(M4Request(series: ["y"], start: 0, end: 200_000, columns: 8_000))
        let base = try pyramid.dataset(source: "paced", xKind: .number)
        let refiner = try XCTUnwrap(ViewRefiner(source: source, extent: extent, base: base, baseResolution: 8_000 / 200_000,
                                                settleSeconds: 0.05, make: { DataSource(dataset: $0) },
                                                wake: { wakes?.add() }))
        return (refiner, base)
    }

    private func waitForUpdate(_ refiner: ViewRefiner, seconds: Double = 30) async throws -> ViewRefiner.Update {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let update = refiner.take() { return update }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        // No update is the behaviour under test failing, not a reason to skip.
        throw NoUpdate(seconds: seconds)
    }

    func testAStoppedViewIsAskedAboutOnceAndItsAnswerLaidIn() async throws {
        let source = PacedSource(inner: LoadedSource(dataset: rows), delaySeconds: 0.02)
        let wakes = Count()
        let (refiner, base) = try await refiner(over: source, wakes: wakes)
        let view = 50_000.0...60_000.0
        // Frames tell the same view again and again while it stands.
        for _ in 0..<20 { refiner.viewChanged(to: view, columns: 1_000) }
        let update = try await waitForUpdate(refiner)
        XCTAssertEqual(source.asked.now, 1)
        XCTAssertEqual(wakes.now, 1)
        let answer = try XCTUnwrap(update.answer)
        XCTAssertLessThanOrEqual(answer.request.start, view.lowerBound)
        XCTAssertGreaterThanOrEqual(answer.request.end, view.upperBound)
        XCTAssertGreaterThanOrEqual(answer.request.resolution, 1_000 / 10_000)
        // Inside the answered range the refined data are the answer's; outside, the base's.
        let refined = try XCTUnwrap(update.source).dataset
        let (start, end) = (answer.request.start, answer.request.end)
        let refinedXs: [Double] = Array(refined.xs), baseXs: [Double] = Array(base.xs)
        let inside: [Double] = refinedXs.filter { $0 >= start && $0 < end }
        XCTAssertEqual(inside, answer.series[0].xs)
        let before: [Double] = refinedXs.filter { $0 < start }
        XCTAssertEqual(before, baseXs.filter { $0 < start })
        // The same view, and a small pan within what was answered, ask nothing more.
        refiner.viewChanged(to: 51_000...61_000, columns: 1_000)
        refiner.viewChanged(to: view, columns: 1_000)
        try await Task.sleep(nanoseconds: 200_000_000)
        XCTAssertEqual(source.asked.now, 1)
        XCTAssertNil(refiner.take())
    }

    func testAMovingViewCancelsTheStaleQuestion() async throws {
        let source = PacedSource(inner: LoadedSource(dataset: rows), delaySeconds: 0.5)
        let (refiner, _) = try await refiner(over: source)
        refiner.viewChanged(to: 10_000...20_000, columns: 1_000)
        // The question is under way (after the settling wait) when the view moves far.
        let deadline = Date().addingTimeInterval(5)
        while source.asked.now == 0, Date() < deadline { try await Task.sleep(nanoseconds: 5_000_000) }
        refiner.viewChanged(to: 150_000...160_000, columns: 1_000)
        let update = try await waitForUpdate(refiner)
        XCTAssertEqual(source.cancelled.now, 1, "the first question was cancelled")
        XCTAssertEqual(source.asked.now, 2)
        let answer = try XCTUnwrap(update.answer)
        XCTAssertTrue(answer.request.start <= 150_000 && answer.request.end >= 160_000, "the answer is the new view's")
    }

    /// A view the first picture already resolves at 8 columns a pixel asks nothing.
    func testAViewTheDataResolveAsksNothing() async throws {
        let source = PacedSource(inner: LoadedSource(dataset: rows), delaySeconds: 0)
        let (refiner, _) = try await refiner(over: source)
        refiner.viewChanged(to: 0...200_000, columns: 800)
        try await Task.sleep(nanoseconds: 200_000_000)
        XCTAssertEqual(source.asked.now, 0)
        XCTAssertFalse(refiner.isAsking)
    }

    func testALostConnectionSaysSoKeepsThePictureAndRetries() async throws {
        let source = PacedSource(inner: LoadedSource(dataset: rows), delaySeconds: 0, failures: 1)
        let (refiner, _) = try await refiner(over: source)
        refiner.viewChanged(to: 50_000...60_000, columns: 1_000)
        let failed = try await waitForUpdate(refiner)
        XCTAssertNil(failed.source, "what is drawn stays")
        XCTAssertEqual(failed.notices, ["lost the connection to paced (connection refused); retrying in 1 s"])
        // After a second the same question is asked again, and answered.
        let retried = try await waitForUpdate(refiner, seconds: 5)
        XCTAssertNotNil(retried.source)
        XCTAssertEqual(source.asked.now, 2)
    }

    func testARejectedQuestionShowsItsMessageEscapedAndIsNotAskedAgain() async throws {
        let source = PacedSource(inner: LoadedSource(dataset: rows), delaySeconds: 0, rejects: "syntax error at \u{1B}[31m")
        let (refiner, _) = try await refiner(over: source)
        refiner.viewChanged(to: 50_000...60_000, columns: 1_000)
        let failed = try await waitForUpdate(refiner)
        XCTAssertEqual(failed.notices.count, 1)
        XCTAssertTrue(failed.notices[0].contains("syntax error"), failed.notices[0])
        XCTAssertFalse(failed.notices[0].contains("\u{1B}"), "the escape is escaped")
        refiner.viewChanged(to: 50_000...60_000, columns: 999)
        refiner.viewChanged(to: 50_000...60_000, columns: 1_000)
        try await Task.sleep(nanoseconds: 200_000_000)
        XCTAssertEqual(source.asked.now, 1)
    }
}

/// A source in memory that answers M4 after `delaySeconds` (a slow server), counts the
/// questions asked and those cancelled, fails the first `failures` as a lost server
/// would, and rejects every one with `rejects` when given.
final class PacedSource: QueryableSource {
    let inner: LoadedSource
    let delaySeconds: Double
    let failures: Int
    let rejects: String?
    let asked = Count()
    let cancelled = Count()

    init(inner: LoadedSource, delaySeconds: Double, failures: Int = 0, rejects: String? = nil) {
        self.inner = inner
        self.delaySeconds = delaySeconds
        self.failures = failures
        self.rejects = rejects
    }

    static func source(for location: String) -> PacedSource? { nil }
    var name: String { inner.name }
    func read(options: LoadOptions, progress: LoadProgress?) throws -> Dataset { inner.dataset }
    func listing() async throws -> SourceListing { try await inner.listing() }
    func extent() async throws -> SourceExtent { try await inner.extent() }
    func statistics(of series: [String], from start: Double, to end: Double) async throws -> [ExactStatistics] {
        try await inner.statistics(of: series, from: start, to: end)
    }
    func rows(after x: Double?, limit: Int) async throws -> Dataset { try await inner.rows(after: x, limit: limit) }

    func m4(_ request: M4Request) async throws -> M4Answer {
        let number = asked.add()
        if let rejects { throw DataLoadError.rejected(source: name, query: "SELECT m4", message: rejects) }
        if number <= failures { throw DataLoadError.unreachable(source: name, reason: "connection refused") }
        do {
            try await Task.sleep(nanoseconds: UInt64(delaySeconds * 1e9))
        } catch {
            cancelled.add()
            throw error
        }
        return try await inner.m4(request)
    }
}

/// A count shared with a task.
final class Count: Sendable {
    private let value = Atomic<Int>(0)

    /// Adds one; the count after.
    @discardableResult
    func add() -> Int { value.add(1, ordering: .relaxed).newValue }

    var now: Int { value.load(ordering: .relaxed) }
}

/// The update a test waited for never came.
private struct NoUpdate: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "no update within \(seconds) s" }
}
