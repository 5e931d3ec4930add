/// The M4 of one series built row by row, for rows that arrive in ascending x (ties in
/// the source's order): what `M4Reduction` computes over arrays, for an engine that
/// streams its rows in range (SQLite, in this process, where reading the rows costs a
/// quarter of grouping them in SQL). Per pixel column it keeps the rows with the first
/// and last x, the first with the lowest and the first with the highest y, and the
/// first missing value (NaN) as a break, each once, in arrival order.
public struct M4Builder: Sendable {
    public let request: M4Request
    private var column = -1
    private var first = Row(), last = Row(), low = Row(), high = Row(), gap = Row()
    private var sequence = 0
    private var xs: [Double] = []
    private var ys: [Double] = []

    /// A row kept for the column open: its place in the arrival order (-1: none yet).
    private struct Row {
        var sequence = -1
        var x = 0.0
        var y = 0.0
    }

    public init(request: M4Request) {
        self.request = request
    }

    /// Takes the next row; a row outside the request's range is passed over.
    public mutating func add(x: Double, y: Double) {
        guard let k = request.column(of: x) else { return }
        if k != column {
            flush()
            column = k
        }
        let row = Row(sequence: sequence, x: x, y: y)
        sequence += 1
        if first.sequence < 0 { first = row }
        last = row
        if y.isNaN {
            if gap.sequence < 0 { gap = row }
        } else {
            if low.sequence < 0 || y < low.y { low = row }
            if high.sequence < 0 || y > high.y { high = row }
        }
    }

    /// The series' points, named `name`.
    public mutating func finish(name: String) -> M4Series {
        flush()
        return M4Series(name: name, xs: xs, ys: ys)
    }

    /// Writes the open column's rows, each once, in arrival order.
    private mutating func flush() {
        guard first.sequence >= 0 else { return }
        var rows = [first, last, low, high, gap].filter { $0.sequence >= 0 }
        rows.sort { $0.sequence < $1.sequence }
        var previous = -1
        for row in rows where row.sequence != previous {
            xs.append(row.x)
            ys.append(row.y)
            previous = row.sequence
        }
        first = Row()
        last = Row()
        low = Row()
        high = Row()
        gap = Row()
    }
}
