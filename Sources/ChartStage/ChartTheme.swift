import ChartGeometry

/// The colours of a chart: its canvas, grid, labels, series and gradient background.
public struct ChartTheme: Equatable, Sendable {
    public var name: String
    /// The flat canvas colour when the gradient is off.
    public var background: RGBAColor
    /// The four colours of the gradient background, in centre order.
    public var gradient: [RGBAColor]
    /// Grid lines (translucent, so they read on the gradient).
    public var grid: RGBAColor
    /// Axis labels.
    public var text: RGBAColor
    /// Behind the info board, the legend's toggles and the range selector.
    public var panel: RGBAColor
    /// A series above its baseline (a range preset is active), and below it.
    public var rising: RGBAColor
    public var falling: RGBAColor
    /// Series colours in order, repeated when there are more series than colours.
    public var seriesColors: [RGBAColor]

    public init(name: String, background: RGBAColor, gradient: [RGBAColor], grid: RGBAColor, text: RGBAColor,
                panel: RGBAColor, rising: RGBAColor, falling: RGBAColor, seriesColors: [RGBAColor]) {
        precondition(!seriesColors.isEmpty, "ChartTheme: at least one series colour")
        precondition(gradient.count == 4, "ChartTheme: the gradient has four colours")
        self.name = name
        self.background = background
        self.gradient = gradient
        self.grid = grid
        self.text = text
        self.panel = panel
        self.rising = rising
        self.falling = falling
        self.seriesColors = seriesColors
    }

    /// The colour of the series at `index`.
    public func color(forSeries index: Int) -> RGBAColor {
        seriesColors[index % seriesColors.count]
    }

    public static let day = ChartTheme(
        name: "day", background: .white,
        gradient: ["#DCE8F7", "#F6E7D8", "#DDF0E4", "#ECE2F6"].map { RGBAColor(hex: $0)! },
        grid: RGBAColor(red: 0.09, green: 0.16, blue: 0.27, alpha: 0.10),
        text: RGBAColor(hex: "#5B6878")!, panel: RGBAColor(hex: "#FFFFFFE8")!,
        rising: RGBAColor(hex: "#1FA45A")!, falling: RGBAColor(hex: "#E0452F")!, seriesColors: RGBAColor.palette)

    public static let night = ChartTheme(
        name: "night", background: RGBAColor(hex: "#1C2533")!,
        gradient: ["#1A2436", "#2A2342", "#14302E", "#2C2A22"].map { RGBAColor(hex: $0)! },
        grid: RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.10),
        text: RGBAColor(hex: "#9AA8BA")!, panel: RGBAColor(hex: "#242E3EE8")!,
        rising: RGBAColor(hex: "#35C470")!, falling: RGBAColor(hex: "#F0624C")!,
        seriesColors: ["#5A9BF0", "#F07560", "#5CC97C", "#F2BC5C", "#A982EE", "#4FCFD4", "#EE6E9E", "#A0AEBB"]
            .map { RGBAColor(hex: $0)! })

    public static let all = [day, night]

    public static func named(_ name: String) -> ChartTheme? {
        all.first { $0.name == name }
    }

    /// Every colour `t` of the way to `other` (0 is this theme, 1 is `other`).
    public func interpolated(to other: ChartTheme, at t: Double) -> ChartTheme {
        func mix(_ a: [RGBAColor], _ b: [RGBAColor]) -> [RGBAColor] {
            (0..<max(a.count, b.count)).map { a[$0 % a.count].mixed(with: b[$0 % b.count], at: t) }
        }
        var result = t < 0.5 ? self : other
        result.background = background.mixed(with: other.background, at: t)
        result.gradient = mix(gradient, other.gradient)
        result.grid = grid.mixed(with: other.grid, at: t)
        result.text = text.mixed(with: other.text, at: t)
        result.panel = panel.mixed(with: other.panel, at: t)
        result.rising = rising.mixed(with: other.rising, at: t)
        result.falling = falling.mixed(with: other.falling, at: t)
        result.seriesColors = mix(seriesColors, other.seriesColors)
        return result
    }
}
