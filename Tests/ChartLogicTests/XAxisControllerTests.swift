import ChartData
import ChartGeometry
import ChartMarks
import ChartStage
import XCTest

final class XAxisControllerTests: XCTestCase {
    private func makeStage(_ viewport: DataRect, kind: XAxisKind) -> (RecordedStage, XAxisController) {
        let recorded = RecordedStage(viewport: viewport)
        let axis = XAxisController(xKind: kind)
        recorded.stage.add(axis)
        recorded.frame()
        return (recorded, axis)
    }

    /// Zooms around random centres by random factors, each step either way.
    private func zoomSequence(start: DataRect, steps: Int, seed: UInt64, check: (DataRect) -> Void,
                              stage: RenderStage, frame: () -> Void) {
        var rng = SplitMix64(seed: seed)
        var rect = start
        for _ in 0..<steps {
            let factor = Double.random(in: 0.8...1.25, using: &rng)
            let anchor = rect.minX + rect.width * Double.random(in: 0...1, using: &rng)
            let width = min(max(rect.width * factor, 2), 4e9)
            let t = (anchor - rect.minX) / rect.width
            rect.minX = anchor - t * width
            rect.maxX = rect.minX + width
            stage.viewport.set(.init(x: rect.minX...rect.maxX))
            frame()
            check(rect)
        }
    }

    /// Over thousands of zoom steps (seconds to centuries, and plain numbers): labels at
    /// least as far apart as the level nearest the 90–150 pixel band gives (with 5% of
    /// hysteresis), two at least in view; labels and the context under them never
    /// overlap, never leave the plot, and each label sits at its value.
    func testLabelsStayInRangeNeverOverlapAndKeepTheirPlace() {
        for (kind, start) in [(XAxisKind.time(unitsPerSecond: 1), DataRect(minX: 1.6e9, maxX: 1.6e9 + 86400 * 30, minY: 0, maxY: 1)),
                              (.number, DataRect(minX: -5, maxX: 120, minY: 0, maxY: 1))] {
            let (recorded, axis) = makeStage(start, kind: kind)
            let plot = recorded.stage.geometry.plotBox
            let text = recorded.surfaces.texts[0]
            zoomSequence(start: start, steps: 3000, seed: 11, check: { rect in
                let level = axis.level!
                let pixels = axis.ladder.spacing(ofLevel: level) / rect.width * plot.width
                let ratio = level < axis.ladder.levels.upperBound
                    ? axis.ladder.spacing(ofLevel: level + 1) / axis.ladder.spacing(ofLevel: level) : 2
                XCTAssertGreaterThanOrEqual(pixels, (90 * 150 / (ratio * 1.05)).squareRoot() - 1e-9, "labels \(pixels) px apart")
                let inView = axis.ticksInView().count
                XCTAssertGreaterThanOrEqual(inView, 2, "\(inView) labels in \(rect)")
                let boxes = text.boxes
                for (i, a) in boxes.enumerated() {
                    XCTAssertTrue(a.x >= plot.x && a.maxX <= plot.maxX, "label leaves the plot")
                    for b in boxes[(i + 1)...] { XCTAssertFalse(a.intersects(b), "labels overlap") }
                }
                let labelRow = plot.maxY + 6 * recorded.stage.geometry.scale
                for run in text.runs where run.position.y != labelRow {
                    XCTAssertTrue(run.position.x == plot.x && axis.contexts.keys.contains { $0.text == run.text },
                                  "\(run.text) under the labels is no context")
                }
                for run in text.runs where run.position.y == labelRow {
                    let value = axis.labels.keys.first { axis.ladder.label(for: $0, level: axis.level!) == run.text
                        && abs(plot.x + ($0 - rect.minX) / rect.width * plot.width - run.position.x) < 1e-6 }
                    XCTAssertNotNil(value, "\(run.text) at \(run.position.x) is not at its value")
                }
            }, stage: recorded.stage, frame: recorded.frame)
        }
    }

    /// Zooming out from seconds to aeons and back in, on plots from 300 to 2,600 pixels
    /// wide: labels stand 90–150 pixels apart where a level lands there, else on the
    /// level nearest that band by ratio (its neighbours are 2 to 5 times apart), within
    /// the 5% of hysteresis; never closer than labels need not to overlap.
    func testLabelSpacingFollowsThePixels() {
        let ladder = CalendarTickLadder()
        let widths = Array(sequence(first: 3.0) { $0 * 1.01 }.prefix { $0 < 6e9 * 365.2425 * 86400 })
        let needed = 60.0
        for pixels in [300.0, 700, 1240, 2600] {
            var selector = TickLevelSelector()
            for width in widths + widths.reversed() {
                let level = selector.update(ladder: ladder, width: width, pixels: pixels) { _ in needed }
                let spacing = ladder.spacing(ofLevel: level) / width * pixels
                let finer = level > ladder.levels.lowerBound ? ladder.spacing(ofLevel: level) / ladder.spacing(ofLevel: level - 1) : 1
                let coarser = level < ladder.levels.upperBound ? ladder.spacing(ofLevel: level + 1) / ladder.spacing(ofLevel: level) : 2
                let low = (90 * 150 / (coarser * 1.05)).squareRoot(), high = (90 * 150 * finer * 1.05).squareRoot()
                let finerCrowds = spacing / finer < needed * 1.05
                guard level < ladder.levels.upperBound, level > ladder.levels.lowerBound else { continue }
                XCTAssertGreaterThanOrEqual(spacing, max(low, needed) - 1e-9, "\(pixels) px, width \(width) s: level \(level)")
                if !finerCrowds {
                    XCTAssertLessThanOrEqual(spacing, high + 1e-9, "\(pixels) px, width \(width) s: level \(level)")
                }
            }
        }
    }

    /// Zooming back and forth by 1% around the width where a level changes switches
    /// the level once and never flickers back while the zoom stays within 5%.
    func testZoomingAcrossAThresholdDoesNotFlicker() {
        let ladder = CalendarTickLadder()
        var selector = TickLevelSelector()
        var width = 86400.0 * 4
        let first = selector.update(ladder: ladder, width: width, pixels: 1000) { _ in 60 }
        while selector.update(ladder: ladder, width: width, pixels: 1000, minimumPixelSpacing: { _ in 60 }) == first {
            width *= 1.001
        }
        let threshold = width
        var changes = 0
        var last = selector.level
        for i in 0..<400 {
            width = threshold * (1 + 0.02 * sin(Double(i) * 0.7))
            let level = selector.update(ladder: ladder, width: width, pixels: 1000) { _ in 60 }
            if level != last { changes += 1 }
            last = level
        }
        XCTAssertEqual(changes, 0, "the level flickered \(changes) times")
    }

    /// Zooming out drops every other label: the ones that stay are settled (opacity 1)
    /// throughout, the dropped ones fade out; zooming in fades new ones in.
    func testLevelChangesFadeLabelsAndKeepTheRest() {
        let day = 86400.0
        let start = CivilDate(year: 2021, month: 3, day: 1).unixSeconds
        let (recorded, axis) = makeStage(DataRect(minX: start, maxX: start + 5 * day, minY: 0, maxY: 1), kind: .time(unitsPerSecond: 1))
        let before = axis.level!
        let kept = Set(axis.labels.filter { $0.value.value == 1 }.keys)
        var width = 5 * day
        while axis.level == before {
            width *= 1.02
            recorded.stage.viewport.set(.init(x: start...(start + width)))
            recorded.frame()
        }
        let fading = axis.labels.filter { $0.value.target == 0 }
        XCTAssertFalse(fading.isEmpty, "dropped labels fade out rather than vanish")
        for (value, fade) in axis.labels where fade.target == 1 && kept.contains(value) {
            XCTAssertEqual(fade.value, 1, "a label that stays never blinks")
        }
        for _ in 0..<30 { recorded.frame() }
        XCTAssertTrue(axis.labels.values.allSatisfy { $0.target == 1 && $0.value == 1 }, "fades finish")
    }
}
