import CSQLite
import ChartData

/// What a SQLite file holds: its tables and views (or the one `--sql` query) with their
/// columns, each column's form told from its declared type and a sample of its values,
/// and which columns an index leads with.
struct SQLiteListing: Sendable {
    var listing: SourceListing
    /// Per table (or query) name, per column name: its form and the sampled values.
    var columns: [String: [String: Column]]
    /// The tables whose rows have a rowid, the order ties of x are kept in.
    var rowidTables: Set<String>

    struct Column: Sendable {
        var form: SQLiteColumnForm
        var sample: [SQLiteColumnForm.Sample]
    }

    /// The name the listing gives a `--sql` query.
    static let queryName = "--sql"
    /// Rows sampled per table to tell its columns' forms.
    static let sampleRows = 64

    /// The file's tables and views.
    static func read(_ connection: SQLiteConnection) throws -> SQLiteListing {
        var result = SQLiteListing(listing: SourceListing(tables: []), columns: [:], rowidTables: [])
        let tables = try connection.prepare("""
            SELECT m.name, m.type, coalesce(l.wr, 0) FROM sqlite_master AS m
            LEFT JOIN pragma_table_list AS l ON l.schema = 'main' AND l.name = m.name
            WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            """)
        var found: [(name: String, kind: SourceTable.Kind, rowid: Bool)] = []
        while try tables.step() {
            let name = tables.text(0) ?? ""
            let kind: SourceTable.Kind = tables.text(1) == "view" ? .view : .table
            found.append((name, kind, kind == .table && tables.int(2) == 0))
        }
        for table in found {
            var columns: [(name: String, declared: String)] = []
            var indexed: Set<String> = []
            var rowKey: String?
            let info = try connection.prepare("SELECT name, type, pk FROM pragma_table_info(?1)")
            info.bind(1, table.name)
            while try info.step() {
                let name = info.text(0) ?? "", declared = info.text(1) ?? ""
                columns.append((name, declared))
                // An INTEGER PRIMARY KEY is the rowid itself; a WITHOUT ROWID table is kept
                // in its key's order.
                if info.int(2) == 1, declared.uppercased() == "INTEGER" || (table.kind == .table && !table.rowid) {
                    indexed.insert(name)
                }
                if info.int(2) == 1, declared.uppercased() == "INTEGER", table.rowid { rowKey = name }
            }
            let leading = try connection.prepare("""
                SELECT i.name FROM pragma_index_list(?1) AS l, pragma_index_info(l.name) AS i
                WHERE l.partial = 0 AND i.seqno = 0
                """)
            leading.bind(1, table.name)
            while try leading.step() {
                if let name = leading.text(0) { indexed.insert(name) }
            }
            let quotedColumns = columns.map { SQLiteSQL.quoted($0.name) }.joined(separator: ", ")
            let sampled = try sample(connection, sql: "SELECT \(quotedColumns) FROM \(SQLiteSQL.quoted(table.name))",
                                     shown: nil, count: columns.count)
            result.add(name: table.name, kind: table.kind, columns: columns, sample: sampled,
                       indexed: table.kind == .view ? nil : indexed, rowKey: rowKey)
            if table.rowid { result.rowidTables.insert(table.name) }
        }
        return result
    }

    /// The one "table" of a `--sql` query: its result columns.
    static func read(_ connection: SQLiteConnection, query: String) throws -> SQLiteListing {
        // Prepared alone first, so SQLite's message is about the user's own text (not the
        // subquery it is read through) and a statement that writes is named as such.
        let alone = try connection.prepare(query)
        guard alone.readsOnly, alone.columnCount > 0 else {
            throw DataLoadError.usage(file: connection.path, message: "--sql takes one query that reads rows (SELECT, "
                                      + "WITH … SELECT, VALUES): \(DisplayText.quoted(query)) does not")
        }
        var result = SQLiteListing(listing: SourceListing(tables: []), columns: [:], rowidTables: [])
        let statement = try connection.prepare("SELECT * FROM (\(query)) LIMIT \(sampleRows)", shown: query)
        let count = statement.columnCount
        let columns = (0..<count).map { (name: statement.name($0), declared: statement.declaredType($0)) }
        var sampled = Array(repeating: [SQLiteColumnForm.Sample](), count: Int(count))
        while try statement.step() {
            for column in 0..<count {
                if let value = SQLiteColumnForm.sample(of: statement, column: column) { sampled[Int(column)].append(value) }
            }
        }
        result.add(name: queryName, kind: .view, columns: columns, sample: sampled, indexed: nil)
        return result
    }

    /// The values of each column of the first rows `sql` gives.
    private static func sample(_ connection: SQLiteConnection, sql: String, shown: String?,
                               count: Int) throws -> [[SQLiteColumnForm.Sample]] {
        let statement = try connection.prepare(sql + " LIMIT \(sampleRows)", shown: shown)
        var sampled = Array(repeating: [SQLiteColumnForm.Sample](), count: count)
        while try statement.step() {
            for column in 0..<count {
                if let value = SQLiteColumnForm.sample(of: statement, column: Int32(column)) { sampled[column].append(value) }
            }
        }
        return sampled
    }

    private mutating func add(name: String, kind: SourceTable.Kind, columns: [(name: String, declared: String)],
                              sample: [[SQLiteColumnForm.Sample]], indexed: Set<String>?, rowKey: String? = nil) {
        var described: [SourceColumn] = []
        var forms: [String: Column] = [:]
        for (index, column) in columns.enumerated() {
            let form = SQLiteColumnForm.of(name: column.name, declared: column.declared, sample: sample[index])
            forms[column.name] = Column(form: form, sample: sample[index])
            described.append(SourceColumn(name: column.name, type: column.declared.isEmpty ? "(none)" : column.declared,
                                          role: form.role, indexed: indexed.map { $0.contains(column.name) },
                                          isRowKey: column.name == rowKey))
        }
        listing.tables.append(SourceTable(name: name, kind: kind, columns: described))
        self.columns[name] = forms
    }
}
