/// The y ranges a user set by hand in a file's window (Shift+wheel, a drag on an axis),
/// kept by the session so the file opens with them; `nil` for an axis that fits its data.
public struct ManualYRanges: Equatable, Sendable, Codable {
    public var left: ClosedRange<Double>?
    public var right: ClosedRange<Double>?

    public init(left: ClosedRange<Double>? = nil, right: ClosedRange<Double>? = nil) {
        self.left = left
        self.right = right
    }

    /// Whether no axis was set by hand.
    public var isEmpty: Bool { left == nil && right == nil }

    private enum CodingKeys: String, CodingKey { case left, right }

    /// Reads leniently: a range that is not two finite numbers, lower first and apart,
    /// is dropped (that axis fits its data), never the session.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        left = c.sessionRange(forKey: .left, allowingEqualEnds: false)
        right = c.sessionRange(forKey: .right, allowingEqualEnds: false)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let left { try c.encode([left.lowerBound, left.upperBound], forKey: .left) }
        if let right { try c.encode([right.lowerBound, right.upperBound], forKey: .right) }
    }
}
