import ChartGeometry
import ChartStage

/// Where the `?` panel puts its text: the title, then each group of `KeyBindings` (its
/// heading, then a row per binding: the keys, and the action in a column after the
/// widest keys), in as few columns as fit the region, groups kept whole where they fit and
/// else running on into the next column. Where no
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
    public static let smallestPointSize = 7.0

    /// Lays the panel out centred in `region`.
    /// - Parameters:
    ///   - pointSize: the preferred size of the text.
    ///   - scale: drawable pixels per window coordinate (padding and gaps scale by it).
    ///   - measure: the size of a text at a point size, canvas pixels.
    public init(region: PixelBox, pointSize: Double, scale: Double, measure: (String, Double) -> TextSize) {
        let groups = KeyBindings.Group.allCases.map(Piece.init(whole:))
        var size = pointSize
        var chosen: (columns: [[Piece]], metrics: Metrics)?
        while chosen == nil {
            let metrics = Metrics(pointSize: size, scale: scale, measure: measure)
            let fits = { (columns: [[Piece]]) in
                metrics.panelSize(of: columns).width <= region.width && metrics.panelSize(of: columns).height <= region.height
            }
            // Groups whole where they fit; else a long group runs on into the next column
            // (its heading repeated) before the text shrinks.
            if let fitting = (1...groups.count).lazy.map({ Self.split(groups, into: $0, metrics: metrics) }).first(where: fits)
                ?? (2...Self.mostColumns).lazy.map({ Self.flow(groups, into: $0, metrics: metrics) }).first(where: fits) {
                chosen = (fitting, metrics)
            } else if size <= Self.smallestPointSize {
                // Nothing fits: as small as the text goes, in the columns that overflow least.
                let arrangements = (1...Self.mostColumns).map { Self.flow(groups, into: $0, metrics: metrics) }
                let overflow = { (columns: [[Piece]]) -> Double in
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
            for piece in column {
                runs.append(Run(text: piece.heading, position: PixelPoint(x: x, y: y), role: .heading))
                y += metrics.rowHeight
                for binding in piece.bindings {
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

    /// The most columns a flowing list is tried in.
    private static let mostColumns = 6

    /// A group's heading over some of its bindings: all of them, or a run of them in a
    /// column of its own.
    private struct Piece {
        let heading: String
        let bindings: [KeyBindings.Binding]

        init(whole group: KeyBindings.Group) {
            heading = group.rawValue
            bindings = KeyBindings.bindings(in: group)
        }

        init(heading: String, bindings: [KeyBindings.Binding]) {
            self.heading = heading
            self.bindings = bindings
        }
    }

    /// `groups` in `count` columns, in order, the tallest column as short as it can be.
    private static func split(_ groups: [Piece], into count: Int, metrics: Metrics) -> [[Piece]] {
        guard count > 1, groups.count > 1 else { return [groups] }
        var best: [[Piece]] = [groups]
        var bestHeight = Double.infinity
        for first in 1...max(groups.count - count + 1, 1) {
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

    /// `groups` poured into at most `count` columns of the fewest rows that hold them, a
    /// group going on in the next column under its heading marked "(more)".
    private static func flow(_ groups: [Piece], into count: Int, metrics: Metrics) -> [[Piece]] {
        let rows = groups.reduce(0) { $0 + $1.bindings.count + 1 }
        var height = (rows + count - 1) / count
        while true {
            var columns: [[Piece]] = [[]]
            var used = 0
            for group in groups {
                var left = group.bindings[...]
                var heading = group.heading
                while !left.isEmpty {
                    // A heading never ends a column alone.
                    if used + 2 > height, used > 0 {
                        columns.append([])
                        used = 0
                    }
                    let taken = left.prefix(max(height - used - 1, 1))
                    columns[columns.count - 1].append(Piece(heading: heading, bindings: Array(taken)))
                    used += taken.count + 1
                    left = left.dropFirst(taken.count)
                    heading = group.heading + " (more)"
                }
            }
            if columns.count <= count { return columns }
            height += 1
        }
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
            let headings = KeyBindings.Group.allCases.flatMap { [$0.rawValue, $0.rawValue + " (more)"] }
            let texts = KeyBindings.all.flatMap { [$0.keys, $0.action] } + headings
            widths = Dictionary(texts.map { ($0, measure($0, pointSize).width) }, uniquingKeysWith: { first, _ in first })
            rowHeight = measure("Ag", pointSize).height * 1.3
            let title = measure(KeyHelpLayout.title, pointSize + 2)
            titleWidth = title.width
            titleHeight = title.height * 1.3 + rowHeight / 2
            // Room shrinks with the text, so that a small window gains a column as well as smaller rows.
            let room = scale * pointSize / 12
            padding = 16 * room
            gap = 14 * room
            columnGap = 32 * room
            groupGap = rowHeight / 2
        }

        private func measure(_ text: String) -> Double { widths[text] ?? 0 }

        fileprivate func keysWidth(of column: [Piece]) -> Double {
            column.flatMap(\.bindings).map { measure($0.keys) }.max() ?? 0
        }

        fileprivate func columnWidth(of column: [Piece]) -> Double {
            let actions = column.flatMap(\.bindings).map { measure($0.action) }.max() ?? 0
            let headings = column.map { measure($0.heading) }.max() ?? 0
            return max(keysWidth(of: column) + gap + actions, headings)
        }

        fileprivate func columnHeight(_ column: [Piece]) -> Double {
            column.reduce(0) { $0 + Double($1.bindings.count + 1) * rowHeight + groupGap } - groupGap
        }

        fileprivate func panelSize(of columns: [[Piece]]) -> TextSize {
            let widths = columns.map(columnWidth).reduce(0, +) + columnGap * Double(columns.count - 1)
            let width = max(widths, titleWidth)
            return TextSize(width: width + 2 * padding,
                            height: titleHeight + (columns.map(columnHeight).max() ?? 0) + 2 * padding)
        }
    }
}
