import ChartData

/// The tables of a ClickHouse database and their columns, from `system.tables` and
/// `system.columns`; a column is `indexed` when it leads the table's sorting key (for a
/// `Distributed` table, that of the local table it spreads over, when that is on the
/// same server), so a range of it skips the granules out of range.
struct ClickHouseListing {
    let connection: ClickHouseConnection

    /// The database's tables, or for `query` (`--sql`) the one result it has.
    func listing(query: String? = nil) async throws -> SourceListing {
        if let query { return try await listing(of: query) }
        let database = ClickHouseSQL.string(connection.database)
        let known = try await strings("SELECT toString(count()) FROM system.databases WHERE name = \(database)")
        guard known.first?.first == "1" else {
            throw DataLoadError.unreachable(source: connection.name, reason: "ClickHouse has no database "
                                            + DisplayText.quotedName(connection.database))
        }
        let tables = try await strings("SELECT name, engine, engine_full, sorting_key FROM system.tables "
                                       + "WHERE database = \(database) ORDER BY name")
        let columns = try await strings("SELECT table, name, type FROM system.columns WHERE database = \(database)")
        let keys = Dictionary(tables.map { ($0[0], $0[3]) }, uniquingKeysWith: { first, _ in first })
        return SourceListing(tables: tables.map { row in
            let key = Self.sortingKey(of: row, keys: keys)
            let leading = key.split(separator: ",").first.map { String($0).trimmingCharacters(in: .whitespaces) }
            let own = columns.filter { $0[0] == row[0] }.map { column in
                let type = ClickHouseType(name: column[2])
                return SourceColumn(name: column[1], type: column[2], role: type.role,
                                    indexed: key.isEmpty ? nil : leading == column[1] || leading == "`\(column[1])`")
            }
            return SourceTable(name: row[0], kind: row[1].hasSuffix("View") ? .view : .table, columns: own)
        })
    }

    /// The sorting key of a table's row (name, engine, engine_full, sorting_key): its
    /// own, or for a `Distributed` one its local table's.
    static func sortingKey(of row: [String], keys: [String: String]) -> String {
        guard row[1] == "Distributed" else { return row[3] }
        // Distributed(cluster, database, table[, sharding key])
        let inner = row[2].drop { $0 != "(" }.dropFirst()
        let arguments = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces.union(["'", "`", ")"])) }
        guard arguments.count >= 3 else { return "" }
        return keys[arguments[2]] ?? ""
    }

    /// The columns of `query`'s result, as a table named `query`.
    private func listing(of query: String) async throws -> SourceListing {
        let columns = try await strings("DESCRIBE TABLE (\(query))")
        return SourceListing(tables: [SourceTable(name: "query", kind: .view, columns: columns.map { column in
            SourceColumn(name: column[0], type: column[1], role: ClickHouseType(name: column[1]).role)
        })])
    }

    /// The rows of `sql`'s answer as strings (`TabSeparated`, unescaped).
    private func strings(_ sql: String) async throws -> [[String]] {
        let reply = try await connection.run(sql + " FORMAT TabSeparated")
        let text = String(decoding: reply.body, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).map { Self.unescaped(String($0)) }
        }
    }

    /// A `TabSeparated` field's text.
    static func unescaped(_ field: String) -> String {
        guard field.contains("\\") else { return field }
        var out = "", escaping = false
        for character in field {
            if escaping {
                switch character {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "0": out.append("\0")
                default: out.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
