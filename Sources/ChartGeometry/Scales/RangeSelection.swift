/// The range selector's window over the data: which part of x the main chart shows,
/// and how dragging its body or its edges changes it. Pure geometry in data units.
public struct RangeSelection: Equatable, Sendable {
    public enum Handle: Equatable, Sendable { case leftEdge, rightEdge, body }

    public let data: ClosedRange<Double>
    public private(set) var selected: ClosedRange<Double>
    /// The narrowest window allowed, data units.
    public let minimumWidth: Double

    public init(data: ClosedRange<Double>, selected: ClosedRange<Double>, minimumWidth: Double) {
        self.data = data
        self.minimumWidth = min(minimumWidth, data.upperBound - data.lowerBound)
        self.selected = data
        select(selected)
    }

    /// The newest `fraction` of the data: the initial window.
    public static func newest(_ fraction: Double, of data: ClosedRange<Double>, minimumWidth: Double) -> RangeSelection {
        let width = (data.upperBound - data.lowerBound) * min(max(fraction, 0), 1)
        return RangeSelection(data: data, selected: (data.upperBound - width)...data.upperBound, minimumWidth: minimumWidth)
    }

    /// Sets the window, clamped into the data and widened to the minimum.
    public mutating func select(_ range: ClosedRange<Double>) {
        var low = max(range.lowerBound, data.lowerBound), high = min(range.upperBound, data.upperBound)
        if high - low < minimumWidth {
            let centre = (low + high) / 2
            low = max(centre - minimumWidth / 2, data.lowerBound)
            high = min(low + minimumWidth, data.upperBound)
            low = high - minimumWidth
        }
        selected = low...high
    }

    /// Which part of the window a pointer at `x` (data units) grabs: an edge within
    /// `tolerance` of it (the nearer one when both are), else the body when inside.
    public func handle(at x: Double, tolerance: Double) -> Handle? {
        let toLeft = abs(x - selected.lowerBound), toRight = abs(x - selected.upperBound)
        if min(toLeft, toRight) <= tolerance { return toLeft <= toRight ? .leftEdge : .rightEdge }
        return selected.contains(x) ? .body : nil
    }

    /// Moves `handle` by `delta` data units: the body keeps its width and stops at the
    /// data's ends; an edge stops at the data's end and `minimumWidth` from the other.
    public mutating func drag(_ handle: Handle, by delta: Double) {
        let width = selected.upperBound - selected.lowerBound
        switch handle {
        case .body:
            let low = min(max(selected.lowerBound + delta, data.lowerBound), data.upperBound - width)
            selected = low...(low + width)
        case .leftEdge:
            let low = min(max(selected.lowerBound + delta, data.lowerBound), selected.upperBound - minimumWidth)
            selected = low...selected.upperBound
        case .rightEdge:
            let high = max(min(selected.upperBound + delta, data.upperBound), selected.lowerBound + minimumWidth)
            selected = selected.lowerBound...high
        }
    }
}
