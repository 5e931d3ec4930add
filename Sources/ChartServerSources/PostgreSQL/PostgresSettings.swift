import ChartData
import ChartSources
import Foundation

/// Where and as whom to connect, filled in as libpq does (so an address that works with
/// `psql` works here): the address's parts first, then its query items (`host`, `port`,
/// `user`, `dbname`, `sslmode`, `connect_timeout`), then `PGHOST`, `PGPORT`, `PGUSER`,
/// `PGDATABASE`, `PGPASSWORD`, `PGSSLMODE`, `PGCONNECT_TIMEOUT`, then `~/.pgpass` (or
/// `PGPASSFILE`) for the password, then the defaults: the socket in
/// /var/run/postgresql when there is one, else localhost; port 5432; the OS user; a
/// database named as the user.
public struct PostgresSettings: Equatable, Sendable {
    /// How to reach the server.
    public enum Endpoint: Equatable, Sendable {
        case tcp(host: String, port: Int)
        /// A Unix socket: the folder libpq's `host` names, and the socket file in it.
        case socket(directory: String, path: String)
    }

    /// libpq's `sslmode`: `disable`, `allow` and `prefer` (TLS when the server offers it,
    /// else plain; no certificate check), `require` (TLS or nothing; no certificate
    /// check), `verify-ca` and `verify-full` (the certificate checked against the
    /// system's roots, the host name too for `verify-full`).
    public enum TLSMode: String, Equatable, Sendable {
        case disable, allow, prefer, require, verifyCA = "verify-ca", verifyFull = "verify-full"
    }

    public var endpoint: Endpoint
    public var user: String
    public var password: String?
    public var database: String
    public var tls: TLSMode
    /// Seconds to wait for the connection and login.
    public var connectTimeout: Double
    /// Seconds a statement may run before the server stops it (`statement_timeout`);
    /// 0 lets it run.
    public var statementTimeout: Double
    /// Why ~/.pgpass was not read (its mode lets others read it), for the message when
    /// the login then fails.
    public var passFileNote: String?

    /// The settings for `address`, with `environment` standing for the process's
    /// environment and `osUser` for the user running it.
    /// - Throws: `DataLoadError.usage` for a port, `sslmode` or timeout that does not parse.
    public static func resolve(_ address: DatabaseAddress, environment: [String: String] = ProcessInfo.processInfo.environment,
                               osUser: String = PostgresSettings.currentUser()) throws -> PostgresSettings {
        let items = address.parameters
        func setting(_ item: String, _ variable: String) -> String? {
            [items[item], environment[variable]].compactMap { $0 }.first { !$0.isEmpty }
        }
        let portText = address.port.map(String.init) ?? setting("port", "PGPORT")
        // libpq takes the first of a comma-separated list of hosts and ports.
        let firstPort = portText?.split(separator: ",").first.map(String.init)
        var port = 5432
        if let firstPort {
            guard let parsed = Int(firstPort.trimmingCharacters(in: .whitespaces)), (1...65535).contains(parsed) else {
                throw DataLoadError.usage(file: address.name, message: "the port \(DisplayText.quotedName(firstPort)) is not a "
                                          + "number from 1 to 65535 (PGPORT or the address's :port)")
            }
            port = parsed
        }
        let hostText = (address.host?.removingPercentEncoding ?? address.host) ?? setting("host", "PGHOST")
        let host = hostText?.split(separator: ",").first.map(String.init)
        let endpoint: Endpoint
        if let host, host.hasPrefix("/") {
            endpoint = .socket(directory: host, path: "\(host)/.s.PGSQL.\(port)")
        } else if let host {
            endpoint = .tcp(host: host, port: port)
        } else if FileManager.default.fileExists(atPath: "/var/run/postgresql/.s.PGSQL.\(port)") {
            endpoint = .socket(directory: "/var/run/postgresql", path: "/var/run/postgresql/.s.PGSQL.\(port)")
        } else {
            endpoint = .tcp(host: "localhost", port: port)
        }
        let user = address.user ?? setting("user", "PGUSER") ?? osUser
        let database = address.database ?? setting("dbname", "PGDATABASE") ?? user
        let modeText = setting("sslmode", "PGSSLMODE") ?? "prefer"
        guard let tls = TLSMode(rawValue: modeText) else {
            throw DataLoadError.usage(file: address.name, message: "sslmode \(DisplayText.quotedName(modeText)) is not one of "
                                      + "disable, allow, prefer, require, verify-ca, verify-full")
        }
        let connectTimeout = try seconds(setting("connect_timeout", "PGCONNECT_TIMEOUT"), default: 10, what: "connect_timeout",
                                         source: address.name)
        let statementTimeout = try seconds(setting("statement_timeout", "SIGHTLINE_PG_STATEMENT_TIMEOUT"), default: 10,
                                           what: "statement_timeout", source: address.name)
        var settings = PostgresSettings(endpoint: endpoint, user: user, password: nil, database: database, tls: tls,
                                        connectTimeout: connectTimeout, statementTimeout: statementTimeout)
        if let password = address.password ?? environment["PGPASSWORD"] {
            settings.password = password
        } else {
            let path = environment["PGPASSFILE"] ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.pgpass"
            switch PassFile.read(path: path) {
            case .entries(let file):
                settings.password = file.password(host: settings.passFileHost, port: port, database: database, user: user)
            case .tooOpen:
                settings.passFileNote = "\(path) was not read: it has group or world access (chmod 0600 it, as libpq asks)"
            case .absent:
                break
            }
        }
        return settings
    }

    /// The host a ~/.pgpass line is matched against: libpq matches a socket as `localhost`.
    var passFileHost: String {
        switch endpoint {
        case .tcp(let host, _): return host
        case .socket: return "localhost"
        }
    }

    /// Where the server is, as messages say it.
    public var place: String {
        switch endpoint {
        case let .tcp(host, port): return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case let .socket(_, path): return path
        }
    }

    /// A whole number of seconds (libpq's connect_timeout) or a decimal.
    private static func seconds(_ text: String?, default fallback: Double, what: String, source: String) throws -> Double {
        guard let text else { return fallback }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0 else {
            throw DataLoadError.usage(file: source, message: "\(what) \(DisplayText.quotedName(text)) is not a number of seconds")
        }
        return value
    }

    /// The name of the user running this process, libpq's default user.
    public static func currentUser() -> String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name {
            return String(cString: name)
        }
        return ProcessInfo.processInfo.environment["USER"] ?? "postgres"
    }
}
