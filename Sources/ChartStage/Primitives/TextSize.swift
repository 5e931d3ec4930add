import ChartGeometry

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
