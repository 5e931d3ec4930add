import ChartData
import ChartGeometry

/// A dash pattern along a stroke: `on` pixels drawn, `off` pixels skipped.
public struct Dash: Equatable, Sendable {
    public var on: Double
    public var off: Double

    public init(on: Double, off: Double) {
        self.on = on
        self.off = off
    }
}

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

/// Where a text run's `position` sits on its box.
public enum TextAnchor: Sendable {
    case topLeft, topCenter, topRight
    case centerLeft, center, centerRight
    case bottomLeft, bottomCenter, bottomRight
}

/// A run of text, one line, in canvas pixels; `pointSize` is before the HiDPI scale.
public struct TextRun: Equatable, Sendable, Mark {
    /// Text surfaces also measure the text they are given.
    public typealias Surface = TextSurface

    public var text: String
    public var position: PixelPoint
    public var anchor: TextAnchor
    public var pointSize: Double
    public var color: RGBAColor

    public init(_ text: String, at position: PixelPoint, anchor: TextAnchor, pointSize: Double, color: RGBAColor) {
        self.text = text
        self.position = position
        self.anchor = anchor
        self.pointSize = pointSize
        self.color = color
    }
}

/// The size of a run of text in pixels: its advance width and line height.
public struct TextSize: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A guess at the size of `text` at `size` (points or pixels) without a font: 0.6 of
    /// the size per character, 1.2 of it per line; for layout before or without glyphs.
    public static func estimate(for text: String, size: Double) -> TextSize {
        TextSize(width: Double(text.unicodeScalars.count) * size * 0.6, height: size * 1.2)
    }

    /// The box of a run of this size placed at `position` by `anchor`.
    public func box(at position: PixelPoint, anchor: TextAnchor) -> PixelBox {
        let x: Double, y: Double
        switch anchor {
        case .topLeft, .centerLeft, .bottomLeft: x = position.x
        case .topCenter, .center, .bottomCenter: x = position.x - width / 2
        case .topRight, .centerRight, .bottomRight: x = position.x - width
        }
        switch anchor {
        case .topLeft, .topCenter, .topRight: y = position.y
        case .centerLeft, .center, .centerRight: y = position.y - height / 2
        case .bottomLeft, .bottomCenter, .bottomRight: y = position.y - height
        }
        return PixelBox(x: x, y: y, width: width, height: height)
    }
}

/// One series drawn as a line through the stage's viewport (the right axis's, for a
/// series read against it).
public struct SeriesLine: Equatable, Sendable, Mark {
    /// The series, as its data source issued it: the GPU copy drawn is that source's.
    public var series: SeriesHandle
    public var color: RGBAColor
    /// Stroke width in pixels, before the HiDPI scale.
    public var width: Double
    /// The axis whose view the line is drawn through.
    public var axis: YAxisSide
    /// Drawn as a smooth curve through the points (`SmoothCurve`) where they are sparse
    /// enough for it to show; else straight from point to point.
    public var isSmooth: Bool

    public init(series: SeriesHandle, color: RGBAColor, width: Double, axis: YAxisSide = .left, isSmooth: Bool = false) {
        self.series = series
        self.color = color
        self.width = width
        self.axis = axis
        self.isSmooth = isSmooth
    }
}
