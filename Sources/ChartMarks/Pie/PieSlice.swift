import ChartGeometry
import ChartStage
import Foundation

/// One slice of a pie as drawn: whose it is, its share and angles, and its label.
public struct PieSlice: Equatable, Sendable {
    /// The slice's place in the pie's list of series (0: the bottom series, first
    /// clockwise from 12 o'clock).
    public var position: Int
    /// The series' index in the dataset.
    public var seriesIndex: Int
    /// Its share of the whole, 0…1.
    public var share: Double
    /// Radians clockwise from 12 o'clock.
    public var startAngle: Double
    public var endAngle: Double
    /// The centre of the slice's disc in canvas pixels: the pie's, or moved outwards
    /// while the slice is hovered.
    public var center: PixelPoint
    /// Pixels.
    public var radius: Double
    /// The share in whole percent; the slices' add up to 100.
    public var percent: Int
    /// The percentage as written: inside the slice, or just beyond the rim when the
    /// slice is too narrow for it; `nil` for a slice of 0%.
    public var label: TextRun?
    public var labelIsInside: Bool

    /// The angle halfway through the slice, radians clockwise from 12 o'clock.
    public var middleAngle: Double { (startAngle + endAngle) / 2 }

    /// The unit vector at `angle` (radians clockwise from 12 o'clock) on the canvas,
    /// whose y runs downward.
    public static func direction(_ angle: Double) -> PixelPoint {
        PixelPoint(x: sin(angle), y: -cos(angle))
    }

    /// Whether `point` lies in the slice at least `inset` pixels from its rim and its
    /// two straight edges.
    public func contains(_ point: PixelPoint, inset: Double = 0) -> Bool {
        let dx = point.x - center.x, dy = point.y - center.y
        guard (dx * dx + dy * dy).squareRoot() <= radius - inset else { return false }
        let span = endAngle - startAngle
        guard span < 2 * .pi else { return true }
        // Distances inside each edge's line (the shape shader's test): a slice of up to
        // half the disc lies inside both lines, a larger one inside either.
        let insideStart = dx * cos(startAngle) + dy * sin(startAngle)
        let insideEnd = -(dx * cos(endAngle) + dy * sin(endAngle))
        if span <= .pi {
            let middle = Self.direction(middleAngle)
            return min(insideStart, insideEnd) >= inset && dx * middle.x + dy * middle.y >= 0
        }
        return max(insideStart, insideEnd) >= inset
    }
}
