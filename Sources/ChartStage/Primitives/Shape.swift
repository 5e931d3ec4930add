import ChartGeometry

/// What the shapes surface draws, in canvas pixels, antialiased.
public enum Shape: Equatable, Sendable, Mark {
    case rect(PixelBox, fill: RGBAColor, cornerRadius: Double = 0)
    /// The rim of a rounded rectangle, `width` pixels wide inside `box` (a focus ring):
    /// what lies within shows through.
    case outline(PixelBox, color: RGBAColor, width: Double, cornerRadius: Double = 0)
    case circle(center: PixelPoint, radius: Double, fill: RGBAColor, stroke: RGBAColor, strokeWidth: Double)
    case segment(from: PixelPoint, to: PixelPoint, width: Double, color: RGBAColor, dash: Dash? = nil)
    /// The region between a polyline (x ascending) and the horizontal line at `baseline`.
    case area(top: [PixelPoint], baseline: Double, color: RGBAColor)
    /// A slice of a disc: from `startAngle` to `endAngle`, radians clockwise from 12
    /// o'clock as a person reads a pie (a span of 2π or more is the whole disc, none is
    /// nothing). Wedges drawn one after another around the same centre with the same
    /// radius meet without a seam: where one ends and a later one starts (or the other
    /// way round), the earlier reaches a pixel under the later's antialiased edge, so no
    /// background shows through between slices.
    case wedge(center: PixelPoint, radius: Double, startAngle: Double, endAngle: Double, fill: RGBAColor)
}
