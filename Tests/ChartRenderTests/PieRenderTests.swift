import ChartData
import ChartGeometry
import ChartMarks
import ChartRender
import ChartStage
import Foundation
import XCTest

/// The pie on llvmpipe, read back pixel by pixel: each slice's angle, measured along a
/// circle at 70% of the radius, is its share of a full turn within a degree; slices
/// meet without a seam of background; a slice of 100% is the whole disc.
final class PieRenderTests: XCTestCase {
    private static let canvas = PixelSize(width: 800, height: 800)

    /// A dataset whose series sum, over x 0…9, to `totals` (each x holds a tenth).
    private static func source(totals: [Double]) -> DataSource {
        let series = totals.enumerated().map { index, total in
            Series(name: "series \(index + 1)", ys: [Double](repeating: total / 10, count: 10), kind: .area)
        }
        return DataSource(dataset: Dataset(source: "shares", xs: (0..<10).map(Double.init), series: series))
    }

    /// Draws the pie of `totals`' shares with its labels: settled, or `framesIn` frames
    /// of 60 Hz into its way in.
    private func render(totals: [Double], weights: [Double]? = nil, theme: ChartTheme = .day, hoverAt: PixelPoint? = nil,
                        framesIn: Int? = nil)
        throws -> (image: RGBAImage, pie: PieController, colors: [RGBAColor]) {
        let device = GLTestHarness.device
        let source = Self.source(totals: totals)
        let factory = try GPUSurfaceFactory(device: device, source: source, font: GLTestHarness.font)
        let geometry = StageGeometry(canvas: Self.canvas, layout: .plain)
        let stage = RenderStage(viewport: DataRect(minX: 0, maxX: 9, minY: 0, maxY: 100), geometry: geometry, theme: theme,
                                factory: factory)
        let pie = PieController(source: source)
        stage.add(pie)
        let colors = totals.indices.map { theme.color(forSeries: $0) }
        pie.show(range: 0...9, series: Array(totals.indices), weights: weights ?? totals.map { _ in 1 }, colors: colors,
                 animated: framesIn != nil)
        for _ in 0..<(framesIn ?? 0) { stage.advance(by: 1.0 / 60) }
        if let hoverAt {
            stage.prepareFrame()
            pie.hover(at: hoverAt)
            while stage.advance(by: 1.0 / 60) { stage.prepareFrame() }
        }
        let target = try TextureTarget(device: device, width: Self.canvas.width, height: Self.canvas.height)
        stage.prepareFrame()
        factory.draw(stage, into: target.passTarget)
        return (target.readPixels(), pie, colors)
    }

    private static func distance(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ color: RGBAColor) -> Double {
        let d = [Double(p.r) - Double(color.red) * 255, Double(p.g) - Double(color.green) * 255, Double(p.b) - Double(color.blue) * 255]
        return (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).squareRoot()
    }

    /// The angles (degrees clockwise from 12 o'clock) where the slice colour changes along
    /// the circle of `radius` pixels round `center`, each with the slice that starts
    /// there. Samples of no slice's colour (the labels' text, antialiased edges) are
    /// skipped: a boundary lies halfway across the samples between two colours.
    private static func boundaries(in image: RGBAImage, center: PixelPoint, radius: Double,
                                   colors: [RGBAColor]) -> [(angle: Double, slice: Int)] {
        let samples = 7200
        var classes: [Int?] = []
        for k in 0..<samples {
            let angle = (Double(k) + 0.5) / Double(samples) * 2 * .pi
            let x = Int((center.x + radius * sin(angle)).rounded(.down))
            let y = Int((center.y - radius * cos(angle)).rounded(.down))
            let pixel = image[x, y]
            let nearest = colors.indices.min { distance(pixel, colors[$0]) < distance(pixel, colors[$1]) }!
            classes.append(distance(pixel, colors[nearest]) < 12 ? nearest : nil)
        }
        guard let first = classes.firstIndex(where: { $0 != nil }) else { return [] }
        var result: [(Double, Int)] = []
        var last = (index: first, slice: classes[first]!)
        for step in 1...samples {
            let k = (first + step) % samples
            guard let slice = classes[k] else { continue }
            if slice != last.slice {
                // Halfway across the unclassified samples between the two colours.
                var middle = Double(last.index) + Double((k - last.index + samples) % samples) / 2 + 0.5
                if middle >= Double(samples) { middle -= Double(samples) }
                result.append((middle / Double(samples) * 360, slice))
            }
            last = (k, slice)
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// Each slice's angle matches its share within 1°, a slice over 180° and one of 3%
    /// (labelled outside) among them; bottom series first, clockwise from 12 o'clock.
    func testSliceAnglesMatchTheShares() throws {
        for totals in [[62.0, 20, 10, 5, 3], [25.0, 25, 25, 25], [1, 2, 3, 4, 5, 6, 7]] {
            let (image, pie, colors) = try render(totals: totals)
            let slice = try XCTUnwrap(pie.slices.first)
            let found = Self.boundaries(in: image, center: slice.center, radius: 0.7 * slice.radius, colors: colors)
            let total = totals.reduce(0, +)
            XCTAssertEqual(found.map(\.slice), Array(totals.indices), "\(totals): one boundary per slice, in order")
            guard found.count == totals.count else { continue }
            var expectedStart = 0.0
            for (index, share) in totals.map({ $0 / total }).enumerated() {
                let measuredStart = found[index].angle
                let measuredEnd = index + 1 < found.count ? found[index + 1].angle : found[0].angle + 360
                // The first boundary is at 12 o'clock: measured just below 360 or above 0.
                let start = index == 0 && measuredStart > 180 ? measuredStart - 360 : measuredStart
                let end = index + 1 == found.count && found[0].angle > 180 ? measuredEnd - 360 : measuredEnd
                XCTAssertEqual(start, expectedStart, accuracy: 1, "\(totals): slice \(index) starts at its place")
                XCTAssertEqual(end - start, share * 360, accuracy: 1, "\(totals): slice \(index)'s angle is its share")
                expectedStart += share * 360
            }
        }
    }

    /// Where two slices meet, every pixel is a blend of their two colours: no lighter
    /// line of the white background between them, at the rim or near the centre.
    func testSlicesMeetWithoutASeam() throws {
        let totals = [40.0, 30, 20, 10]
        let (image, pie, colors) = try render(totals: totals)
        var worst = 0.0
        for slice in pie.slices {
            let next = pie.slices[(slice.position + 1) % pie.slices.count]
            let a = colors[slice.position], b = colors[next.position]
            let direction = PieSlice.direction(slice.endAngle)
            let across = PixelPoint(x: -direction.y, y: direction.x)
            for distance in stride(from: 0.15 * slice.radius, through: 0.9 * slice.radius, by: 7) {
                for offset in -2...2 {
                    let x = Int((slice.center.x + direction.x * distance + across.x * Double(offset)).rounded(.down))
                    let y = Int((slice.center.y + direction.y * distance + across.y * Double(offset)).rounded(.down))
                    let pixel = image[x, y]
                    // Distance from the pixel to the nearest blend of the two colours.
                    let blends = (0...20).map { a.mixed(with: b, at: Double($0) / 20) }
                    worst = max(worst, blends.map { Self.distance(pixel, $0) }.min()!)
                }
            }
        }
        XCTAssertLessThan(worst, 10, "a seam: a pixel at a boundary is \(worst)/255 away from any blend of its slices")
    }

    /// A slice of 100% (the other series weighted to nothing) is the whole disc: every
    /// pixel inside the rim is its colour, none outside is.
    func testAWholeSliceIsTheDisc() throws {
        let (image, pie, colors) = try render(totals: [70, 30], weights: [1, 0])
        XCTAssertEqual(pie.slices.count, 1)
        let slice = try XCTUnwrap(pie.slices.first)
        var wrong: [String] = []
        for k in 0..<720 {
            let angle = Double(k) / 720 * 2 * .pi
            for (fraction, isInside) in [(0.95, true), (0.3, true), (1.05, false)] {
                let x = Int(slice.center.x + fraction * slice.radius * sin(angle))
                let y = Int(slice.center.y - fraction * slice.radius * cos(angle))
                if (Self.distance(image[x, y], colors[0]) < 3) != isInside { wrong.append("\(k / 2)° at \(fraction)") }
            }
        }
        // The label in the middle is the only thing in the disc not in its colour.
        XCTAssertTrue(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    /// The pictures a person looks at: day and night, a slice hovered with its board
    /// (off the pie), and the pie halfway in.
    func testDayAndNightPictures() throws {
        for theme in ChartTheme.all {
            let totals = [62.0, 20, 10, 5, 3]
            let plain = try render(totals: totals, theme: theme)
            let slice = plain.pie.slices[1]
            let middle = PieSlice.direction(slice.middleAngle)
            let hoverPoint = PixelPoint(x: slice.center.x + middle.x * slice.radius / 2, y: slice.center.y + middle.y * slice.radius / 2)
            let hovered = try render(totals: totals, theme: theme, hoverAt: hoverPoint)
            try PNGFile.write(plain.image, to: "/tmp/pie-\(theme.name).png")
            try PNGFile.write(hovered.image, to: "/tmp/pie-\(theme.name)-hover.png")
            let halfway = try render(totals: totals, theme: theme, framesIn: 10)
            try PNGFile.write(halfway.image, to: "/tmp/pie-\(theme.name)-halfway.png")
            XCTAssertGreaterThan(halfway.pie.slices[0].radius, plain.pie.slices[0].radius, "the pie shrinks to its size")
            let halfwayColor = halfway.image[Int(slice.center.x), Int(slice.center.y + 20)]
            let settledColor = plain.image[Int(slice.center.x), Int(slice.center.y + 20)]
            XCTAssertGreaterThan(Self.distance(halfwayColor, plain.colors[0]), 20, "still fading in: \(halfwayColor)")
            XCTAssertLessThan(Self.distance(settledColor, plain.colors[0]), 3)
            XCTAssertEqual(hovered.pie.hoveredPosition, 1)
            // The hovered slice has left a gap of background at its rim's start.
            let lifted = try XCTUnwrap(hovered.pie.slices.first { $0.position == 1 })
            XCTAssertGreaterThan(hypot(lifted.center.x - slice.center.x, lifted.center.y - slice.center.y), 4)
            let board = try XCTUnwrap(hovered.pie.boardBox)
            let nearest = PixelPoint(x: min(max(slice.center.x, board.x), board.maxX), y: min(max(slice.center.y, board.y), board.maxY))
            XCTAssertGreaterThan(hypot(nearest.x - slice.center.x, nearest.y - slice.center.y), slice.radius + 8, "the board covers no slice")
            let inBoard = hovered.image[Int(board.x + board.width / 2), Int(board.maxY - 3)]
            XCTAssertLessThan(Self.distance(inBoard, theme.panel.mixed(with: theme.background, at: 1 - Double(theme.panel.alpha))), 12,
                              "\(theme.name): the board's panel is drawn")
        }
    }
}
