import ChartData

/// What a ClickHouse source charts, as SQL: the table (or the user's query) and its x and
/// y columns, read by an inner `SELECT` as Float64s under names of our own: x as
/// `_sl_x` (seconds for instants), each y as `_sl_v<i>` (NaN for NULL) beside
/// `_sl_m<i>` (1 where it is missing), so every statement's result has one layout.
struct ClickHouseRelation: Sendable {
    /// `db.table`, or `(SELECT …)` for a query.
    var from: String
    var x: SourceColumn
    var y: [SourceColumn]

    let xName = "_sl_x"
    func valueName(_ index: Int) -> String { "_sl_v\(index)" }
    func missingName(_ index: Int) -> String { "_sl_m\(index)" }

    var xKind: XAxisKind { x.role == .time ? .time(unitsPerSecond: 1) : .number }

    /// The inner `SELECT` of every row with x in [start, end) (each bound optional), as a
    /// parenthesised subquery. The bounds are written against x's own expression, so
    /// the table's sorting key on x skips what is out of range.
    func inner(from start: Double? = nil, to end: Double? = nil, after: Double? = nil) -> String {
        let xType = ClickHouseType(name: x.type)
        let xExpression = xType.seconds(ClickHouseSQL.identifier(x.name))
        var columns = ["\(xExpression) AS \(xName)"]
        for (index, column) in y.enumerated() {
            let value = ClickHouseType(name: column.type).value(ClickHouseSQL.identifier(column.name))
            columns.append("\(value) AS \(valueName(index))")
            columns.append("isNaN(\(valueName(index))) AS \(missingName(index))")
        }
        var conditions: [String] = []
        if xType.isNullable { conditions.append("isNotNull(\(ClickHouseSQL.identifier(x.name)))") }
        if let start { conditions.append("\(xExpression) >= \(ClickHouseSQL.literal(start))") }
        if let end { conditions.append("\(xExpression) < \(ClickHouseSQL.literal(end))") }
        if let after { conditions.append("\(xExpression) > \(ClickHouseSQL.literal(after))") }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        return "(SELECT \(columns.joined(separator: ", ")) FROM \(from)\(filter))"
    }

    /// This relation with only `names` as y, in that order.
    /// - Throws: `DataLoadError.notInFile` for a name that is not one of its series.
    func keeping(_ names: [String], source: String) throws -> ClickHouseRelation {
        var kept = self
        kept.y = try names.map { name in
            guard let column = y.first(where: { $0.name == name }) else {
                throw DataLoadError.notInFile(file: source, flag: "series", asked: name, kind: .series, available: y.map(\.name))
            }
            return column
        }
        return kept
    }
}
