import ChartCore
import ChartData
import XCTest

final class YAxisControllerTests: XCTestCase {
    /// Targets arriving every frame (a fast back-and-forth pan) start a transition only
    /// when the running one is half done; the last target wins.
    func testTransitionsWaitForTheRunningOneToBeHalfDone() {
        let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 100))
        let axis = YAxisController()
        recorded.stage.add(axis)
        recorded.frame()
        var rng = SplitMix64(seed: 3)
        var lastTarget = 0.0
        for _ in 0..<600 {
            let started = axis.transitionsStarted
            let progressBefore = axis.progress
            lastTarget = Double.random(in: 50...400, using: &rng)
            recorded.stage.viewport.set(.init(y: 0...lastTarget), duration: 0.3)
            if axis.transitionsStarted > started {
                XCTAssertGreaterThanOrEqual(progressBefore, 0.5, "a transition started before the last was half done")
            }
            let beforeFrame = axis.transitionsStarted
            recorded.frame()
            if axis.transitionsStarted > beforeFrame {
                XCTAssertLessThan(axis.progress, 0.2, "a transition started in this frame has only begun to fade in")
            }
            XCTAssertLessThanOrEqual(axis.sets.count, 3, "at most two sets fading out and one in")
        }
        XCTAssertLessThan(axis.transitionsStarted, 600 / 8, "throttled: one transition per ≥ 0.15 s")
        for _ in 0..<60 { recorded.frame() }
        XCTAssertEqual(axis.sets.count, 1)
        XCTAssertEqual(axis.sets[0].grid, YAxisGrid(range: 0...lastTarget), "the latest target wins")
        XCTAssertNil(axis.pending)
    }

    /// Lines are planned for the target: when y eases to a new fitted range, the new
    /// lines land at the fixed heights, the old ones fade out, and labels are round.
    func testNewLinesLandAtFixedHeights() {
        let first = YAxisGrid.fit(min: 0, max: 97).range
        let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 1, minY: first.lowerBound, maxY: first.upperBound))
        let axis = YAxisController()
        recorded.stage.add(axis)
        recorded.frame()
        let target = YAxisGrid.fit(min: 0, max: 1234)
        recorded.stage.viewport.set(.init(y: target.range), duration: 0.3)
        for _ in 0..<60 { recorded.frame() }
        let plot = recorded.stage.geometry.plotBox
        let runs = recorded.surfaces.texts[0].runs
        XCTAssertEqual(runs.map(\.text), target.labels)
        XCTAssertEqual(runs.map(\.text), ["0", "250", "500", "750", "1K", "1.25K"])
        for (i, run) in runs.enumerated() {
            XCTAssertEqual(run.position.y, plot.maxY - Double(i) / 5.5 * plot.height, accuracy: 1e-6)
        }
        XCTAssertEqual(recorded.surfaces.shapes[0].shapes.count, 6, "one grid line per label")
    }
}
