import ChartData
import ChartGeometry
import ChartRender
import ChartStage
import Foundation
import XCTest

/// Bars and areas over hostile data on llvmpipe: values beyond `Float`'s range, negative
/// values in stacks, steps that share one x. Each picture is checked against the data →
/// pixel mapping, within a pixel.
final class StackEdgeCaseTests: XCTestCase {
    private let blue = RGBAColor(hex: "#3497ED")!
    private let green = RGBAColor(hex: "#5FB641")!
    private let orange = RGBAColor(hex: "#F5BD25")!
    private let red = RGBAColor(hex: "#E65850")!

    private func writePNG(_ image: RGBAImage, _ name: String) throws {
        if let folder = ProcessInfo.processInfo.environment["SIGHTLINE_STACK_PNGS"] {
            try PNGFile.write(image, to: "\(folder)/\(name).png")
        }
    }

    /// One series of bars, not stacked, over `xs`: each bar, told apart by hovering it
    /// (the others dim), fills its step from halfway to each neighbour (the ends mirror
    /// their one neighbour) and from 0 to its value, within a pixel.
    private func checkBars(_ name: String, xs: [Double], ys: [Double], visible: DataRect,
                           file: StaticString = #filePath, line: UInt = #line) throws {
        let view = try StackStage(dataset: Dataset(source: name, xs: xs, series: [Series(name: "a", ys: ys, kind: .bar)]))
        view.show(visible)
        for i in xs.indices {
            let stack = SeriesStack(mark: .bars, series: view.series([0]), weights: [1], colors: [blue], isStacked: false, highlightedIndex: i)
            let image = try view.render([stack], visible: visible)
            try writePNG(image, "stack-\(name)-\(i)")
            let row = Int(view.row(ys[i] / 2))
            let full = (view.plot.x..<view.plot.x + view.plot.width).filter { image.isColor($0, row, blue) }
            let left = i > 0 ? xs[i - 1] / 2 + xs[i] / 2 : xs[0] - (xs[1] / 2 - xs[0] / 2)
            let right = i + 1 < xs.count ? xs[i] / 2 + xs[i + 1] / 2 : xs[i] + (xs[i] / 2 - xs[i - 1] / 2)
            let first = try XCTUnwrap(full.first, "\(name): bar \(i) at full colour", file: file, line: line)
            let last = try XCTUnwrap(full.last)
            XCTAssertEqual(full.count, last - first + 1, "\(name): bar \(i) is one run", file: file, line: line)
            XCTAssertEqual(Double(first), view.column(left), accuracy: 1, "\(name): bar \(i)'s left edge", file: file, line: line)
            XCTAssertEqual(Double(last + 1), view.column(right), accuracy: 1, "\(name): bar \(i)'s right edge", file: file, line: line)
            let centre = (first + last) / 2
            let rows = (0..<view.canvas.height).filter { image.isColor(centre, $0, blue) }
            let top = try XCTUnwrap(rows.first), bottom = try XCTUnwrap(rows.last)
            XCTAssertEqual(rows.count, bottom - top + 1, "\(name): bar \(i) is one band", file: file, line: line)
            XCTAssertEqual(Double(top), view.row(max(ys[i], 0)), accuracy: 1, "\(name): bar \(i)'s top", file: file, line: line)
            XCTAssertEqual(Double(bottom + 1), view.row(min(ys[i], 0)), accuracy: 1, "\(name): bar \(i)'s bottom", file: file, line: line)
        }
    }

    /// y of 1e300, beyond `Float`'s 3.4e38, is drawn where `Double` puts it.
    func testBarsOf1e300FillTheirSteps() throws {
        try checkBars("1e300", xs: [0, 1, 3, 4, 6], ys: [1e300, 5e299, 1.5e300, 2e299, 8e299],
                      visible: DataRect(minX: -0.7, maxX: 7.3, minY: 0, maxY: 1.6e300))
    }

    /// y just beyond `Float`'s range.
    func testBarsOf1e39FillTheirSteps() throws {
        try checkBars("1e39", xs: [0, 1, 2, 3], ys: [1e39, 3e38, 2e39, 5e38],
                      visible: DataRect(minX: -0.5, maxX: 3.5, minY: 0, maxY: 2.2e39))
    }

    /// Negative y beyond `Float`'s range hang down from zero, positive ones stand on it.
    func testBarsOfMinus1e300HangFromZero() throws {
        try checkBars("minus-1e300", xs: [0, 1, 2, 3], ys: [-1e300, 5e299, -1.5e300, -2e299],
                      visible: DataRect(minX: -0.5, maxX: 3.5, minY: -1.6e300, maxY: 1e300))
    }

    /// x near 1e300, steps 1e297 apart: the offsets from the piece's origin do not fit a
    /// `Float` without a unit of their own.
    func testBarsAtXNear1e300FillTheirSteps() throws {
        let xs = [0.0, 2, 5, 6, 9].map { 1e300 + $0 * 1e297 }
        try checkBars("x-1e300", xs: xs, ys: [3, 7, 2, 9, 4],
                      visible: DataRect(minX: 1e300 - 1.5e297, maxX: 1e300 + 1.1e298, minY: 0, maxY: 10))
    }

    /// The stacked bars' band of each layer, in each step's centre column, against the
    /// diverging stack: a positive value stands on the earlier layers' positive sum, a
    /// negative one hangs from their negative sum.
    private func checkStackedBars(_ name: String, columns: [[Double]], weights: [Double], visible: DataRect,
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let xs = (0..<columns[0].count).map(Double.init)
        let colors = Array([blue, green, orange, red].prefix(columns.count))
        let series = columns.enumerated().map { Series(name: "s\($0.offset)", ys: $0.element, kind: .bar) }
        let view = try StackStage(dataset: Dataset(source: name, xs: xs, series: series))
        let stack = SeriesStack(mark: .bars, series: view.series(Array(columns.indices)), weights: weights, colors: colors, isStacked: true)
        let image = try view.render([stack], visible: visible)
        try writePNG(image, "stack-\(name)")
        for step in xs.indices {
            let column = Int(view.column(xs[step]))
            var positive = 0.0, negative = 0.0
            for layer in columns.indices {
                let value = columns[layer][step].isNaN ? 0 : columns[layer][step] * weights[layer]
                let base = value >= 0 ? positive : negative
                if value >= 0 { positive += value } else { negative += value }
                let rows = (0..<view.canvas.height).filter { image.isColor(column, $0, colors[layer]) }
                guard value != 0 else {
                    XCTAssertLessThanOrEqual(rows.count, 1, "\(name): step \(step), layer \(layer): nothing to draw", file: file, line: line)
                    continue
                }
                let top = try XCTUnwrap(rows.first, "\(name): step \(step), layer \(layer)", file: file, line: line)
                let bottom = try XCTUnwrap(rows.last)
                XCTAssertEqual(rows.count, bottom - top + 1, "\(name): step \(step), layer \(layer) is one band", file: file, line: line)
                XCTAssertEqual(Double(top), view.row(max(base, base + value)), accuracy: 1,
                               "\(name): step \(step), layer \(layer)'s top", file: file, line: line)
                XCTAssertEqual(Double(bottom + 1), view.row(min(base, base + value)), accuracy: 1,
                               "\(name): step \(step), layer \(layer)'s bottom", file: file, line: line)
            }
        }
    }

    /// Layers of up to 2e38 each fit a `Float`; their sums do not.
    func testStackedBarsWhoseSumsPassFloatsRangeAddUp() throws {
        try checkStackedBars("sums-beyond-float", columns: [[2e38, 3e38, 1e38], [3e38, 1e38, 2.5e38], [2.5e38, 2e38, 3e38]],
                             weights: [1, 1, 1], visible: DataRect(minX: -0.5, maxX: 2.5, minY: 0, maxY: 9e38))
    }

    /// Stacked bars of ±1e300: one unit for the whole stack keeps the layers meeting.
    func testStackedBarsOf1e300AddUp() throws {
        try checkStackedBars("stacked-1e300", columns: [[1e300, 5e299, 3e299], [-4e299, 6e299, -2e299], [2e299, 3e299, 7e299]],
                             weights: [1, 1, 1], visible: DataRect(minX: -0.5, maxX: 2.5, minY: -5e299, maxY: 1.5e300))
    }

    /// A series of negative values (and one of mixed signs) in stacked bars: below zero
    /// from zero down, the positive layers above zero on each other.
    func testStackedBarsDiverge() throws {
        let columns: [[Double]] = [[3, 5, 2, 4, .nan], [-2, 3, -1, 2, -3], [-1, -4, -2, -3, -2], [4, 1, 3, 2, 5]]
        for weights in [[1.0, 1, 1, 1], [1, 0.5, 1, 1], [1, 1, 0.5, 1]] {
            try checkStackedBars("diverging-\(weights.map { "\($0)" }.joined(separator: "-"))", columns: columns, weights: weights,
                                 visible: DataRect(minX: -0.5, maxX: 4.5, minY: -10, maxY: 15))
        }
    }

    /// Stacked areas diverge too: at each point, a negative layer's band hangs from the
    /// earlier negative layers, the positive ones stand above zero.
    func testStackedAreasDiverge() throws {
        let columns: [[Double]] = [[3, 4, 5, 4], [-2, -3, -1, -2], [2, 1, 3, 2]]
        let xs = [0.0, 1, 2, 3]
        let colors = [blue, green, orange]
        let series = columns.enumerated().map { Series(name: "s\($0.offset)", ys: $0.element, kind: .area) }
        let view = try StackStage(dataset: Dataset(source: "diverging areas", xs: xs, series: series))
        let stack = SeriesStack(mark: .areas, series: view.series([0, 1, 2]), weights: [1, 1, 1], colors: colors, isStacked: true)
        let image = try view.render([stack], visible: DataRect(minX: 0, maxX: 3, minY: -5, maxY: 10))
        try writePNG(image, "stack-diverging-areas")
        for column in stride(from: view.plot.x + 2, to: view.plot.x + view.plot.width - 2, by: 7) {
            let x = view.visible.minX + (Double(column - view.plot.x) + 0.5) / Double(view.plot.width) * view.visible.width
            let i = min(Int(x), 2), t = x - Double(i)
            func at(_ layer: Int) -> Double { columns[layer][i] * (1 - t) + columns[layer][i + 1] * t }
            let spans = [(0, at(0)), (at(1), 0), (at(0), at(0) + at(2))]
            for layer in 0..<3 {
                let rows = (0..<view.canvas.height).filter { image.isColor(column, $0, colors[layer]) }
                let top = try XCTUnwrap(rows.first, "column \(column), layer \(layer)"), bottom = try XCTUnwrap(rows.last)
                XCTAssertEqual(rows.count, bottom - top + 1, "column \(column), layer \(layer) is one band")
                XCTAssertEqual(Double(top), view.row(spans[layer].1), accuracy: 1, "column \(column), layer \(layer)'s top")
                XCTAssertEqual(Double(bottom + 1), view.row(spans[layer].0), accuracy: 1, "column \(column), layer \(layer)'s bottom")
            }
        }
    }

    /// Percentages of a stack with a series of mixed signs: its negative values count as
    /// 0, so the other bands fill 0…100% at their shares of the positive values alone.
    func testPercentagesCountNegativeValuesAsZero() throws {
        let count = 12
        var rng = SplitMix64(seed: 17)
        let columns = [(0..<count).map { _ in Double.random(in: 1...10, using: &rng) },
                       (0..<count).map { $0 % 3 == 1 ? Double.random(in: 1...10, using: &rng) : -Double.random(in: 1...30, using: &rng) },
                       (0..<count).map { _ in Double.random(in: 1...10, using: &rng) }]
        let xs = (0..<count).map { Double($0) * 3 }
        let colors = [blue, green, orange]
        let view = try StackStage(dataset: Dataset(source: "shares", xs: xs,
                                                   series: columns.enumerated().map { Series(name: "s\($0.offset)", ys: $0.element, kind: .area) }))
        for mark in [StackFill.areas, .bars] {
            let stack = SeriesStack(mark: mark, series: view.series([0, 1, 2]), weights: [1, 1, 1], colors: colors, isStacked: true,
                                    isPercentage: true)
            let image = try view.render([stack], visible: DataRect(minX: 0, maxX: xs.last!, minY: 0, maxY: 100))
            try writePNG(image, "stack-percentage-negative-\(mark)")
            /// The cumulative share below layer `layer` at point `i`, percent.
            func share(below layer: Int, at i: Int) -> Double {
                let total = columns.reduce(0) { $0 + max($1[i], 0) }
                return columns[..<layer].reduce(0) { $0 + max($1[i], 0) } / total * 100
            }
            var worst = 0.0
            for column in view.plot.x + 1..<view.plot.x + view.plot.width - 1 {
                var layers: [Int] = []
                for row in view.plot.y..<view.plot.y + view.plot.height {
                    let layer = try XCTUnwrap(colors.firstIndex { image.isColor(column, row, $0) },
                                              "\(mark): pixel (\(column), \(row)) is \(image.rgb(column, row)), no band's colour")
                    layers.append(layer)
                }
                XCTAssertEqual(layers, layers.sorted(by: >), "\(mark), column \(column): bands in order, top band first")
                let x = view.visible.minX + (Double(column - view.plot.x) + 0.5) / Double(view.plot.width) * view.visible.width
                let expected: [Double]
                if mark == .areas {
                    let i = min(Int(x / 3), count - 2), t = x / 3 - Double(i)
                    expected = (1..<3).map { share(below: $0, at: i) * (1 - t) + share(below: $0, at: i + 1) * t }
                } else {
                    // A bar spans halfway to each neighbour; skip the columns at its edges.
                    let i = Int((x / 3).rounded())
                    guard 0.5 - abs(x / 3 - Double(i)) > 0.02 else { continue }
                    expected = (1..<3).map { share(below: $0, at: i) }
                }
                for layer in 1..<3 {
                    let boundary = Double(view.plot.y + (layers.firstIndex { $0 < layer } ?? layers.count))
                    worst = max(worst, abs(boundary - view.row(expected[layer - 1])))
                }
            }
            XCTAssertLessThanOrEqual(worst, 1, "\(mark): band boundaries at the shares of the positive values")
        }
    }

    /// Every step at one x, or two steps at one x: no neighbour at another x measures
    /// the bars, so they are drawn as a lone step's bar is, a tenth of the view wide,
    /// centred on the x, as tall as the tallest.
    func testStepsAllAtOneXDrawALoneStepsBar() throws {
        for (xs, ys) in [([5.0, 5, 5], [2.0, 4, 3]), ([5.0, 5], [1.0, 4]), ([5.0], [4.0])] {
            let view = try StackStage(dataset: Dataset(source: "one x", xs: xs, series: [Series(name: "a", ys: ys, kind: .bar)]))
            let stack = SeriesStack(mark: .bars, series: view.series([0]), weights: [1], colors: [blue], isStacked: false)
            let image = try view.render([stack], visible: DataRect(minX: 0, maxX: 10, minY: 0, maxY: 5))
            try writePNG(image, "stack-one-x-\(xs.count)")
            let full = (view.plot.x..<view.plot.x + view.plot.width).filter { image.isColor($0, Int(view.row(0.5)), blue) }
            let first = try XCTUnwrap(full.first, "\(xs.count) steps at one x draw a bar"), last = try XCTUnwrap(full.last)
            XCTAssertEqual(full.count, last - first + 1, "\(xs.count) steps: one run")
            XCTAssertEqual(Double(first), view.column(4.5), accuracy: 1, "\(xs.count) steps: left edge")
            XCTAssertEqual(Double(last + 1), view.column(5.5), accuracy: 1, "\(xs.count) steps: right edge")
            let top = try XCTUnwrap((0..<view.canvas.height).first { image.isColor((first + last) / 2, $0, blue) })
            XCTAssertEqual(Double(top), view.row(4), accuracy: 1, "\(xs.count) steps: as tall as the tallest")
        }
    }

    /// A step between two others at its own x has no width of its own: it is drawn a
    /// pixel wide, so a hovered one still shows.
    func testAStepBetweenTwoAtItsXIsAPixelWide() throws {
        let xs = [0.0, 1, 1, 1, 2], ys = [2.0, 3, 4, 3, 2]
        let view = try StackStage(dataset: Dataset(source: "duplicates", xs: xs, series: [Series(name: "a", ys: ys, kind: .bar)]))
        let stack = SeriesStack(mark: .bars, series: view.series([0]), weights: [1], colors: [blue], isStacked: false, highlightedIndex: 2)
        let image = try view.render([stack], visible: DataRect(minX: -0.5, maxX: 2.5, minY: 0, maxY: 5))
        try writePNG(image, "stack-duplicate-x")
        let row = Int(view.row(3.5))
        let full = (view.plot.x..<view.plot.x + view.plot.width).filter { image.isColor($0, row, blue) }
        XCTAssertEqual(full.count, 1, "one pixel wide: \(full)")
        XCTAssertEqual(Double(full.first ?? 0) + 0.5, view.column(1), accuracy: 1, "at its x")
    }
}
