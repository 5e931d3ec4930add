import ChartData
import ChartGeometry
import ChartStage
import ChartSupport
import Foundation

/// y by hand, as ImPlot and trading charts offer it. Shift+wheel zooms y at the pointer:
/// over the plot every axis shown (each keeps the value under the pointer), over an
/// axis's labels that axis alone. A drag on an axis's labels stretches it about its
/// middle (down shows more, up less, as on a price axis). Either sets the axis by hand:
/// it stays where it was put while x pans and zooms, a drag on the plot then slides it
/// too, and a padlock over it says so, until `0` or a double-click (on the plot: every
/// axis; on an axis's labels: that one) fits it to the data again.
extension ChartPresenter {
    /// The y axis whose labels' margin holds `point`: the left margin's is the left
    /// axis, the right margin's the right axis where the chart has one (else the left,
    /// whose value label it holds); `nil` elsewhere.
    func yAxisSide(at point: PixelPoint) -> YAxisSide? {
        let plot = geometry.plotBox
        guard plot.width > 0, point.y >= plot.y, point.y <= plot.maxY else { return nil }
        if point.x < plot.x, point.x >= 0 { return .left }
        if point.x > plot.maxX, point.x <= Double(geometry.canvas.width) {
            return composition.usesRightAxis ? .right : .left
        }
        return nil
    }

    /// The axes with a series shown.
    private var shownSides: [YAxisSide] {
        let visible = lines.visibleSeries
        return [YAxisSide.left, .right].filter { side in
            (side == .left || composition.usesRightAxis) && composition.series(on: side).contains(where: visible.contains)
        }
    }

    /// The y range `side` shows, or is easing to.
    public func targetY(for side: YAxisSide) -> ClosedRange<Double> {
        let target = stage.viewport(for: side).target
        return target.minY...target.maxY
    }

    /// Sets `side`'s y to `range` by hand (at once): it stays there while x moves.
    public func setY(_ range: ClosedRange<Double>, for side: YAxisSide) {
        let clamped = FiniteDomain.clamp(range)
        stage.viewport(for: side).set(.init(y: clamped))
        lockedAxes.insert(side)
        onViewChange?()
    }

    /// Fits `side` to the data in view again (eased), as it was before it was set by hand.
    public func unlockY(_ side: YAxisSide) {
        guard lockedAxes.contains(side) else { return }
        lockedAxes.remove(side)
        fitY()
        onViewChange?()
    }

    /// Shift+wheel: `steps` notches (positive zooms in) of y at canvas pixel `point`,
    /// over the plot or an axis's labels.
    public func wheelY(steps: Double, at point: PixelPoint) {
        guard steps != 0, pie?.isShown != true else { return }
        let sides: [YAxisSide]
        if let side = yAxisSide(at: point) {
            sides = [side]
        } else if geometry.plotBox.contains(point) {
            sides = shownSides
        } else {
            return
        }
        for side in sides {
            let range = targetY(for: side)
            let value = geometry.scales(showing: stage.viewport(for: side).target).dataY(atCanvasY: point.y)
            setY(YRangeGesture.zoomed(range, by: pow(1.15, steps), keeping: value), for: side)
        }
    }

    /// A drag of `dy` pixels down `side`'s labels: stretches it about its middle.
    func stretchY(_ side: YAxisSide, byDraggingPixels dy: Double) {
        guard dy != 0 else { return }
        setY(YRangeGesture.stretched(targetY(for: side), byDraggingPixels: dy), for: side)
    }

    /// A drag on the plot slides the axes set by hand with the pointer (x pans as ever).
    func panLockedY(byDraggingPixels dy: Double) {
        guard dy != 0 else { return }
        for side in [YAxisSide.left, .right] where lockedAxes.contains(side) {
            setY(YRangeGesture.panned(targetY(for: side), byDraggingPixels: dy, height: geometry.plotBox.height), for: side)
        }
    }
}

extension ChartPresenter {
    /// The y ranges set by hand, in the values' units (as read, whatever the axis'
    /// scale), as the session keeps them: the same range reopens on a log axis or a
    /// linear one; an axis whose range has no values (past 10^308) counts as fitting.
    public var manualY: ManualYRanges {
        func values(_ side: YAxisSide) -> ClosedRange<Double>? {
            guard lockedAxes.contains(side) else { return nil }
            return LogPlot.values(ofPlotted: targetY(for: side), logarithmic: source.logAxes.contains(side))
        }
        return ManualYRanges(left: values(.left), right: values(.right))
    }

    /// Sets by hand the y ranges `saved` holds (the session's, `open --y-range`: the
    /// values' units), each on an axis the chart draws, as that axis plots it; a range
    /// a log axis cannot hold (0 or below) is left out and that axis fits its data.
    public func restoreManualY(_ saved: ManualYRanges) {
        func plotted(_ range: ClosedRange<Double>?, _ side: YAxisSide) -> ClosedRange<Double>? {
            range.flatMap { LogPlot.plotted($0, logarithmic: source.logAxes.contains(side)) }
        }
        if let left = plotted(saved.left, .left) { setY(left, for: .left) }
        if let right = plotted(saved.right, .right), composition.usesRightAxis { setY(right, for: .right) }
    }
}
