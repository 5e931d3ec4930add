import ChartData
import ChartGeometry

/// A followed file grew (`sightline open --follow`): the window swaps in a chart over
/// the grown source, which takes over what the user set (`carry(from:)`) and what the
/// pointer is doing (a drag, a flick, the hover, a pinned point), so new rows never
/// interrupt a gesture.
extension ChartPresenter {
    /// Whether the view's right edge is at the data's end (the newest data is shown):
    /// then the view follows as rows arrive.
    public var showsNewest: Bool {
        let span = dataRange.upperBound - dataRange.lowerBound
        return targetX.upperBound >= dataRange.upperBound - span * 1e-9
    }

    /// Whether the view's left edge is at the data's start (the oldest data is shown).
    var showsOldest: Bool {
        let span = dataRange.upperBound - dataRange.lowerBound
        return targetX.lowerBound <= dataRange.lowerBound + span * 1e-9
    }

    /// Takes over from `old`, a chart of the same file before its rows grew: starts from
    /// where `old` is drawn now, so y eases from there to its fit; keeps `old`'s x range,
    /// slid to the data's new end (same width) when `old` showed its newest data, or the
    /// whole new range when `old` showed all of its data; and
    /// carries the gesture under way, the hover and the pinned point.
    public func follow(from old: ChartPresenter) {
        stage.viewport.set(.init(old.stage.viewport.current))
        stage.rightViewport.set(.init(old.stage.rightViewport.current))
        let newest = old.showsNewest
        carry(from: old)
        if newest, old.showsOldest {
            // All of it was shown: all of it stays shown. Keeping the width would pin a
            // log followed from its first row or two to the span of those rows.
            show(x: dataRange)
        } else if newest {
            let width = old.targetX.upperBound - old.targetX.lowerBound
            show(x: (dataRange.upperBound - width)...dataRange.upperBound)
        }
        drag = old.drag
        tracker = old.tracker
        momentum = old.momentum
        if old.highlight.isPinned, let index = old.highlight.index {
            highlight.restore(index: index, pinned: true)
        } else if let point = old.hoverPoint {
            hover(at: point)
        }
    }
}

extension RangeSelectorPresenter {
    /// Takes over from `old`, the selector of the chart before the rows grew: its
    /// gesture, and its y easing from where `old` is drawn to the grown data's fit (x
    /// spans the new data at once).
    public func follow(from old: RangeSelectorPresenter) {
        for (new, previous) in [(stage.viewport, old.stage.viewport), (stage.rightViewport, old.stage.rightViewport)] {
            let target = new.target
            new.set(.init(y: previous.current.minY...previous.current.maxY))
            new.set(.init(y: target.minY...target.maxY), duration: 0.3)
        }
        grabbed = old.grabbed
        tracker = old.tracker
        momentum = old.momentum
    }
}

extension DayZoom {
    /// The overview's chart is now `chart` (its file grew); only while no day is open.
    public func replaceOverview(with chart: ChartPresenter) {
        guard phase == .overview else { return }
        overview = chart
    }
}
