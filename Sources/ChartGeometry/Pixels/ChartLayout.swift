/// Where the plot sits in a window or image.
public enum ChartLayout {
    /// The plot fills everything: no room for axes or decorations (`--plain`).
    case plain
    /// A still picture: a bar on top (title, legend), the plot inset with room at the
    /// left and bottom for the axes' labels and at the right for the value label.
    case standard
    /// The window: a bar on top (legend, range presets), the plot with its axes, and the
    /// range selector under it.
    case explorer

    /// The plot's rectangle in a canvas of `size` pixels; `scale` is the HiDPI factor
    /// (drawable pixels per window coordinate).
    public func plotRect(in size: PixelSize, scale: Double = 1) -> PixelRect {
        switch self {
        case .plain:
            return PixelRect(size: size)
        case .standard:
            let left = Int((56 * scale).rounded())
            let right = Self.rightMargin(scale)
            let top = Int((44 * scale).rounded())
            let bottom = Int((36 * scale).rounded())
            guard size.width > left + right + 8, size.height > top + bottom + 8 else { return PixelRect(size: size) }
            return PixelRect(x: left, y: top, width: size.width - left - right, height: size.height - top - bottom)
        case .explorer:
            let left = Int((56 * scale).rounded()), right = Self.rightMargin(scale)
            let top = Int((44 * scale).rounded())
            let bottom = Int((36 * scale).rounded()) + Self.minimapHeight(scale) + Int((12 * scale).rounded())
            guard size.width > left + right + 8, size.height > top + bottom + 40 else {
                return ChartLayout.standard.plotRect(in: size, scale: scale)
            }
            return PixelRect(x: left, y: top, width: size.width - left - right, height: size.height - top - bottom)
        }
    }

    /// The range selector's rectangle (`.explorer` only; `nil` when the canvas is too small).
    public func minimapRect(in size: PixelSize, scale: Double = 1) -> PixelRect? {
        guard self == .explorer else { return nil }
        let plot = plotRect(in: size, scale: scale)
        let height = Self.minimapHeight(scale)
        let y = size.height - Int((12 * scale).rounded()) - height
        guard y > plot.y + plot.height else { return nil }
        return PixelRect(x: plot.x, y: y, width: plot.width, height: height)
    }

    /// The bar above the plot: the legend and the range presets in the window, the
    /// title and the legend in a still picture.
    public func barRect(in size: PixelSize, scale: Double = 1) -> PixelRect? {
        guard self != .plain else { return nil }
        let plot = plotRect(in: size, scale: scale)
        return PixelRect(x: plot.x, y: Int((8 * scale).rounded()), width: plot.width, height: Int((24 * scale).rounded()))
    }

    private static func minimapHeight(_ scale: Double) -> Int { Int((56 * scale).rounded()) }

    /// Room right of the plot for the value label, so it never hides the newest points.
    private static func rightMargin(_ scale: Double) -> Int { Int((64 * scale).rounded()) }
}
