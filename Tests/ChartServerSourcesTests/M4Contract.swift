import ChartData

/// Where an engine's M4 answer breaks the contract of `ClickHouseM4` (nil: it keeps it),
/// against every row of the table (`xs`, `ys` in any order; NaN y = missing). Per pixel
/// column of `request`: the first and last x, the lowest and highest present y and the
/// first x of a missing value must be the rows' own, and every point must be a row;
/// which of several rows TIED on one of those keys came back is free.
func m4Violation(_ got: M4Series, xs: [Double], ys: [Double], request: M4Request) -> String? {
    var expected: [Int: M4ColumnKeys] = [:]
    for (x, y) in zip(xs, ys) {
        guard let k = request.column(of: x) else { continue }
        expected[k, default: M4ColumnKeys()].add(x: x, y: y)
    }
    let rows = Set(zip(xs, ys).map { M4RowKey(x: $0, y: $1) })
    var answered: [Int: M4ColumnKeys] = [:]
    var points: [Int: Int] = [:]
    for index in got.xs.indices {
        let x = got.xs[index], y = got.ys[index]
        if index > 0, x < got.xs[index - 1] { return "point \(index) (\(x), \(y)) comes before the one ahead of it" }
        guard rows.contains(M4RowKey(x: x, y: y)) else { return "point \(index) (\(x), \(y)) is not a row" }
        guard let k = request.column(of: x) else { return "point \(index) (\(x), \(y)) is outside the view" }
        answered[k, default: M4ColumnKeys()].add(x: x, y: y)
        points[k, default: 0] += 1
    }
    if let k = points.first(where: { $0.value > 5 })?.key { return "column \(k) has \(points[k]!) points, more than 5" }
    for k in Set(expected.keys).union(answered.keys).sorted() where expected[k] != answered[k] {
        return "column \(k): the rows have \(expected[k].map { "\($0)" } ?? "none"), the answer \(answered[k].map { "\($0)" } ?? "none")"
    }
    return nil
}

/// What a column's M4 must show: first and last x, lowest and highest present y (±∞
/// where it has none), the first x of a missing value (+∞: none).
struct M4ColumnKeys: Equatable, CustomStringConvertible {
    var first = Double.infinity, last = -Double.infinity
    var low = Double.infinity, high = -Double.infinity
    var gap = Double.infinity

    mutating func add(x: Double, y: Double) {
        first = min(first, x)
        last = max(last, x)
        if y.isNaN {
            gap = min(gap, x)
        } else {
            low = min(low, y)
            high = max(high, y)
        }
    }

    var description: String { "x \(first)…\(last), y \(low)…\(high), break at \(gap)" }
}

/// A row as a set member: its x and y bits, every NaN alike.
struct M4RowKey: Hashable {
    var x: UInt64
    var y: UInt64
    init(x: Double, y: Double) {
        self.x = x.bitPattern
        self.y = y.isNaN ? Double.nan.bitPattern : y.bitPattern
    }
}
