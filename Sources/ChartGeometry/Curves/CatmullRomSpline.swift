/// A smooth curve through a run of points in pixel space (x ascending): centripetal
/// (α = 0.5) Catmull-Rom, as cubic Hermite pieces, one per pair of neighbouring points.
///
/// The tangent at each point has the direction of the centripetal curve's (Barry and
/// Goldman's), which is a positive mix of the chords on either side, `a·d_b / (d_a(d_a +
/// d_b)) + b·d_a / (d_b(d_a + d_b))` for chords `a`, `b` of knot lengths `d = |chord|^½`:
/// with x ascending its x part is never negative. A chart draws a function of x, so two
/// guards keep each piece from folding back, looping or overshooting its ends:
/// - At a point whose chords rise on one side and fall (or stay level) on the other, a
///   local top or bottom, the tangent is level: the curve peaks at the data point, not
///   beyond it (a high tide is the curve's highest point).
/// - Each piece scales its end tangents down, direction kept (so the curve stays
///   smooth), until each component is at most 3 times the piece's own step in x and in
///   y: Fritsch and Carlson's condition, under which x(u) and y(u) are each monotone on
///   the piece.
/// Where neither guard applies (gently curving data) the pieces are the centripetal
/// Catmull-Rom curve exactly. Distances are pixels, which is why the curve is built
/// where it is drawn: in data units x and y have different scales.
///
/// Ends take the neighbour beyond them when there is one (`before`, `after`: a point
/// off the view, so a piece's shape never depends on what is in view), else the
/// mirror image of the point next to them.
public struct CatmullRomSpline: Equatable, Sendable {
    /// One piece, from `points[i]` at u = 0 to `points[i + 1]` at u = 1:
    /// `p(u) = ((a·u + b)·u + c)·u + d` per axis.
    public struct Piece: Equatable, Sendable {
        public var ax: Double, bx: Double, cx: Double, dx: Double
        public var ay: Double, by: Double, cy: Double, dy: Double

        /// The point at `u`, 0…1.
        public func point(at u: Double) -> PixelPoint {
            PixelPoint(x: x(at: u), y: ((ay * u + by) * u + cy) * u + dy)
        }

        /// x at `u`.
        public func x(at u: Double) -> Double { ((ax * u + bx) * u + cx) * u + dx }

        /// The u in 0…1 where x(u) = `x` (x(u) is monotone, so there is one), to within
        /// 1e-9 pixels: Newton's steps kept inside a shrinking bracket.
        /// - Complexity: O(1) (at most 60 steps).
        public func parameter(forX x: Double) -> Double {
            let x0 = dx, x1 = ax + bx + cx + dx
            guard x1 > x0 else { return 0 }
            if x <= x0 { return 0 }
            if x >= x1 { return 1 }
            var low = 0.0, high = 1.0
            var u = (x - x0) / (x1 - x0)
            for _ in 0..<60 {
                let error = self.x(at: u) - x
                if abs(error) < 1e-9 { break }
                if error < 0 { low = u } else { high = u }
                let slope = (3 * ax * u + 2 * bx) * u + cx
                let next = slope > 0 ? u - error / slope : .nan
                u = next > low && next < high ? next : (low + high) / 2
            }
            return u
        }
    }

    /// The points the curve passes through, pixels, x ascending.
    public let points: [PixelPoint]
    /// `points.count − 1` pieces (none for a single point, which is a dot).
    public let pieces: [Piece]

    /// The curve through `points`.
    /// - Parameters:
    ///   - points: finite, x ascending (equal x allowed), at least one.
    ///   - before: the point before the first, if the data has one the curve continues
    ///     from (it shapes the first piece's start only).
    ///   - after: the point after the last, likewise.
    /// - Complexity: O(n).
    public init(through points: [PixelPoint], before: PixelPoint? = nil, after: PixelPoint? = nil) {
        precondition(!points.isEmpty, "CatmullRomSpline: at least one point")
        self.points = points
        let n = points.count
        guard n >= 2 else {
            pieces = []
            return
        }
        // The tangent direction at each point, from its two neighbours.
        var directions: [PixelPoint] = []
        directions.reserveCapacity(n)
        for i in 0..<n {
            let previous = i > 0 ? points[i - 1] : before ?? Self.mirror(points[1], about: points[0])
            let next = i < n - 1 ? points[i + 1] : after ?? Self.mirror(points[n - 2], about: points[n - 1])
            directions.append(Self.direction(previous, points[i], next))
        }
        var pieces: [Piece] = []
        pieces.reserveCapacity(n - 1)
        for i in 0..<(n - 1) {
            let p1 = points[i], p2 = points[i + 1]
            // A Hermite piece over u in 0…1 takes velocities times its knot length.
            let knot = Self.knot(p1, p2)
            let m1 = Self.limited(directions[i], times: knot, step: p1, p2)
            let m2 = Self.limited(directions[i + 1], times: knot, step: p1, p2)
            pieces.append(Piece(ax: 2 * p1.x - 2 * p2.x + m1.x + m2.x, bx: -3 * p1.x + 3 * p2.x - 2 * m1.x - m2.x,
                                cx: m1.x, dx: p1.x,
                                ay: 2 * p1.y - 2 * p2.y + m1.y + m2.y, by: -3 * p1.y + 3 * p2.y - 2 * m1.y - m2.y,
                                cy: m1.y, dy: p1.y))
        }
        self.pieces = pieces
    }

    /// The index of the piece whose x span holds `x`, `nil` outside the curve.
    /// - Complexity: O(log n).
    public func pieceIndex(containingX x: Double) -> Int? {
        guard let first = points.first, let last = points.last, x >= first.x, x <= last.x, !pieces.isEmpty else { return nil }
        let after = points.partitionPoint { $0.x < x }
        return min(max(after - 1, 0), pieces.count - 1)
    }

    /// The curve's y at `x`, pixels; `nil` outside the curve's x span (a single point
    /// answers only at its own x).
    /// - Complexity: O(log n).
    public func y(atX x: Double) -> Double? {
        if points.count == 1 { return points[0].x == x ? points[0].y : nil }
        guard let index = pieceIndex(containingX: x) else { return nil }
        let piece = pieces[index]
        return piece.point(at: piece.parameter(forX: x)).y
    }

    /// The knot length between two points: the square root of their distance (α = ½).
    static func knot(_ a: PixelPoint, _ b: PixelPoint) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot().squareRoot()
    }

    private static func mirror(_ point: PixelPoint, about centre: PixelPoint) -> PixelPoint {
        PixelPoint(x: 2 * centre.x - point.x, y: 2 * centre.y - point.y)
    }

    /// The centripetal curve's velocity at `p1` (per unit of knot length), level at a
    /// local top or bottom in y.
    private static func direction(_ p0: PixelPoint, _ p1: PixelPoint, _ p2: PixelPoint) -> PixelPoint {
        let a = PixelPoint(x: p1.x - p0.x, y: p1.y - p0.y), b = PixelPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let da = knot(p0, p1), db = knot(p1, p2)
        // A repeated point adds no direction: the other chord gives it.
        guard da > 0 else { return db > 0 ? PixelPoint(x: b.x / (db * db), y: b.y / (db * db)) : PixelPoint(x: 0, y: 0) }
        guard db > 0 else { return PixelPoint(x: a.x / (da * da), y: a.y / (da * da)) }
        let wa = db / (da * (da + db)), wb = da / (db * (da + db))
        let isTurn = a.y * b.y <= 0
        return PixelPoint(x: wa * a.x + wb * b.x, y: isTurn ? 0 : wa * a.y + wb * b.y)
    }

    /// `direction × knot`, scaled down (direction kept) until neither component exceeds
    /// 3 times the piece's step from `p1` to `p2` along it.
    private static func limited(_ direction: PixelPoint, times knot: Double, step p1: PixelPoint, _ p2: PixelPoint) -> PixelPoint {
        var m = PixelPoint(x: direction.x * knot, y: direction.y * knot)
        var scale = 1.0
        for (component, step) in [(m.x, abs(p2.x - p1.x)), (m.y, abs(p2.y - p1.y))] where abs(component) > 3 * step {
            scale = min(scale, 3 * step / abs(component))
        }
        m.x *= scale
        m.y *= scale
        return m
    }
}
