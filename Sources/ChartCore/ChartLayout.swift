/// Where the plot sits in a window or image.
public enum ChartLayout {
    /// The plot fills everything: no room for axes or decorations (`--plain`).
    case plain
    /// The plot is inset, leaving room at the left and bottom for the axes' labels.
    case standard

    /// The plot's rectangle in a canvas of `size` pixels; `scale` is the HiDPI factor
    /// (drawable pixels per window coordinate).
    public func plotRect(in size: PixelSize, scale: Double = 1) -> PixelRect {
        switch self {
        case .plain:
            return PixelRect(size: size)
        case .standard:
            let left = Int((56 * scale).rounded())
            let right = Int((16 * scale).rounded())
            let top = Int((16 * scale).rounded())
            let bottom = Int((36 * scale).rounded())
            guard size.width > left + right + 8, size.height > top + bottom + 8 else { return PixelRect(size: size) }
            return PixelRect(x: left, y: top, width: size.width - left - right, height: size.height - top - bottom)
        }
    }
}
