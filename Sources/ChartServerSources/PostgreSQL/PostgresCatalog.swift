import ChartData
import PostgresNIO

/// The tables, views and columns a session can chart, read from the catalogs: the
/// relations visible on the search path (ordinary, partitioned and foreign tables,
/// views and materialized views), each column's type, whether an index leads with it,
/// and the planner's row estimate.
enum PostgresCatalog {
    static let listingSQL = """
        SELECT c.relname, c.relkind::text, a.attname, format_type(a.atttypid, a.atttypmod), t.typname,
               EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indkey[0] = a.attnum) AS indexed,
               c.reltuples::float8
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        JOIN pg_type t ON t.oid = CASE WHEN (SELECT typtype FROM pg_type WHERE oid = a.atttypid) = 'd'
                                       THEN (SELECT typbasetype FROM pg_type WHERE oid = a.atttypid) ELSE a.atttypid END
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND pg_table_is_visible(c.oid)
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
        ORDER BY c.relname, a.attnum
        """

    /// The listing of the database `session` is connected to.
    static func listing(_ session: PostgresSession) async throws -> SourceListing {
        var tables: [SourceTable] = []
        try await session.run(listingSQL) { row in
            let (name, kind, column, type, typeName, indexed, estimate) =
                try row.decode((String, String, String, String, String, Bool, Double).self)
            let one = SourceColumn(name: column, type: type, role: PostgresType(typeName: typeName).role, indexed: indexed)
            if tables.last?.name == name {
                tables[tables.count - 1].columns.append(one)
            } else {
                let isView = kind == "v" || kind == "m"
                // reltuples is -1 (or 0) for a table never analysed, and means nothing for a view.
                let rows = !isView && estimate > 0 ? Int(estimate) : nil
                tables.append(SourceTable(name: name, kind: isView ? .view : .table, columns: [one], rowCount: rows))
            }
        }
        return SourceListing(tables: tables)
    }

    /// The name a `--sql` query is listed under.
    static let queryName = "query"

    /// A listing of one table, `query`, whose columns are those of `sql`'s first row
    /// (a query's columns have no index the chart can know of).
    /// - Throws: `DataLoadError.noData` when the query returns no rows.
    static func listing(ofQuery sql: String, _ session: PostgresSession) async throws -> SourceListing {
        var columns: [SourceColumn] = []
        try await session.run("SELECT * FROM (\(sql)) AS sightline_query LIMIT 1") { row in
            columns = row.map { cell in
                let oid = cell.dataType.rawValue
                return SourceColumn(name: cell.columnName, type: PostgresType.name(oid: oid),
                                    role: PostgresType(oid: oid).role, indexed: nil)
            }
        }
        guard !columns.isEmpty else {
            throw DataLoadError.noData(file: session.source, reason: "the query returned no rows")
        }
        return SourceListing(tables: [SourceTable(name: queryName, kind: .view, columns: columns)])
    }
}
