import ChartGeometry
import ChartStage

/// Where the measure's panel of figures goes: in a corner of the plot, of top left, top
/// right, bottom left and bottom right the first that keeps clear of what it must never
/// cover (the pinned point's column, the A and B tags) and covers the least of the
/// lines (`cover`, how much of them a box would hide); where every corner covers
/// something it must not, the one that covers least of it.
public enum MeasurePanelLayout {
    /// The panel's box for a panel of `size` inside `plot`, `margin` from its edges.
    /// - Parameter cover: how much of the lines a box hides (0: none), by which the
    ///   corners that keep clear are ranked, the earlier first on a tie.
    /// - Complexity: O(corners × (boxes to keep clear of + a `cover` call)).
    public static func place(size: TextSize, in plot: PixelBox, margin: Double, keepingClearOf boxes: [PixelBox],
                             cover: (PixelBox) -> Double = { _ in 0 }) -> PixelBox {
        let left = plot.x + margin, right = max(plot.maxX - margin - size.width, left)
        let top = plot.y + margin, bottom = max(plot.maxY - margin - size.height, top)
        let corners = [(left, top), (right, top), (left, bottom), (right, bottom)].map {
            PixelBox(x: $0.0, y: $0.1, width: size.width, height: size.height)
        }
        func overlap(_ box: PixelBox) -> Double {
            boxes.reduce(0) { total, other in
                let width = min(box.maxX, other.maxX) - max(box.x, other.x)
                let height = min(box.maxY, other.maxY) - max(box.y, other.y)
                return total + (width > 0 && height > 0 ? width * height : 0)
            }
        }
        let clear = corners.filter { box in !boxes.contains { $0.intersects(box) } }
        guard !clear.isEmpty else { return corners.min { overlap($0) < overlap($1) } ?? corners[0] }
        let costs = clear.map(cover)
        return clear[costs.indices.min { costs[$0] < costs[$1] } ?? 0]
    }
}
