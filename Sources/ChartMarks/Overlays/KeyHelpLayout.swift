import ChartGeometry
import ChartStage

/// Where the `?` panel puts its text: the title, then each group of `KeyBindings` (its
/// heading, then a row per binding: the keys, and the action in a column after the
/// widest keys), in as few columns as fit the region, groups kept whole. Where no
/// number of columns fits at the preferred size the text shrinks, down to
/// `smallestPointSize`; below that it takes the columns that overflow the region least. Pure geometry,
/// measured through a closure, so it is tested without a font.
public struct KeyHelpLayout: Equatable, Sendable {
    /// What a run of the panel's text is, for its colour.
    public enum Role: Equatable, Sendable { case title, heading, keys, action }

    /// One piece of text, anchored at its top left, canvas pixels.
    public struct Run: Equatable, Sendable {
        public let text: String
        public let position: PixelPoint
        public let role: Role
    }

    /// The panel, canvas pixels.
    public let panel: PixelBox
    public let runs: [Run]
    /// How many columns the groups take.
    public let columns: Int
    /// The size the text is set at, points.
    public let pointSize: Double

    public static let title = "Keys and mouse"
    /// The smallest text the panel shrinks to before it stops fitting.
    public static let smallestPointSize = 8.0

    /// Lays the panel out centred in `region`.
    /// - Parameters:
    ///   - pointSize: the preferred size of the text.
    ///   - scale: drawable pixels per window coordinate (padding and gaps scale by it).
    ///   - measure: the size of a text at a point size, canvas pixels.
    public init(region: PixelBox, pointSize: Double, scale: Double, measure: (String, Double) -> TextSize) {
        let groups = KeyBindings.Group.allCases
        var size = pointSize
        var chosen: (columns: [[KeyBindings.Group]], metrics: Metrics)?
        while chosen == nil {
            let metrics = Metrics(pointSize: size, scale: scale, measure: measure)
            let fitting = (1...groups.count).lazy.map { Self.split(groups, into: $0, metrics: metrics) }
                .first { metrics.panelSize(of: $0).width <= region.width && metrics.panelSize(of: $0).height <= region.height }
            if let fitting {
                chosen = (fitting, metrics)
            } else if size <= Self.smallestPointSize {
                // Nothing fits: as small as the text goes, in the columns that overflow least.
                let arrangements = (1...groups.count).map { Self.split(groups, into: $0, metrics: metrics) }
                let overflow = { (columns: [[KeyBindings.Group]]) -> Double in
                    let size = metrics.panelSize(of: columns)
                    return max(size.width / region.width, size.height / region.height)
                }
                chosen = (arrangements.min { overflow($0) < overflow($1) }!, metrics)
            } else {
                size = max(size - 1, Self.smallestPointSize)
            }
        }
        let (columns, metrics) = chosen!
        let panelSize = metrics.panelSize(of: columns)
        let panel = PixelBox(x: region.x + max(region.width - panelSize.width, 0) / 2,
                             y: region.y + max(region.height - panelSize.height, 0) / 2,
                             width: panelSize.width, height: panelSize.height)
        var runs = [Run(text: Self.title, position: PixelPoint(x: panel.x + metrics.padding, y: panel.y + metrics.padding),
                        role: .title)]
        var x = panel.x + metrics.padding
        for column in columns {
            var y = panel.y + metrics.padding + metrics.titleHeight
            let keysWidth = metrics.keysWidth(of: column)
            for group in column {
                runs.append(Run(text: group.rawValue, position: PixelPoint(x: x, y: y), role: .heading))
                y += metrics.rowHeight
                for binding in KeyBindings.bindings(in: group) {
                    runs.append(Run(text: binding.keys, position: PixelPoint(x: x, y: y), role: .keys))
                    runs.append(Run(text: binding.action, position: PixelPoint(x: x + keysWidth + metrics.gap, y: y), role: .action))
                    y += metrics.rowHeight
                }
                y += metrics.groupGap
            }
            x += metrics.columnWidth(of: column) + metrics.columnGap
        }
        self.panel = panel
        self.runs = runs
        self.columns = columns.count
        self.pointSize = metrics.pointSize
    }

    /// `groups` in `count` columns, in order, the tallest column as short as it can be.
    private static func split(_ groups: [KeyBindings.Group], into count: Int, metrics: Metrics) -> [[KeyBindings.Group]] {
        guard count > 1, groups.count > 1 else { return [groups] }
        var best: [[KeyBindings.Group]] = [groups]
        var bestHeight = Double.infinity
        for first in 1...(groups.count - count + 1) {
            let rest = split(Array(groups[first...]), into: count - 1, metrics: metrics)
            let columns = [Array(groups[..<first])] + rest
            let height = columns.map(metrics.columnHeight).max() ?? 0
            if height < bestHeight {
                best = columns
                bestHeight = height
            }
        }
        return best
    }

    /// Sizes at one point size, each text measured once.
    private struct Metrics {
        let pointSize: Double
        let rowHeight: Double
        let titleWidth: Double, titleHeight: Double
        let padding: Double, gap: Double, columnGap: Double, groupGap: Double
        /// The width of every key, action and heading, canvas pixels.
        private let widths: [String: Double]

        init(pointSize: Double, scale: Double, measure: (String, Double) -> TextSize) {
            self.pointSize = pointSize
            let texts = KeyBindings.all.flatMap { [$0.keys, $0.action] } + KeyBindings.Group.allCases.map(\.rawValue)
            widths = Dictionary(texts.map { ($0, measure($0, pointSize).width) }, uniquingKeysWith: { first, _ in first })
            rowHeight = measure("Ag", pointSize).height * 1.3
            let title = measure(KeyHelpLayout.title, pointSize + 2)
            titleWidth = title.width
            titleHeight = title.height * 1.3 + rowHeight / 2
            padding = 16 * scale
            gap = 14 * scale
            columnGap = 32 * scale
            groupGap = rowHeight / 2
        }

        private func measure(_ text: String) -> Double { widths[text] ?? 0 }

        func keysWidth(of column: [KeyBindings.Group]) -> Double {
            column.flatMap(KeyBindings.bindings(in:)).map { measure($0.keys) }.max() ?? 0
        }

        func columnWidth(of column: [KeyBindings.Group]) -> Double {
            let bindings = column.flatMap(KeyBindings.bindings(in:))
            let actions = bindings.map { measure($0.action) }.max() ?? 0
            let headings = column.map { measure($0.rawValue) }.max() ?? 0
            return max(keysWidth(of: column) + gap + actions, headings)
        }

        func columnHeight(_ column: [KeyBindings.Group]) -> Double {
            column.reduce(0) { $0 + Double(KeyBindings.bindings(in: $1).count + 1) * rowHeight + groupGap } - groupGap
        }

        func panelSize(of columns: [[KeyBindings.Group]]) -> TextSize {
            let widths = columns.map(columnWidth).reduce(0, +) + columnGap * Double(columns.count - 1)
            let width = max(widths, titleWidth)
            return TextSize(width: width + 2 * padding,
                            height: titleHeight + (columns.map(columnHeight).max() ?? 0) + 2 * padding)
        }
    }
}
