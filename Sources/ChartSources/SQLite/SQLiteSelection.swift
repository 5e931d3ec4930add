import ChartData

/// What of a SQLite file is charted, as SQL: the rows (`from`: a quoted table or view,
/// or the user's `--sql` query as a subquery), x as seconds or a number, the series'
/// y, and the order rows with the same x keep (the rowid, where there is one).
struct SQLiteSelection: Sendable {
    var from: String
    /// How x is written and read.
    var xForm: SQLiteColumnForm
    /// x as SQL, in the chart's units.
    var x: String
    /// The order of rows with the same x: `rowid` (or an alias) or `NULL` for a view or query.
    var order: String
    /// The chosen series and, for every numeric column (statistics may ask for any), its y as SQL.
    var series: [String]
    var ys: [String: String]
    /// The table's choice, and whether it is the user's `--sql` query.
    var choice: TableChoice
    var query: String?

    var xKind: XAxisKind { xForm == .number ? .number : .time(unitsPerSecond: 1) }

    /// The choice `options` make in `listing`.
    /// - Throws: `DataLoadError` naming the flag or the file (see `TableChoice.choose`).
    static func choose(in listing: SQLiteListing, options: LoadOptions, source: String) throws -> SQLiteSelection {
        let choice = try TableChoice.choose(in: listing.listing, options: options, source: source)
        let table = choice.table
        let forms = listing.columns[table.name] ?? [:]
        let column = forms[choice.x.name]
        let xForm = column.map { $0.form.asX(sample: $0.sample) } ?? .number
        let from: String
        if let query = options.sql, table.name == SQLiteListing.queryName {
            from = "(\(SQLiteSQL.trimmed(query)))"
        } else {
            from = SQLiteSQL.quoted(table.name)
        }
        var order = "NULL"
        if listing.rowidTables.contains(table.name) {
            let names = Set(table.columns.map { $0.name.lowercased() })
            order = ["rowid", "_rowid_", "oid"].first { !names.contains($0) } ?? "NULL"
        }
        var ys: [String: String] = [:]
        for column in table.numeric {
            ys[column.name] = SQLiteColumnForm.y(SQLiteSQL.quoted(column.name))
        }
        return SQLiteSelection(from: from, xForm: xForm, x: xForm.x(SQLiteSQL.quoted(choice.x.name)), order: order,
                               series: choice.y.map(\.name), ys: ys, choice: choice,
                               query: table.name == SQLiteListing.queryName ? options.sql : nil)
    }

    /// The y of the series named `name`.
    /// - Throws: `DataLoadError.notInFile` for a name that is no numeric column.
    func y(_ name: String, source: String) throws -> String {
        if let y = ys[name] { return y }
        throw DataLoadError.notInFile(file: source, flag: "--y", asked: name, kind: .column,
                                      available: choice.table.numeric.map(\.name))
    }
}

/// SQL text Sightline writes: identifiers in double quotes, never a value (those are bound).
enum SQLiteSQL {
    /// `name` as an identifier: in double quotes, a double quote inside doubled.
    static func quoted(_ name: String) -> String {
        "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// A query without the semicolons and spaces after it, to be wrapped as a subquery.
    static func trimmed(_ query: String) -> String {
        var text = Substring(query)
        while let last = text.last, last == ";" || last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
