import ChartCore
import ChartData
import ChartRender
import XCTest

/// Joins of a zig-zag whose angles go down to 10°: mitred up to the limit, bevelled
/// past it, never a gap and never a spike.
final class JoinTests: XCTestCase {
    private struct Point { var x: Double; var y: Double }

    private let size = PixelSize(width: 900, height: 300)
    private let halfWidth = 3.0
    private let miterLimit = 4.0

    /// Vs whose apex angles are `angles`, in a view where one data unit is one pixel.
    private func zigZag(angles: [Double]) -> [Point] {
        var points = [Point(x: 30, y: 60)]
        let length = 150.0
        for angle in angles {
            let half = angle / 2 * .pi / 180
            let base = points.last!
            points.append(Point(x: base.x + length * sin(half), y: base.y + length * cos(half)))
            points.append(Point(x: base.x + 2 * length * sin(half), y: base.y))
        }
        points.append(Point(x: points.last!.x + 40, y: points.last!.y))
        return points
    }

    private func distance(from p: Point, toSegment a: Point, _ b: Point) -> (distance: Double, t: Double) {
        let dx = b.x - a.x, dy = b.y - a.y
        let t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)
        let c = min(max(t, 0), 1)
        return (hypot(p.x - (a.x + c * dx), p.y - (a.y + c * dy)), t)
    }

    /// The interior angle at each inner point, degrees.
    private func joinAngles(_ points: [Point]) -> [Double] {
        (1..<points.count - 1).map { i in
            let a = points[i - 1], p = points[i], b = points[i + 1]
            let u = (a.x - p.x, a.y - p.y), v = (b.x - p.x, b.y - p.y)
            let cosine = (u.0 * v.0 + u.1 * v.1) / (hypot(u.0, u.1) * hypot(v.0, v.1))
            return acos(min(max(cosine, -1), 1)) * 180 / .pi
        }
    }

    func testZigZagDownToTenDegreesHasNoGapsAndNoSpikes() throws {
        let points = zigZag(angles: [90, 60, 30, 20, 10])
        let visible = DataRect(minX: 0, maxX: Double(size.width), minY: 0, maxY: Double(size.height))
        let image = try GLTestHarness.draw(xs: points.map(\.x), ys: points.map(\.y), visible: visible, size: size,
                                           width: 2 * halfWidth, miterLimit: miterLimit)
        let angles = joinAngles(points)
        XCTAssertEqual(angles.min()!, 10, accuracy: 0.01)

        var gaps = 0
        var spikes: [String] = []
        for py in 0..<size.height {
            for px in 0..<size.width {
                let p = Point(x: Double(px) + 0.5, y: Double(size.height - py) - 0.5)
                let coverage = image.coverage(px, py)
                var nearest = Double.infinity
                var insideBody = false
                for i in 0..<points.count - 1 {
                    let (d, t) = distance(from: p, toSegment: points[i], points[i + 1])
                    nearest = min(nearest, d)
                    // Well inside a segment's own rectangle: must be fully covered.
                    if t > 0, t < 1, d < halfWidth - 1 { insideBody = true }
                }
                if insideBody && coverage < 0.9 { gaps += 1 }
                guard coverage > 0.05, nearest > halfWidth + 1 else { continue }
                // Beyond the stroke's edge only a miter may reach, and only as far as
                // the limit allows at a join that is mitred.
                let allowed = zip(points.dropFirst(), angles).contains { vertex, angle in
                    let ratio = 1 / sin(angle / 2 * .pi / 180)
                    guard ratio <= miterLimit else { return false }
                    return hypot(p.x - vertex.x, p.y - vertex.y) <= (halfWidth + 1) * ratio + 1
                }
                if !allowed { spikes.append("(\(px), \(py)) \(nearest) px from the line") }
            }
        }
        XCTAssertEqual(gaps, 0, "uncovered pixels inside the stroke")
        XCTAssertEqual(spikes.count, 0, "pixels past the miter limit: \(spikes.prefix(5))")

        // The 90° apex is mitred: its outer corner is filled, as a bevel would not be.
        let apex = points[1]
        let tip = (x: apex.x, y: apex.y + halfWidth * sqrt(2) - 1)
        XCTAssertGreaterThan(image.coverage(Int(tip.x), size.height - 1 - Int(tip.y)), 0.5, "mitred corner")
    }

    /// Dense noise turns back on itself at nearly 180° all the time; no join may throw
    /// a vertex past the miter limit (a near-zero miter once drew full-height spikes).
    func testDenseNoiseNeverSpikesPastTheMiterLimit() throws {
        let size = PixelSize(width: 300, height: 200)
        var rng = SplitMix64(seed: 8)
        // A random walk, then a saw whose x steps are a millionth of a pixel: its
        // segments are vertical to within Float's rounding, as 10 million points in
        // 1280 pixels are.
        var y = 0.0
        var xs = (0..<20_000).map { Double($0) }
        var ys = xs.map { _ in
            y += Double.random(in: -1...1, using: &rng)
            return y
        }
        var x = 20_000.0
        for i in 0..<2_000 {
            x += Double.random(in: 1e-7...1e-4, using: &rng)
            xs.append(x)
            ys.append((i % 2 == 0 ? 1 : -1) * Double.random(in: 10...30, using: &rng))
        }
        let visible = DataRect(minX: 0, maxX: 20_100, minY: ys.min()! - 5, maxY: ys.max()! + 5)
        let image = try GLTestHarness.draw(xs: xs, ys: ys, visible: visible, size: size)
        let viewport = Viewport(visible: visible)
        let xScale = viewport.xScale(in: size), yScale = viewport.yScale(in: size)
        let allowance = 4 * (1 + 1) + 1.0
        var low = [Double](repeating: .infinity, count: size.width)
        var high = [Double](repeating: -.infinity, count: size.width)
        for i in 0..<xs.count - 1 {
            let x0 = xScale.pixel(forValue: xs[i]), x1 = xScale.pixel(forValue: xs[i + 1])
            let y0 = yScale.pixel(forValue: ys[i]), y1 = yScale.pixel(forValue: ys[i + 1])
            let first = max(Int((min(x0, x1) - allowance).rounded(.down)), 0)
            let last = min(Int((max(x0, x1) + allowance).rounded(.up)), size.width - 1)
            guard first <= last else { continue }
            for column in first...last {
                low[column] = min(low[column], min(y0, y1) - allowance)
                high[column] = max(high[column], max(y0, y1) + allowance)
            }
        }
        var strays = 0
        for column in 0..<size.width {
            for row in 0..<size.height where image.coverage(column, row) > 0.05 {
                let centre = Double(row) + 0.5
                if centre < low[column] || centre > high[column] { strays += 1 }
            }
        }
        XCTAssertEqual(strays, 0, "covered pixels beyond every segment's miter allowance")
    }
}

final class CoveragePathTests: XCTestCase {
    /// The two ways of keeping each pixel's largest coverage — the destination's alpha
    /// channel (targets with alpha) and a mask texture (a window without alpha bits) —
    /// draw the same picture, on dense noisy data where segments overlap everywhere.
    func testAlphaChannelAndMaskTextureDrawTheSameLine() throws {
        var rng = SplitMix64(seed: 12)
        let xs = (0..<20_000).map(Double.init)
        var y = 0.0
        let ys = xs.map { _ in y += Double.random(in: -1...1, using: &rng); return y }
        let size = PixelSize(width: 400, height: 200)
        let visible = DataRect(minX: 0, maxX: 20_000, minY: ys.min()! - 1, maxY: ys.max()! + 1)
        let device = GLTestHarness.device
        let buffer = LineSeriesBuffer(device: device, xs: xs, ys: ys)
        var images: [RGBAImage] = []
        for format in [GLDevice.TextureFormat.rgba8, .rgb8] {
            let target = try TextureTarget(device: device, width: size.width, height: size.height, format: format)
            target.clear(to: RGBAColor(red: 0.9, green: 0.95, blue: 1))
            GLTestHarness.lineRenderer.draw(buffer, viewport: Viewport(visible: visible), plotRect: PixelRect(size: size),
                                            framebufferSize: size,
                                            style: LineStyle(widthInPixels: 2, color: RGBAColor(red: 0.8, green: 0.2, blue: 0.1, alpha: 0.8)))
            images.append(target.readPixels())
        }
        var worst = 0
        var inked = 0
        for y in 0..<size.height {
            for x in 0..<size.width {
                let a = images[0][x, y], b = images[1][x, y]
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                if a.g < 200 { inked += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 2000, "the line is drawn")
        XCTAssertLessThanOrEqual(worst, 2, "the same picture within 2/255")
    }
}
