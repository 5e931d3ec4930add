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
        // The heights to try: `top`, then just past each thing to keep clear of.
        let edges = circles.map { PixelBox(x: $0.x - radius, y: $0.y - radius, width: 2 * radius, height: 2 * radius) } + obstacles
        let tried = candidates(size: size, columnX: lineX, radius: radius, top: top, canvas: canvas, clearance: gap) { _ in edges }
        if let box = tried.first(where: { !covers($0.box) })?.box { return box }
        let lowest = canvas.maxY - size.height
        let xs = sides(size: size, columnX: lineX, radius: radius, canvas: canvas)
        return PixelBox(x: xs[0], y: min(max(top, canvas.y), lowest), width: size.width, height: size.height)
    }

    /// A place the rule tries: the box, and the side of the column it is on (0 the
    /// first side tried: the left where it fits).
    public struct Candidate: Equatable, Sendable {
        public var box: PixelBox
        public var side: Int
    }

    /// The rule's places, in the order tried, for a box of `size` beside the column at
    /// `columnX` with circles of `radius` on it: on the left of the column when the box
    /// fits there, on the right when it fits there, centred on the column (inside
    /// `canvas`) only when it fits neither; on each side at `top`, then `clearance`
    /// above or below each box that `edges` gives for that side's left x, inside
    /// `canvas`; nearest `top` first, the higher at the same distance, then left before
    /// right. The board and the notes' labels are placed by it; each then takes the
    /// first place clear of what it keeps clear of.
    /// - Parameter edges: called once per side, in order, with the side's left x.
    /// - Complexity: O(edges × log edges).
    public static func candidates(size: TextSize, columnX: Double, radius: Double, top: Double, canvas: PixelBox,
                                  clearance: Double, edges: (_ x: Double) -> [PixelBox]) -> [Candidate] {
        let lowest = canvas.maxY - size.height
        var found: [Candidate] = []
        for (side, x) in sides(size: size, columnX: columnX, radius: radius, canvas: canvas).enumerated() {
            var ys = [min(max(top, canvas.y), lowest)]
            for edge in edges(x) { ys += [edge.maxY + clearance, edge.y - clearance - size.height] }
            found += ys.filter { $0 >= canvas.y && $0 <= lowest }
                .map { Candidate(box: PixelBox(x: x, y: $0, width: size.width, height: size.height), side: side) }
        }
        return found.sorted { (abs($0.box.y - top), $0.box.y, $0.side) < (abs($1.box.y - top), $1.box.y, $1.side) }
    }

    /// The left x of each side a box of `size` fits on beside the column at `columnX`,
    /// in the order tried; the box centred on the column when it fits neither.
    static func sides(size: TextSize, columnX: Double, radius: Double, canvas: PixelBox) -> [Double] {
        let reach = radius + gap
        var xs: [Double] = []
        if columnX - reach - size.width >= canvas.x { xs.append(columnX - reach - size.width) }
        if columnX + reach + size.width <= canvas.maxX { xs.append(columnX + reach) }
        if xs.isEmpty { xs = [min(max(columnX - size.width / 2, canvas.x), canvas.maxX - size.width)] }
        return xs
    }
}
