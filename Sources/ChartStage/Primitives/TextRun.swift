import ChartGeometry

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
