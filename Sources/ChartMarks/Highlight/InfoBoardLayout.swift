import ChartGeometry
import ChartStage

/// Where the info board goes: beside the highlight line, never over a highlight circle,
/// the pointer or another panel over the plot (a notice), inside the canvas.
///
/// The board stands beside the line, on the left when it fits there, else on the right,
/// at `top`; where that covers something it keeps clear of, it moves down (or up) to just
/// past it. It never straddles the line: in a dense view the line's column, the circles
/// on it and the data around the pointer are what a person reads, and a board over them
/// hides exactly that. Only a board wider than either side of the line is centred on it.
/// Callers lay it out against the *target* viewport's circles, so the board does not
/// move while y animates.
public enum InfoBoardLayout {
    /// Pixels between the board and the line or circles.
    public static let gap = 10.0

    /// The board's box for a board of `size`, the highlight line at `lineX`, circles of
    /// `radius` at `circles`, clear of `obstacles`, preferring `top` for its top edge,
    /// within `canvas`.
    /// - Complexity: O((circles + obstacles)²).
    public static func place(size: TextSize, lineX: Double, circles: [PixelPoint], radius: Double,
                             obstacles: [PixelBox] = [], top: Double, canvas: PixelBox) -> PixelBox {
        func covers(_ box: PixelBox) -> Bool {
            let circle = circles.contains { c in
                let nearestX = min(max(c.x, box.x), box.maxX), nearestY = min(max(c.y, box.y), box.maxY)
                let dx = c.x - nearestX, dy = c.y - nearestY
                return dx * dx + dy * dy < (radius + 2) * (radius + 2)
            }
            return circle || obstacles.contains { $0.intersects(box) }
        }
        let reach = radius + gap
        var xs: [Double] = []
        if lineX - reach - size.width >= canvas.x { xs.append(lineX - reach - size.width) }
        if lineX + reach + size.width <= canvas.maxX { xs.append(lineX + reach) }
        if xs.isEmpty { xs = [min(max(lineX - size.width / 2, canvas.x), canvas.maxX - size.width)] }
        // The heights to try: `top`, then just past each thing to keep clear of, nearest first.
        let lowest = canvas.maxY - size.height
        let edges = circles.map { PixelBox(x: $0.x - radius, y: $0.y - radius, width: 2 * radius, height: 2 * radius) } + obstacles
        var ys = [min(max(top, canvas.y), lowest)]
        for edge in edges { ys += [edge.maxY + gap, edge.y - gap - size.height] }
        ys = ys.filter { $0 >= canvas.y && $0 <= lowest }.sorted { abs($0 - top) < abs($1 - top) }
        for y in ys {
            for x in xs {
                let box = PixelBox(x: x, y: y, width: size.width, height: size.height)
                if !covers(box) { return box }
            }
        }
        return PixelBox(x: xs[0], y: min(max(top, canvas.y), lowest), width: size.width, height: size.height)
    }
}
