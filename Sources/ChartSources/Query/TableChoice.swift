import ChartData

/// What of a database is charted, chosen as a CSV file's columns are: the table asked
/// for (`--table`), else the only table that can be charted; x the column asked for
/// (`--x`), else the table's first instant column, else its first numeric one; y the
/// columns asked for (`--y`), else every other numeric column. Shared by every engine so
/// each answers alike.
public struct TableChoice: Equatable, Sendable {
    public var table: SourceTable
    public var x: SourceColumn
    public var y: [SourceColumn]

    /// The choice `options` make in `listing` of `source`.
    /// - Throws: `DataLoadError.notInFile` naming the flag and what there is to choose
    ///   from (a table, x or y that is not there; several tables and none asked for),
    ///   `.usage` for a y column that holds no numbers, `.noData` for a database with no
    ///   table to chart.
    public static func choose(in listing: SourceListing, options: LoadOptions, source: String) throws -> TableChoice {
        let table = try chooseTable(in: listing, named: options.table, source: source)
        let x: SourceColumn
        if let asked = options.x {
            x = try column(asked, of: table, flag: "--x", source: source)
            guard x.role != .other else {
                throw DataLoadError.usage(file: source, message: "--x names \(DisplayText.quotedName(asked)), a column of "
                                          + "\(x.type), which holds neither instants nor numbers")
            }
        } else if let first = table.timeLike.first {
            x = first
        } else {
            throw DataLoadError.noData(file: source, reason: "table \(DisplayText.quotedName(table.name)) has no column of "
                                       + "instants or numbers to be x")
        }
        let y: [SourceColumn]
        if let asked = options.y {
            y = try asked.map { name in
                let one = try column(name, of: table, flag: "--y", source: source)
                guard one.role == .number else {
                    throw DataLoadError.usage(file: source, message: "--y names \(DisplayText.quotedName(name)), a column of "
                                              + "\(one.type), which holds no numbers")
                }
                return one
            }
        } else {
            y = defaultY(of: table, x: x.name)
        }
        guard !y.isEmpty else {
            throw DataLoadError.noData(file: source, reason: "table \(DisplayText.quotedName(table.name)) has no numeric "
                                       + "column besides \(DisplayText.quotedName(x.name)) to draw")
        }
        return TableChoice(table: table, x: x, y: y)
    }

    private static func chooseTable(in listing: SourceListing, named asked: String?, source: String) throws -> SourceTable {
        if let asked {
            if let table = listing.tables.first(where: { $0.name == asked }) { return table }
            throw DataLoadError.notInFile(file: source, flag: "--table", asked: asked, kind: .table,
                                          available: listing.tables.map(\.name))
        }
        let chartable = listing.chartable
        if chartable.count == 1 { return chartable[0] }
        if chartable.isEmpty {
            throw DataLoadError.noData(file: source, reason: listing.tables.isEmpty ? "the database has no tables"
                                       : "no table has a column of instants or numbers and another of numbers to chart")
        }
        throw DataLoadError.usage(file: source, message: "choose a table with --table (or ?table= in an address): "
                                  + chartable.map(describe).joined(separator: "; "))
    }

    /// `name` of `table`, which the user asked for with `flag`.
    private static func column(_ name: String, of table: SourceTable, flag: String, source: String) throws -> SourceColumn {
        if let found = table.columns.first(where: { $0.name == name }) { return found }
        throw DataLoadError.notInFile(file: source, flag: flag, asked: name, kind: .column, available: table.columns.map(\.name))
    }

    /// The y of `table` when `--y` names none: every number but x and the row's id (a
    /// count that would dwarf the readings), the id where it is the only number.
    static func defaultY(of table: SourceTable, x: String) -> [SourceColumn] {
        let numbers = table.numeric.filter { $0.name != x }
        let readings = numbers.filter { !$0.isRowKey }
        return readings.isEmpty ? numbers : readings
    }

    /// A chartable table as a listing shows it: `readings (x: ts; y: temp, hum)`.
    static func describe(_ table: SourceTable) -> String {
        let x = table.timeLike.first?.name ?? "?"
        let y = defaultY(of: table, x: x).map(\.name)
        return "\(table.name) (x: \(x); y: \(y.joined(separator: ", ")))"
    }
}
