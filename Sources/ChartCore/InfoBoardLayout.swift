/// Where the info board goes: never over a highlight circle, inside the canvas.
///
/// The seed's rule: centred on the highlight line if that covers no circle; else beside
/// the line, on the left when the board fits there, else on the right; then kept inside
/// the canvas. When neither side has room (a board wider than half the canvas) it goes
/// above or below every circle instead. Callers lay it out against the *target*
/// viewport's circles, so the board does not move while y animates.
public enum InfoBoardLayout {
    /// Pixels between the board and the line or circles.
    public static let gap = 10.0

    /// The board's box for a board of `size`, the highlight line at `lineX`, circles of
    /// `radius` at `circles`, preferring `top` for its top edge, within `canvas`.
    public static func place(size: TextSize, lineX: Double, circles: [PixelPoint], radius: Double,
                             top: Double, canvas: PixelBox) -> PixelBox {
        func covers(_ box: PixelBox) -> Bool {
            circles.contains { c in
                let nearestX = min(max(c.x, box.x), box.maxX), nearestY = min(max(c.y, box.y), box.maxY)
                let dx = c.x - nearestX, dy = c.y - nearestY
                return dx * dx + dy * dy < (radius + 2) * (radius + 2)
            }
        }
        func clamped(_ box: PixelBox) -> PixelBox {
            var box = box
            box.x = min(max(box.x, canvas.x), canvas.maxX - box.width)
            box.y = min(max(box.y, canvas.y), canvas.maxY - box.height)
            return box
        }
        let centred = clamped(PixelBox(x: lineX - size.width / 2, y: top, width: size.width, height: size.height))
        if !covers(centred) { return centred }
        let reach = radius + gap
        let left = PixelBox(x: lineX - reach - size.width, y: centred.y, width: size.width, height: size.height)
        if left.x >= canvas.x, !covers(left) { return left }
        let right = PixelBox(x: lineX + reach, y: centred.y, width: size.width, height: size.height)
        if right.maxX <= canvas.maxX, !covers(right) { return right }
        // Neither side has room: above the highest circle or below the lowest.
        let highest = circles.map(\.y).min() ?? top, lowest = circles.map(\.y).max() ?? top
        let above = clamped(PixelBox(x: centred.x, y: highest - reach - size.height, width: size.width, height: size.height))
        if !covers(above) { return above }
        let below = clamped(PixelBox(x: centred.x, y: lowest + reach, width: size.width, height: size.height))
        if !covers(below) { return below }
        return centred
    }
}
