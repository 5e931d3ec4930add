import ChartData
import ChartGeometry
import ChartMarks
import ChartStage
import Foundation
import XCTest

/// The pie as the controller emits it, on recording surfaces: wedges whose angles are
/// the shares of a full turn, labels that add up to 100, transitions that settle.
final class PieControllerTests: XCTestCase {
    private let colors = [RGBAColor(hex: "#3D7FD9")!, RGBAColor(hex: "#E4553C")!, RGBAColor(hex: "#3DA95C")!,
                          RGBAColor(hex: "#E8A53C")!, RGBAColor(hex: "#8E5CD9")!]

    /// A dataset of `columns` (one per series, one value per x = 0, 1, 2…).
    private func source(_ columns: [[Double]]) -> DataSource {
        let series = columns.enumerated().map { Series(name: "s\($0.offset)", ys: $0.element, kind: .area) }
        return DataSource(dataset: Dataset(source: "t", xs: (0..<columns[0].count).map(Double.init), series: series))
    }

    private func stage(_ columns: [[Double]], range: ClosedRange<Double>, weights: [Double]? = nil,
                       animated: Bool = false) -> (RecordedStage, PieController) {
        let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 10, minY: 0, maxY: 100))
        let pie = PieController(source: source(columns))
        recorded.stage.add(pie)
        pie.show(range: range, series: Array(columns.indices), weights: weights ?? columns.map { _ in 1 },
                 colors: Array(colors.prefix(columns.count)), animated: animated)
        recorded.stage.prepareFrame()
        return (recorded, pie)
    }

    private func wedges(_ recorded: RecordedStage) -> [(center: PixelPoint, radius: Double, start: Double, end: Double, fill: RGBAColor)] {
        recorded.surfaces.shapes.flatMap(\.shapes).compactMap {
            guard case let .wedge(center, radius, start, end, fill) = $0 else { return nil }
            return (center, radius, start, end, fill)
        }
    }

    private func labels(_ recorded: RecordedStage) -> [TextRun] {
        recorded.surfaces.texts.filter { $0.layer == .series }.flatMap(\.runs)
    }

    /// Bottom series first from 12 o'clock, clockwise, each wedge the share of the sums
    /// over the range (NaN counting 0) of a full turn, in the series' colours, centred in
    /// the plot with a radius of 40% of its smaller side.
    func testWedgeAnglesAreTheShares() {
        let columns: [[Double]] = [[10, 10, 10, 99], [5, .nan, 5, 0], [30, 20, 10, 0]]
        let (recorded, pie) = stage(columns, range: 0...2)
        let drawn = wedges(recorded)
        let sums = [30.0, 10, 60]
        XCTAssertEqual(drawn.count, 3)
        var angle = 0.0
        for (index, wedge) in drawn.enumerated() {
            XCTAssertEqual(wedge.start, angle, accuracy: 1e-12)
            XCTAssertEqual(wedge.end - wedge.start, sums[index] / 100 * 2 * .pi, accuracy: 1e-12)
            XCTAssertEqual(wedge.fill, colors[index])
            XCTAssertEqual(wedge.center, PixelPoint(x: 560, y: 270), "the plot's centre")
            XCTAssertEqual(wedge.radius, 200, accuracy: 1e-9, "40% of the plot's 500 pixels")
            angle = wedge.end
        }
        XCTAssertEqual(angle, 2 * .pi, accuracy: 1e-12)
        XCTAssertEqual(pie.slices.map(\.percent), [30, 10, 60])
        XCTAssertEqual(labels(recorded).map(\.text), ["30%", "10%", "60%"])
    }

    /// Whole percents add up to 100 and each is within a point of its exact share.
    func testLabelsAddUpToAHundred() {
        XCTAssertEqual(WholePercents.of([1.0 / 3, 1.0 / 3, 1.0 / 3]), [34, 33, 33])
        XCTAssertEqual(WholePercents.of([0.125, 0.125, 0.75]), [13, 12, 75], "a tie goes to the earlier")
        XCTAssertEqual(WholePercents.of([0.004, 0.006, 0.99]), [0, 1, 99])
        XCTAssertEqual(WholePercents.of([0, 0]), [0, 0])
        var rng = SplitMix64(seed: 41)
        for _ in 0..<500 {
            let raw = (0..<Int.random(in: 1...12, using: &rng)).map { _ in Double.random(in: 0...1, using: &rng) }
            let total = raw.reduce(0, +)
            let shares = raw.map { $0 / total }
            let percents = WholePercents.of(shares)
            XCTAssertEqual(percents.reduce(0, +), 100, "\(shares)")
            for (percent, share) in zip(percents, shares) {
                XCTAssertLessThan(abs(Double(percent) - share * 100), 1, "\(shares)")
            }
        }
        // The pie writes the same: three thirds are labelled 34, 33 and 33.
        let (recorded, _) = stage([[1, 1], [1, 1], [1, 1]], range: 0...1)
        XCTAssertEqual(labels(recorded).map(\.text), ["34%", "33%", "33%"])
    }

    /// A label sits inside its slice, clear of its edges, in a colour that reads on it;
    /// a slice under 4% writes its label just beyond the rim in the theme's text colour.
    func testLabelsInsideAndOutside() {
        let (recorded, pie) = stage([[60], [25], [12], [3]].map { $0 + $0 }, range: 0...1)
        XCTAssertEqual(pie.slices.map(\.labelIsInside), [true, true, true, false])
        let boxes = recorded.surfaces.texts.filter { $0.layer == .series }.flatMap(\.boxes)
        for (slice, box) in zip(pie.slices, boxes) {
            let label = slice.label!
            let corners = [PixelPoint(x: box.x, y: box.y), PixelPoint(x: box.maxX, y: box.y),
                           PixelPoint(x: box.x, y: box.maxY), PixelPoint(x: box.maxX, y: box.maxY)]
            if slice.labelIsInside {
                XCTAssertTrue(corners.allSatisfy { slice.contains($0, inset: 1) }, "\(label.text) inside its slice")
                XCTAssertEqual(label.color, colors[slice.position].textColor)
                XCTAssertGreaterThanOrEqual(label.color.contrast(with: colors[slice.position]), 3)
            } else {
                let distances = corners.map { hypot($0.x - slice.center.x, $0.y - slice.center.y) }
                XCTAssertGreaterThan(distances.min()!, slice.radius, "\(label.text) beyond the rim")
                XCTAssertLessThan(distances.min()!, slice.radius + 10, "\(label.text) just beyond it")
                XCTAssertEqual(label.color, ChartTheme.day.text)
            }
        }
        for (a, b) in zip(boxes, boxes.dropFirst()) { XCTAssertFalse(a.intersects(b), "labels do not overlap") }
    }

    /// Several narrow slices side by side write their labels outside without overlapping.
    func testNarrowSlicesLabelsDoNotOverlap() {
        let (recorded, pie) = stage([[88], [3], [3], [3], [3]].map { $0 + $0 }, range: 0...1)
        XCTAssertEqual(pie.slices.filter { !$0.labelIsInside }.count, 4)
        let boxes = recorded.surfaces.texts.filter { $0.layer == .series }.flatMap(\.boxes)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] { XCTAssertFalse(a.intersects(b), "\(a) and \(b) overlap") }
        }
    }

    /// The way in and out: `progress` eases from 0 to 1 over `duration` while the pie
    /// shrinks from the circle filling the plot's height to its size and fades in; it
    /// settles, and the stage stops asking for frames. Hiding runs it back to nothing.
    func testTransitionsSettle() {
        let (recorded, pie) = stage([[1, 1], [3, 3]], range: 0...1, animated: true)
        XCTAssertTrue(pie.isShown)
        XCTAssertEqual(pie.progress, 0)
        XCTAssertTrue(wedges(recorded).isEmpty, "nothing at progress 0")
        var previous = (progress: 0.0, radius: 250.0)
        var frames = 0
        while recorded.stage.advance(by: 1.0 / 60) {
            recorded.stage.prepareFrame()
            frames += 1
            let drawn = wedges(recorded)
            XCTAssertEqual(drawn.count, 2)
            XCTAssertGreaterThanOrEqual(pie.progress, previous.progress)
            XCTAssertLessThanOrEqual(drawn[0].radius, previous.radius)
            XCTAssertEqual(Double(drawn[0].fill.alpha), pie.progress, accuracy: 1e-6, "fades in with progress")
            XCTAssertEqual(drawn[1].end - drawn[1].start, 0.75 * 2 * .pi, accuracy: 1e-9, "shares hold all the way")
            previous = (pie.progress, drawn[0].radius)
            XCTAssertLessThan(frames, 100, "the transition settles")
        }
        XCTAssertEqual(Double(frames) / 60, pie.duration, accuracy: 2.0 / 60)
        XCTAssertEqual(pie.progress, 1)
        XCTAssertFalse(pie.isAnimating)
        XCTAssertEqual(wedges(recorded)[0].radius, 200, accuracy: 1e-9)
        XCTAssertEqual(wedges(recorded)[0].fill.alpha, 1)

        pie.hide()
        XCTAssertFalse(pie.isShown)
        frames = 0
        while recorded.stage.advance(by: 1.0 / 60) {
            recorded.stage.frames.beginFrame()
            recorded.stage.prepareFrame()
            frames += 1
            XCTAssertLessThan(frames, 100, "the transition settles")
        }
        XCTAssertEqual(pie.progress, 0)
        XCTAssertTrue(wedges(recorded).isEmpty && labels(recorded).isEmpty, "gone")
        XCTAssertFalse(recorded.stage.frames.isPending)
    }

    /// A toggled series' easing weight shrinks its slice to nothing while the others grow
    /// to fill the pie, their angles always the weighted shares.
    func testWeightsRenormaliseTheSlices() {
        let (recorded, pie) = stage([[2, 2], [1, 1], [1, 1]], range: 0...1)
        var previousMiddle = Double.infinity
        for step in stride(from: 1.0, through: 0, by: -0.125) {
            pie.setWeights([1, step, 1])
            recorded.frame()
            let drawn = wedges(recorded)
            let total = 4 + 2 * step + 2
            XCTAssertEqual(drawn.last!.end, 2 * .pi, accuracy: 1e-12, "the pie stays whole")
            XCTAssertEqual(drawn[0].end, 4 / total * 2 * .pi, accuracy: 1e-12)
            if step > 0 {
                XCTAssertEqual(drawn.count, 3)
                let middle = drawn[1].end - drawn[1].start
                XCTAssertEqual(middle, 2 * step / total * 2 * .pi, accuracy: 1e-12)
                XCTAssertLessThan(middle, previousMiddle)
                previousMiddle = middle
            } else {
                XCTAssertEqual(drawn.count, 2, "a slice of nothing is not drawn")
                XCTAssertEqual(pie.slices.map(\.seriesIndex), [0, 2])
                XCTAssertEqual(pie.slices.map(\.percent), [67, 33])
            }
        }
    }

    /// A new range while shown morphs the slices from the old shares to the new ones.
    func testANewRangeMorphsTheSlices() {
        let (recorded, pie) = stage([[1, 3], [3, 1]], range: 0...0)
        XCTAssertEqual(wedges(recorded)[0].end, 0.25 * 2 * .pi, accuracy: 1e-12)
        pie.show(range: 1...1, series: [0, 1], weights: [1, 1], colors: Array(colors.prefix(2)))
        var previous = 0.25 * 2 * .pi
        var frames = 0
        while recorded.stage.advance(by: 1.0 / 60) {
            recorded.stage.prepareFrame()
            frames += 1
            let end = wedges(recorded)[0].end
            XCTAssertGreaterThanOrEqual(end, previous - 1e-12, "the first slice grows steadily")
            XCTAssertEqual(wedges(recorded)[1].end, 2 * .pi, accuracy: 1e-12, "the pie stays whole")
            previous = end
            XCTAssertLessThan(frames, 100)
        }
        XCTAssertGreaterThan(frames, 10, "it morphs, not jumps")
        XCTAssertEqual(wedges(recorded)[0].end, 0.75 * 2 * .pi, accuracy: 1e-12)
    }

    /// Hovering a slice moves it outwards along its middle and shows a board inside the
    /// plot, off the pie, naming the series, its sum over the range and its share; leaving lowers it.
    func testHoverLiftsTheSliceAndShowsItsBoard() throws {
        let (recorded, pie) = stage([[6, 4], [3, 2], [2, 3]], range: 0...1)
        let resting = pie.slices
        let slice = resting[1]
        let middle = PieSlice.direction(slice.middleAngle)
        pie.hover(at: PixelPoint(x: slice.center.x + middle.x * 100, y: slice.center.y + middle.y * 100))
        XCTAssertEqual(pie.hoveredPosition, 1)
        while recorded.stage.advance(by: 1.0 / 60) { recorded.stage.prepareFrame() }
        let lifted = pie.slices[1]
        XCTAssertEqual(lifted.center.x - slice.center.x, middle.x * pie.hoverOffset, accuracy: 1e-9)
        XCTAssertEqual(lifted.center.y - slice.center.y, middle.y * pie.hoverOffset, accuracy: 1e-9)
        XCTAssertEqual(pie.slices[0].center, resting[0].center, "the others stay")
        let board = try XCTUnwrap(pie.boardBox)
        XCTAssertTrue(recorded.stage.geometry.plotBox.contains(board))
        let nearest = PixelPoint(x: min(max(resting[0].center.x, board.x), board.maxX), y: min(max(resting[0].center.y, board.y), board.maxY))
        XCTAssertGreaterThan(hypot(nearest.x - resting[0].center.x, nearest.y - resting[0].center.y), slice.radius + pie.hoverOffset,
                             "the board covers no slice")
        let boardText = recorded.surfaces.texts.filter { $0.layer == .overlay }.flatMap(\.runs).map(\.text)
        XCTAssertEqual(boardText, ["s1", "Sum 5", "Share 25%"])

        pie.hover(at: PixelPoint(x: 5, y: 5))
        XCTAssertNil(pie.hoveredPosition, "outside the pie")
        while recorded.stage.advance(by: 1.0 / 60) { recorded.stage.prepareFrame() }
        XCTAssertEqual(pie.slices.map(\.center), resting.map(\.center))
        XCTAssertNil(pie.boardBox)
    }
}
