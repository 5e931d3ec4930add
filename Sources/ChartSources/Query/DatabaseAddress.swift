import ChartData
import Foundation

/// A database's address as a user writes it on the command line:
/// `postgresql://user:password@host:5432/db?table=readings&x=ts&y=temp,hum`, or
/// `clickhouse://user@host:8123/db?table=ticks&x=t&y=price`. Every part may be left
/// out, for the engine's conventions (libpq's `PGHOST`, `PGUSER`…) to fill in; the
/// query's `table`, `x`, `y` and `sql` choose what is charted as `--table`, `--x`,
/// `--y` and `--sql` do, and any other item is the engine's (`sslmode`).
public struct DatabaseAddress: Equatable, Sendable {
    /// `postgresql` (or `postgres`), `clickhouse`.
    public var scheme: String
    public var user: String?
    public var password: String?
    public var host: String?
    public var port: Int?
    public var database: String?
    public var table: String?
    public var x: String?
    public var y: [String]?
    public var sql: String?
    /// The query's other items, by name (the last of a name wins).
    public var parameters: [String: String] = [:]

    /// The address `text` if it is one of `schemes`', else `nil`.
    /// - Throws: `DataLoadError.usage` for an address of one of those schemes that does
    ///   not parse (a port that is not a number, say), naming it without its password.
    public static func parse(_ text: String, schemes: Set<String>) throws -> DatabaseAddress? {
        guard let colon = text.firstIndex(of: ":"), schemes.contains(text[..<colon].lowercased()) else { return nil }
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased() else {
            throw DataLoadError.usage(file: DisplayText.hidingPassword(text), message: "this is not an address Sightline can read: write it as "
                                      + "\(text[..<colon])://user@host:port/database?table=name&x=column&y=column")
        }
        // SwiftNIO traps on a port past 16 bits: refused here, named.
        if let port = parts.port, !(1...65_535).contains(port) {
            throw DataLoadError.usage(file: DisplayText.hidingPassword(text), message: "the port \(port) is not one a server can listen on "
                                      + "(1 to 65535)")
        }
        var address = DatabaseAddress(scheme: scheme)
        // Decoded once (URLComponents' user, password and path are decoded already): a
        // password with a % in it, written %25, was decoded twice and lost.
        address.user = parts.percentEncodedUser?.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 }
        address.password = parts.percentEncodedPassword?.removingPercentEncoding
        address.host = parts.host.flatMap { $0.isEmpty ? nil : $0 }
        address.port = parts.port
        let path = parts.percentEncodedPath.hasPrefix("/") ? String(parts.percentEncodedPath.dropFirst()) : parts.percentEncodedPath
        address.database = path.isEmpty ? nil : (path.removingPercentEncoding ?? path)
        for item in parts.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "table": address.table = value
            case "x": address.x = value
            case "y":
                // `y=` (or `y=,`) names no column: every numeric one, as without it.
                let names = value.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
                address.y = names.isEmpty ? nil : names
            case "sql": address.sql = value
            default: address.parameters[item.name] = value
            }
        }
        return address
    }

    public init(scheme: String) {
        self.scheme = scheme
    }

    /// The address as messages show it: no password.
    public var name: String {
        var text = scheme + "://"
        if let user { text += user + "@" }
        text += host ?? ""
        if let port { text += ":\(port)" }
        text += "/" + (database ?? "")
        if let table { text += "?table=" + table } else if sql != nil { text += "?sql=…" }
        return text
    }

    /// `options` with the address's choices taken where the command line made none.
    public func applying(to options: LoadOptions) -> LoadOptions {
        var chosen = options
        chosen.table = options.table ?? table
        chosen.sql = options.sql ?? sql
        chosen.x = options.x ?? x
        chosen.y = options.y ?? y
        return chosen
    }
}
