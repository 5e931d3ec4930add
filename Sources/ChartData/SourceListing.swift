/// What a database holds that a chart can show: its tables and views, each with its
/// columns and what each could be on a chart.
public struct SourceListing: Equatable, Sendable {
    public var tables: [SourceTable]

    public init(tables: [SourceTable]) {
        self.tables = tables
    }

    /// The tables with a column that can be x and at least one that can be y.
    public var chartable: [SourceTable] {
        tables.filter { table in
            guard let x = table.timeLike.first else { return false }
            return table.numeric.contains { $0.name != x.name }
        }
    }
}

/// A table or view of a database.
public struct SourceTable: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case table, view
    }

    public var name: String
    public var kind: Kind
    public var columns: [SourceColumn]
    /// Rows, where the engine knows them cheaply (an estimate may do); `nil` otherwise.
    public var rowCount: Int?

    public init(name: String, kind: Kind = .table, columns: [SourceColumn], rowCount: Int? = nil) {
        self.name = name
        self.kind = kind
        self.columns = columns
        self.rowCount = rowCount
    }

    /// The columns that can be x: instants first, then numbers, in the table's order.
    public var timeLike: [SourceColumn] {
        columns.filter { $0.role == .time } + columns.filter { $0.role == .number }
    }

    /// The columns that can be y.
    public var numeric: [SourceColumn] { columns.filter { $0.role == .number } }
}

/// A column of a table, with the engine's name for its type.
public struct SourceColumn: Equatable, Sendable {
    /// What a column can be on a chart.
    public enum Role: String, Equatable, Sendable {
        /// Instants: x on a time axis.
        case time
        /// Numbers: y, or x on a number axis.
        case number
        /// Text and the rest: neither.
        case other
    }

    public var name: String
    /// As the engine writes it (`timestamptz`, `DateTime`, `REAL`).
    public var type: String
    public var role: Role
    /// Whether an index leads with it, so a range of it is read without a full scan
    /// (`nil` where the engine does not say).
    public var indexed: Bool?
    /// Whether it is the row's id (SQLite's `INTEGER PRIMARY KEY`, the rowid itself): a
    /// count of rows, drawn only where `--y` names it.
    public var isRowKey: Bool

    public init(name: String, type: String, role: Role, indexed: Bool? = nil, isRowKey: Bool = false) {
        self.name = name
        self.type = type
        self.role = role
        self.indexed = indexed
        self.isRowKey = isRowKey
    }
}
