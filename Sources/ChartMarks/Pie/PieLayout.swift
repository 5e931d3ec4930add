import ChartGeometry
import ChartStage
import Foundation

/// Where a pie's slices, their percentage labels and a hovered slice's board go, in
/// canvas pixels: the geometry of `PieController`, apart from its state.
struct PieLayout {
    var center: PixelPoint
    /// Pixels.
    var radius: Double
    /// Pixels each slice (by its place in the series list) is moved outwards.
    var lifts: [Double]
    /// The smallest label's size, points before the HiDPI scale.
    var pointSize: Double
    /// Shares below this are labelled outside the rim.
    var outsideShare: Double
    /// Drawable pixels per window coordinate.
    var scale: Double

    /// The slices of `shares` (0…1, adding up to 1, in `series`' order), clockwise from
    /// 12 o'clock; a share of 0 has no slice. Each label is written inside its slice in
    /// the slice's text colour where its box fits there (a pixel or two from every edge),
    /// else beyond the rim in `outsideColor`, moved outwards off any label before it.
    /// - Complexity: O(n²) in the slices, for the labels' overlaps (a pie has a few dozen).
    func slices(shares: [Double], series: [Int], colors: [RGBAColor], outsideColor: RGBAColor,
                measure: (String, Double) -> TextSize) -> [PieSlice] {
        let percents = WholePercents.of(shares)
        var slices: [PieSlice] = []
        var placed: [PixelBox] = []
        var angle = 0.0
        for (position, share) in shares.enumerated() where share > 0 {
            let start = angle
            angle += share * 2 * .pi
            let lift = position < lifts.count ? lifts[position] : 0
            let middle = PieSlice.direction((start + angle) / 2)
            var slice = PieSlice(position: position, seriesIndex: series[position], share: share, startAngle: start,
                                 endAngle: angle, center: PixelPoint(x: center.x + middle.x * lift, y: center.y + middle.y * lift),
                                 radius: radius, percent: percents[position], label: nil, labelIsInside: false)
            if slice.percent > 0 {
                placeLabel(of: &slice, color: colors[position].textColor, outsideColor: outsideColor, avoiding: &placed,
                           measure: measure)
            }
            slices.append(slice)
        }
        return slices
    }

    private func placeLabel(of slice: inout PieSlice, color: RGBAColor, outsideColor: RGBAColor, avoiding placed: inout [PixelBox],
                            measure: (String, Double) -> TextSize) {
        let text = "\(slice.percent)%"
        let direction = PieSlice.direction(slice.middleAngle)
        func point(at distance: Double) -> PixelPoint {
            PixelPoint(x: slice.center.x + direction.x * distance, y: slice.center.y + direction.y * distance)
        }
        // Larger slices get larger numbers, as Telegram's pies have them; a narrow slice's
        // label sits nearer the rim, where the slice is wider.
        let size = pointSize * (1 + 2 * min(slice.share, 0.5))
        let textSize = measure(text, size)
        // A whole pie's label sits in its middle.
        let inside = slice.share > 0.999 ? slice.center : point(at: radius * (slice.share < 0.15 ? 0.72 : 0.6))
        let insideBox = textSize.box(at: inside, anchor: .center)
        let corners = [PixelPoint(x: insideBox.x, y: insideBox.y), PixelPoint(x: insideBox.maxX, y: insideBox.y),
                       PixelPoint(x: insideBox.x, y: insideBox.maxY), PixelPoint(x: insideBox.maxX, y: insideBox.maxY)]
        if slice.share >= outsideShare, corners.allSatisfy({ slice.contains($0, inset: 2 * scale) }) {
            slice.label = TextRun(text, at: inside, anchor: .center, pointSize: size, color: color)
            slice.labelIsInside = true
            placed.append(insideBox)
            return
        }
        let outsideSize = measure(text, pointSize)
        // Anchored on the side facing the pie, so the label grows away from it.
        let anchor: TextAnchor = abs(direction.x) < 0.3 ? (direction.y < 0 ? .bottomCenter : .topCenter)
            : (direction.x > 0 ? .centerLeft : .centerRight)
        var distance = radius + 4 * scale
        var box = outsideSize.box(at: point(at: distance), anchor: anchor)
        for _ in 0..<12 where placed.contains(where: { $0.intersects(box) }) {
            distance += outsideSize.height / 2
            box = outsideSize.box(at: point(at: distance), anchor: anchor)
        }
        slice.label = TextRun(text, at: point(at: distance), anchor: anchor, pointSize: pointSize, color: outsideColor)
        slice.labelIsInside = false
        placed.append(box)
    }

    /// A board of `size` for `slice`, inside `bounds` (the plot) and off the pie (the
    /// disc of `pieRadius` round `pieCenter`, with `gap` pixels to spare): beside the
    /// slice's rim at its middle, its corner nearest the pie `gap` beyond it; where that
    /// is cut by the plot's edge into the pie, in the plot's corner on the slice's side,
    /// then in any other; where nothing is clear of the pie, beside the rim as it falls.
    static func board(size: TextSize, beside slice: PieSlice, pieCenter: PixelPoint, pieRadius: Double, gap: Double,
                      inside bounds: PixelBox) -> PixelBox {
        func clamped(_ x: Double, _ y: Double) -> PixelBox {
            PixelBox(x: min(max(x, bounds.x), bounds.maxX - size.width), y: min(max(y, bounds.y), bounds.maxY - size.height),
                     width: size.width, height: size.height)
        }
        func isClear(_ box: PixelBox) -> Bool {
            let nearestX = min(max(pieCenter.x, box.x), box.maxX), nearestY = min(max(pieCenter.y, box.y), box.maxY)
            return hypot(nearestX - pieCenter.x, nearestY - pieCenter.y) >= pieRadius + gap
        }
        let direction = PieSlice.direction(slice.middleAngle)
        let reach = slice.radius + gap
        let anchor = PixelPoint(x: slice.center.x + direction.x * reach, y: slice.center.y + direction.y * reach)
        let beside = clamped(direction.x >= 0 ? anchor.x : anchor.x - size.width, direction.y >= 0 ? anchor.y : anchor.y - size.height)
        let left = bounds.x + gap, right = bounds.maxX - gap - size.width
        let top = bounds.y + gap, bottom = bounds.maxY - gap - size.height
        // The slice's own corner first, then the one beside it on its side, then the rest.
        let corners = [(left, top), (right, top), (left, bottom), (right, bottom)].map { clamped($0.0, $0.1) }
            .sorted { a, b in
                func closeness(_ box: PixelBox) -> Double {
                    (box.x + box.width / 2 - pieCenter.x) * direction.x + (box.y + box.height / 2 - pieCenter.y) * direction.y
                }
                return closeness(a) > closeness(b)
            }
        return ([beside] + corners).first(where: isClear) ?? beside
    }
}
