import ChartGeometry
import XCTest

/// The stroke is 2 px wide whatever the zoom, the aspect ratio and the line's angle:
/// the swapped-scale perpendicular at work.
final class LineWidthTests: XCTestCase {
    /// A line through the middle of the unit square at `angle` degrees on screen at
    /// zoom 1, drawn with many points so collinear joins are exercised too.
    private func line(angleDegrees: Double, size: PixelSize) -> (xs: [Double], ys: [Double]) {
        // At zoom 1 the view is the unit square; a data slope of m appears on screen as
        // m × (height / width) pixels per pixel.
        let screenSlope = tan(angleDegrees * .pi / 180)
        let count = 41
        if angleDegrees == 90 {
            return ([Double](repeating: 0.5, count: count), (0..<count).map { -1 + 3 * Double($0) / Double(count - 1) })
        }
        let dataSlope = screenSlope * Double(size.width) / Double(size.height)
        let xs = (0..<count).map { -1 + 3 * Double($0) / Double(count - 1) }
        return (xs, xs.map { 0.5 + dataSlope * ($0 - 0.5) })
    }

    private func view(zoomX: Double, zoomY: Double) -> DataRect {
        DataRect(minX: 0.5 - 0.5 / zoomX, maxX: 0.5 + 0.5 / zoomX, minY: 0.5 - 0.5 / zoomY, maxY: 0.5 + 0.5 / zoomY)
    }

    func testStrokeIsTwoPixelsAtEveryAngleZoomAndAspect() throws {
        let sizes = [PixelSize(width: 1280, height: 720), PixelSize(width: 300, height: 900)]
        let zooms: [(x: Double, y: Double)] = [(1, 1), (1000, 1), (1, 1000)]
        for size in sizes {
            for angle in [0.0, 90, 30] {
                for zoom in zooms {
                    let (xs, ys) = line(angleDegrees: angle, size: size)
                    let image = try GLTestHarness.draw(xs: xs, ys: ys, visible: view(zoomX: zoom.x, zoomY: zoom.y), size: size)
                    let radius = 40.0
                    // Coverage in a disc around the centre, which the line crosses along a
                    // diameter: total = width × 2r.
                    let width = image.coverage(inDiscAt: Double(size.width) / 2, Double(size.height) / 2, radius: radius) / (2 * radius)
                    XCTAssertEqual(width, 2, accuracy: 0.5,
                                   "angle \(angle)°, zoom \(zoom), size \(size): stroke \(width) px")
                }
            }
        }
    }

    func testWidthFollowsTheStyle() throws {
        let size = PixelSize(width: 400, height: 400)
        let xs = [-1.0, 2]
        let ys = [0.5, 0.5]
        for width in [1.0, 3, 6, 10] {
            let image = try GLTestHarness.draw(xs: xs, ys: ys, visible: view(zoomX: 1, zoomY: 1), size: size, width: width)
            let measured = image.coverage(inDiscAt: 200, 200, radius: 50) / 100
            XCTAssertEqual(measured, width, accuracy: 0.25, "requested \(width) px")
        }
    }
}
