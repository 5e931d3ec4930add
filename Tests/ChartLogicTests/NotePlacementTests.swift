import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import XCTest

/// A note's label never covers the point it names (nor any note's marker) and never
/// overlaps another note's label; where there is room it keeps clear of the data
/// around its point too.
final class NotePlacementTests: XCTestCase {
    private let radius = 4.5

    private func isClearOfMarkers(_ box: PixelBox, _ markers: [PixelPoint]) -> Bool {
        NoteLayout.isClear(box, of: markers, radius: radius, obstacles: [],
                           canvas: PixelBox(x: -1e9, y: -1e9, width: 2e9, height: 2e9))
    }

    /// Seeded over random points (clustered, so labels compete), label sizes, data and
    /// canvas sizes: every label placed is inside the canvas, clear of every marker and
    /// of every other label; and most are placed.
    func testLabelsNeverCoverAPointOrEachOther() {
        var placedCount = 0, total = 0
        for seed in 0..<300 {
            var rng = SplitMix64(seed: UInt64(seed))
            let canvas = PixelBox(x: Double.random(in: 0...80, using: &rng), y: Double.random(in: 0...80, using: &rng),
                                  width: Double.random(in: 160...1600, using: &rng), height: Double.random(in: 90...900, using: &rng))
            let count = Int.random(in: 1...12, using: &rng)
            let centre = PixelPoint(x: Double.random(in: canvas.x...canvas.maxX, using: &rng),
                                    y: Double.random(in: canvas.y...canvas.maxY, using: &rng))
            let items = (0..<count).map { _ -> NoteLayout.Item in
                let spread = Double.random(in: 10...400, using: &rng)
                let x = min(max(centre.x + Double.random(in: -spread...spread, using: &rng), canvas.x), canvas.maxX)
                let markers = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                    PixelPoint(x: x, y: Double.random(in: canvas.y...canvas.maxY, using: &rng))
                }.sorted { $0.y < $1.y }
                let data = (0..<Int.random(in: 0...30, using: &rng)).map { i in
                    PixelBox(x: x - 90 + Double(i) * 6, y: Double.random(in: canvas.y...canvas.maxY, using: &rng), width: 6,
                             height: Double.random(in: 2...60, using: &rng))
                }
                return NoteLayout.Item(markers: markers, size: TextSize(width: Double.random(in: 30...220, using: &rng),
                                                                         height: Double.random(in: 18...26, using: &rng)),
                                       data: data)
            }
            let boxes = NoteLayout.place(items, radius: radius, canvas: canvas)
            XCTAssertEqual(boxes.count, items.count)
            let markers = items.flatMap(\.markers)
            for (i, box) in boxes.enumerated() {
                total += 1
                guard let box else { continue }
                placedCount += 1
                XCTAssertTrue(canvas.contains(box), "seed \(seed): \(box) outside \(canvas)")
                XCTAssertTrue(isClearOfMarkers(box, markers), "seed \(seed): label \(i) \(box) covers a marker")
                XCTAssertEqual(box.width, items[i].size.width)
                for (j, other) in boxes.enumerated() where j != i {
                    guard let other else { continue }
                    XCTAssertFalse(box.intersects(other), "seed \(seed): labels \(i) and \(j) overlap")
                }
            }
        }
        XCTAssertGreaterThan(Double(placedCount) / Double(total), 0.8, "most labels find a place")
    }

    /// A line across the middle of the plot: the label goes above or below it, not over it.
    func testALabelKeepsClearOfTheDataAroundItsPoint() throws {
        let canvas = PixelBox(x: 0, y: 0, width: 800, height: 400)
        let line = stride(from: 0.0, to: 800, by: 6).map { PixelBox(x: $0, y: 190, width: 6, height: 20) }
        let item = NoteLayout.Item(markers: [PixelPoint(x: 400, y: 200)], size: TextSize(width: 120, height: 22), data: line)
        let box = try XCTUnwrap(NoteLayout.place([item], radius: radius, canvas: canvas)[0])
        XCTAssertFalse(line.contains { $0.intersects(box) }, "\(box) over the line")
        XCTAssertTrue(box.maxX <= 400 || box.x >= 400, "beside the point's column, not across it")
    }

    /// On the chart: three notes on a daily series, each marker on the line at its
    /// point's value, each label clear of every marker and of the others, and of the
    /// line around its point.
    func testTheChartsNotesStandOnTheirPoints() throws {
        let xs = (0..<400).map { 1_577_836_800 + Double($0) * 86_400 }
        let ys = xs.indices.map { 100 + 30 * sin(Double($0) / 25) + Double($0) / 10 }
        let source = DataSource(dataset: Dataset(source: "d.csv", xs: xs, series: [Series(name: "Close", ys: ys)],
                                                 xKind: .time(unitsPerSecond: 1)))
        let geometry = StageGeometry(canvas: PixelSize(width: 1000, height: 560), layout: .explorer)
        let factory = RecordingSurfaceFactory()
        let presenter = ChartPresenter(source: source, factory: factory, geometry: geometry, initialFraction: 1)
        presenter.notes.notes = [100, 104, 300].map { ChartNote(x: xs[$0], text: "Note at \($0)") }
        settle(presenter)
        let placed = presenter.notes.placed
        XCTAssertEqual(placed.count, 3)
        let markers = placed.flatMap(\.markers)
        for (i, note) in placed.enumerated() {
            let index = try XCTUnwrap(xs.firstIndex(of: note.note.x))
            let marker = try XCTUnwrap(note.markers.first)
            XCTAssertEqual(marker.x, presenter.scales.canvasX(xs[index]), accuracy: 1e-6)
            XCTAssertEqual(marker.y, presenter.scales.canvasY(ys[index]), accuracy: 1e-6)
            let label = try XCTUnwrap(note.label)
            XCTAssertTrue(isClearOfMarkers(label, markers))
            XCTAssertTrue(geometry.plotBox.contains(label))
            for other in placed[(i + 1)...] { XCTAssertFalse(label.intersects(try XCTUnwrap(other.label))) }
            // The line under the label's columns, point by point: none inside it.
            let covered = xs.indices.filter { label.contains(PixelPoint(x: presenter.scales.canvasX(xs[$0]),
                                                                          y: presenter.scales.canvasY(ys[$0]))) }
            XCTAssertEqual(covered, [], "note \(i)'s label \(label) over the line")
        }
        let shapes = factory.surfaces(RecordingSurface<Shape>.self)
        let circles = shapes.flatMap(\.marks).filter { if case .circle = $0 { return true } else { return false } }
        XCTAssertGreaterThanOrEqual(circles.count, 3, "a marker per note")
    }
}
