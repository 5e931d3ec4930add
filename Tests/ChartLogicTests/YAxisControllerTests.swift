import ChartData
import ChartGeometry
import ChartMarks
import ChartSupport
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
        let pixels = Double(recorded.stage.geometry.plot.height)
        let best = YAxisGrid(range: 0...lastTarget, pixels: pixels).step
        let kept = YAxisGrid.preferredSpacing.miss(axis.sets[0].grid.step / lastTarget * pixels)
        XCTAssertLessThanOrEqual(kept, YAxisGrid.preferredSpacing.miss(best / lastTarget * pixels) + log(YAxisGrid.keptMargin) + 1e-9,
                                 "the latest target wins")
        XCTAssertNil(axis.pending)
    }

    /// When y eases to a range that needs another step, the new step's lines fade in
    /// at round values inside the view and the old ones fade out; each line sits at its
    /// value's height.
    func testNewLinesAreRoundAndSitAtTheirValues() {
        let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 97))
        let axis = YAxisController()
        recorded.stage.add(axis)
        recorded.frame()
        recorded.stage.viewport.set(.init(y: 0...1234), duration: 0.3)
        for _ in 0..<60 { recorded.frame() }
        XCTAssertEqual(axis.sets.count, 1, "the old step has faded out")
        let plot = recorded.stage.geometry.plotBox
        let runs = recorded.surfaces.texts[0].runs
        XCTAssertEqual(runs.map(\.text), ["0", "200", "400", "600", "800", "1,000", "1,200"])
        for (i, run) in runs.enumerated() {
            XCTAssertEqual(run.position.y, plot.maxY - Double(i) * 200 / 1234 * plot.height, accuracy: 1e-6)
        }
        XCTAssertEqual(recorded.surfaces.shapes[0].shapes.count, runs.count, "one grid line per label")
    }

    /// A pan whose fitted range keeps the step moves the lines with the data and starts
    /// no transition.
    func testARangeTheStepStillSuitsChangesNoLabel() {
        let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 1, minY: 10, maxY: 110))
        let axis = YAxisController()
        recorded.stage.add(axis)
        recorded.frame()
        for shift in stride(from: 1.0, through: 30, by: 1) {
            recorded.stage.viewport.set(.init(y: (10 + shift)...(112 + shift)), duration: 0.3)
            recorded.frame()
        }
        XCTAssertEqual(axis.transitionsStarted, 0)
        XCTAssertEqual(axis.sets.map(\.grid.step), [20])
    }
}

final class WideYLabelTests: XCTestCase {
    /// A narrow view of large values writes every digit (`1,000,000,010`), too wide for
    /// the margin: such labels sit inside the plot above their line, never cut.
    func testLabelsWiderThanTheMarginSitInsideThePlot() {
        let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 1, minY: 1_000_000_000, maxY: 1_000_000_060))
        recorded.stage.add(YAxisController())
        recorded.frame()
        let plot = recorded.stage.geometry.plotBox
        let runs = recorded.surfaces.texts[0].runs
        XCTAssertFalse(runs.isEmpty)
        for run in runs {
            XCTAssertFalse(run.text.contains("B") || run.text.contains("M") || run.text.contains("K"), run.text)
            XCTAssertGreaterThan(run.position.x, plot.x, "\(run.text) inside the plot")
            XCTAssertEqual(run.anchor, .bottomLeft)
        }
    }
}

final class YAxisLabelChangeTests: XCTestCase {
    /// How often the y labels change during W1 (300 frames of zoom, pan, zoom on the
    /// walk, y fitted each frame): printed for BENCHMARKS.md, and held well under one
    /// change per ten frames (a step is kept while it still gives three to ten lines).
    func testW1ChangesTheYLabelsRarely() throws {
        let dataset = RandomWalk(count: 200_000, seed: 1).dataset()
        let source = DataSource(dataset: dataset)
        let first = try XCTUnwrap(Viewport.fitting(source))
        let recorded = RecordedStage(viewport: first.visible)
        let axis = YAxisController()
        recorded.stage.add(axis)
        let script = BenchmarkScript(minX: dataset.xs.first!, maxX: dataset.xs.last!, frames: 300)
        var steps: Set<Double> = []
        for frame in 0..<300 {
            let view = try XCTUnwrap(Viewport.fitting(source, x: script.xRange(frame: frame)))
            recorded.stage.viewport.set(.init(view.visible))
            recorded.frame()
            steps.insert(axis.sets.last!.grid.step)
        }
        print("W1 y labels: \(axis.transitionsStarted) step changes in 300 frames, \(steps.count) steps used")
        XCTAssertLessThan(axis.transitionsStarted, 30)
    }
}
