
/// The keyboard's way through the data: with the highlight pinned, ← and → step the pin
/// a point at a time and Page Up / Page Down a screen's worth of points, the view
/// following when the point leaves it; Enter with nothing highlighted pins the point
/// nearest the view's centre.
extension ChartPresenter {
    /// Steps the pinned point `count` points (negative: back), the view following;
    /// returns whether a point was pinned (else the key pans as usual).
    func stepPin(by count: Int) -> Bool {
        guard highlight.isPinned, let index = highlight.step(by: count) else { return false }
        let view = viewKeeping(x: source.dataset.xs[index], in: targetX)
        if view != targetX { show(x: view) }
        return true
    }

    /// A screen earlier (`direction` -1) or later (1), the pinned point moving with the
    /// view by as many points as the view holds; returns whether a point was pinned.
    func pagePin(_ direction: Int) -> Bool {
        guard highlight.isPinned else { return false }
        let x = targetX, width = x.upperBound - x.lowerBound
        let dataset = source.dataset
        let points = dataset.firstIndex(atOrAfterX: x.upperBound.nextUp) - dataset.firstIndex(atOrAfterX: x.lowerBound)
        guard let index = highlight.step(by: direction * max(points - 1, 1)) else { return false }
        let shifted = clamp((x.lowerBound + Double(direction) * width)...(x.upperBound + Double(direction) * width))
        show(x: viewKeeping(x: dataset.xs[index], in: shifted), duration: 0.25, easing: .easeInOut)
        return true
    }

    /// Pins the point nearest the view's centre (with a value); returns whether one was.
    func pinNearestCentre() -> Bool {
        let x = targetX
        guard let index = highlight.nearestIndexWithValue(toX: (x.lowerBound + x.upperBound) / 2) else { return false }
        highlight.pin(index: index)
        let view = viewKeeping(x: source.dataset.xs[index], in: x)
        if view != x { show(x: view) }
        return true
    }

    /// `view` if it holds `x`, else the same width moved so `x` sits a tenth of the
    /// width inside the edge it was past (clamped to the data): a point stepped off
    /// the view brings the view along in one move, not a pixel at a time.
    func viewKeeping(x: Double, in view: ClosedRange<Double>) -> ClosedRange<Double> {
        let width = view.upperBound - view.lowerBound
        if x < view.lowerBound { return clamp((x - width / 10)...(x - width / 10 + width)) }
        if x > view.upperBound { return clamp((x + width / 10 - width)...(x + width / 10)) }
        return view
    }
}
