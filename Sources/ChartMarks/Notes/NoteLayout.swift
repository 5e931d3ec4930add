import ChartGeometry
import ChartStage

/// Where the notes' labels go: each beside its marker by the info board's rule
/// (`InfoBoardLayout`: on the left of the point's column when it fits, else on the
/// right, never straddling it unless it fits neither side; at the preferred height, or
/// moved just past what it would cover, nearest first), clear of every note's marker,
/// of the labels placed before it and, where there is room, of the data around its point.
///
/// Labels are placed in the order given (the chart gives them in ascending x), each
/// keeping clear of those before it, so two notes close together stack rather than
/// overlap. A label that cannot be placed clear of the markers and the other labels is
/// left out (its marker stays): a label over the point it names would hide what it
/// names. Unlike the board's, each side's heights are tried only against what lies
/// within the label's columns, so a chart of many notes over dense data stays cheap.
public enum NoteLayout {
    /// One note to lay out: its markers (one per line that has a value at its x,
    /// canvas pixels; the first is the column the label stands beside), its label's
    /// size, and the data around its point the label should keep clear of.
    public struct Item: Equatable, Sendable {
        public var markers: [PixelPoint]
        public var size: TextSize
        public var data: [PixelBox]

        public init(markers: [PixelPoint], size: TextSize, data: [PixelBox] = []) {
            self.markers = markers
            self.size = size
            self.data = data
        }
    }

    /// Pixels kept between two labels, and between a label and the data.
    public static let spacing = 4.0

    /// The label boxes of `items` in order, `nil` for one that found no clear place.
    /// - Parameters:
    ///   - radius: the markers' radius, pixels.
    ///   - canvas: where the labels must stay (the plot).
    /// - Complexity: O(items × k²), k the markers, data and labels within one label's
    ///   columns (plus O(items × all markers) to find them).
    public static func place(_ items: [Item], radius: Double, canvas: PixelBox) -> [PixelBox?] {
        let reach = radius + 2
        // Every marker, as the box a label keeps out of (its circle is checked exactly after).
        let markerBoxes = items.flatMap(\.markers).map {
            PixelBox(x: $0.x - reach, y: $0.y - reach, width: 2 * reach, height: 2 * reach)
        }
        var placed: [PixelBox] = []
        var result: [PixelBox?] = []
        for item in items {
            guard let anchor = item.markers.first,
                  item.size.width <= canvas.width, item.size.height <= canvas.height else {
                result.append(nil)
                continue
            }
            // Other labels, grown so stacked labels do not touch.
            let labels = placed.map { PixelBox(x: $0.x - spacing, y: $0.y - spacing, width: $0.width + 2 * spacing,
                                               height: $0.height + 2 * spacing) }
            // Above the highest marker first, as a note's label is read.
            let top = (item.markers.map(\.y).min() ?? anchor.y) - radius - InfoBoardLayout.gap - item.size.height
            var box: PixelBox?
            // With the data around the point kept clear where there is room, else
            // without it (the markers and the other labels are never given up).
            for data in [item.data, []] {
                box = beside(anchor.x, size: item.size, top: top, radius: radius,
                             keepingClearOf: markerBoxes + labels + data, canvas: canvas)
                if box != nil { break }
            }
            if let box { placed.append(box) }
            result.append(box)
        }
        return result
    }

    /// The board's rule for one label of `size` beside the column at `columnX`
    /// (`InfoBoardLayout.candidates`), each side's heights taken only from the boxes of
    /// `obstacles` within that side's columns: the first box clear of those obstacles
    /// (the markers among them, as the squares round their circles).
    private static func beside(_ columnX: Double, size: TextSize, top: Double, radius: Double,
                               keepingClearOf obstacles: [PixelBox], canvas: PixelBox) -> PixelBox? {
        var near: [[PixelBox]] = []
        let candidates = InfoBoardLayout.candidates(size: size, columnX: columnX, radius: radius, top: top, canvas: canvas,
                                                    clearance: spacing) { x in
            near.append(obstacles.filter { $0.x < x + size.width && $0.maxX > x })
            return near[near.count - 1]
        }
        for candidate in candidates {
            if !near[candidate.side].contains(where: { $0.intersects(candidate.box) }),
               isClear(candidate.box, of: [], radius: radius, obstacles: [], canvas: canvas) {
                return candidate.box
            }
        }
        return nil
    }

    /// Whether `box` lies in `canvas`, keeps clear of every marker (its radius and two
    /// pixels) and overlaps none of `obstacles`.
    public static func isClear(_ box: PixelBox, of markers: [PixelPoint], radius: Double, obstacles: [PixelBox],
                               canvas: PixelBox) -> Bool {
        guard box.x >= canvas.x - 1e-9, box.maxX <= canvas.maxX + 1e-9, box.y >= canvas.y - 1e-9,
              box.maxY <= canvas.maxY + 1e-9 else { return false }
        let reach = radius + 2
        let onMarker = markers.contains { c in
            let nearestX = min(max(c.x, box.x), box.maxX), nearestY = min(max(c.y, box.y), box.maxY)
            let dx = c.x - nearestX, dy = c.y - nearestY
            return dx * dx + dy * dy < reach * reach
        }
        return !onMarker && !obstacles.contains { $0.intersects(box) }
    }
}
