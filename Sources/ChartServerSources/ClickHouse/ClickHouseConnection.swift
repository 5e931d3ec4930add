import AsyncHTTPClient
import ChartData
import Foundation
import NIOCore
import NIOHTTP1

/// One ClickHouse server's HTTP interface: each statement is a POST of its text, with a
/// query id of our own, the user's name and password as basic authentication, and the
/// statement's time limit (`max_execution_time`) as a setting on the URL. A cancelled
/// task sends `KILL QUERY` for its id on a second request (18.16 does not stop a query
/// when its client goes away) and drops its own; the caller gets `CancellationError`.
struct ClickHouseConnection: Sendable {
    var host: String
    var port: Int
    var user: String
    var password: String
    /// The database unqualified names are looked for in.
    var database: String
    /// The server's limit on one statement, seconds (`SIGHTLINE_CLICKHOUSE_TIMEOUT`,
    /// default 10).
    var timeLimit: Int
    /// What messages call the server: the address without its password.
    var name: String

    /// One client for every server, never shut down (it lives as long as the process).
    /// A refused connection fails at once rather than being tried again until the
    /// request's deadline (`HTTPClient.shared` would retry for its whole timeout).
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(5)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// What a statement sent, and what the server answered.
    struct Reply: Sendable {
        var body: [UInt8]
    }

    /// The answer to `sql`, whose errors read as `DataLoadError`s of this server.
    /// - Throws: `CancellationError` when the task is cancelled; `.unreachable` when the
    ///   server cannot be reached, refuses the user, or a shard of a cluster is down;
    ///   `.rejected` with the server's message otherwise.
    func run(_ sql: String) async throws -> Reply {
        let id = ClickHouseSQL.newQueryID()
        do {
            return try await withTaskCancellationHandler {
                try await send(sql, id: id, limit: timeLimit)
            } onCancel: {
                let connection = self
                Task.detached { try? await connection.send("KILL QUERY WHERE query_id = '\(id)' ASYNC", id: nil, limit: 5) }
            }
        } catch let error as DataLoadError {
            throw error
        } catch {
            if Task.isCancelled || error is CancellationError { throw CancellationError() }
            if let http = error as? HTTPClientError, http == .cancelled { throw CancellationError() }
            throw DataLoadError.unreachable(source: name, reason: "ClickHouse at \(host):\(port) did not answer: "
                                            + Self.describe(error))
        }
    }

    /// One POST; `id` names the query so it can be killed.
    private func send(_ sql: String, id: String?, limit: Int) async throws -> Reply {
        var items = [URLQueryItem(name: "database", value: database),
                     // Reads only, whatever the user's `sql=` says: Sightline never changes
                     // the user's data (2 still lets this request set its own limits).
                     URLQueryItem(name: "readonly", value: "2"),
                     URLQueryItem(name: "max_execution_time", value: String(limit)),
                     // The whole answer before its first byte, so a failure is a 500 with
                     // the message rather than a 200 cut short.
                     URLQueryItem(name: "wait_end_of_query", value: "1")]
        if let id { items.append(URLQueryItem(name: "query_id", value: id)) }
        var url = URLComponents()
        url.scheme = "http"
        url.host = host
        url.port = port
        url.path = "/"
        url.queryItems = items
        var request = HTTPClientRequest(url: url.string ?? "http://\(host):\(port)/")
        request.method = .POST
        let credentials = Data("\(user):\(password)".utf8).base64EncodedString()
        request.headers.add(name: "Authorization", value: "Basic \(credentials)")
        request.body = .bytes(ByteBuffer(string: sql))
        // The server's own limit ends a slow statement with a message; this one is for a
        // server that takes the connection and never answers.
        let response = try await Self.client.execute(request, timeout: .seconds(Int64(limit) + 20))
        var body = try await response.body.collect(upTo: 1 << 30)
        let bytes = body.readBytes(length: body.readableBytes) ?? []
        guard response.status == .ok else {
            throw failure(status: response.status, message: String(decoding: bytes, as: UTF8.self), sql: sql)
        }
        // An error met while the body streams is appended to it after a 200 (18.16).
        if let tail = Self.streamedException(bytes) {
            throw failure(status: .internalServerError, message: tail, sql: sql)
        }
        return Reply(body: bytes)
    }

    /// The error the server's `message` (`Code: 60, e.displayText() = …`) is to a user.
    func failure(status: HTTPResponseStatus, message: String, sql: String) -> DataLoadError {
        let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        let code = Self.code(in: text)
        switch code {
        case 192, 193, 194, 516:
            return .unreachable(source: name, reason: "ClickHouse refused user \(DisplayText.quotedName(user)): "
                                + "wrong password or no such user (give it in the address, "
                                + "clickhouse://user:password@host:8123/db, or in CLICKHOUSE_USER and CLICKHOUSE_PASSWORD)")
        case 159:
            return .unreachable(source: name, reason: "the query ran past the \(timeLimit)-second limit "
                                + "(SIGHTLINE_CLICKHOUSE_TIMEOUT sets it): \(text)")
        case 279, 209, 210:
            // Which server, first: the message leads with a log a notice would cut.
            let servers = Self.serversNamed(in: text)
            let which = servers.isEmpty ? "" : " (\(servers.joined(separator: ", ")))"
            return .unreachable(source: name, reason: "a server of the cluster did not answer\(which): \(text)")
        case 81:
            return .unreachable(source: name, reason: "ClickHouse has no database \(DisplayText.quotedName(database))")
        default:
            // ClickHouse's native (TCP) port answers HTTP with this line alone.
            if code == nil, text.contains("is for clickhouse-client program") {
                return .unreachable(source: name, reason: "\(host):\(port) is ClickHouse's native port, not its HTTP one "
                                    + "(8123 by default): \(text)")
            }
            if code == nil, status != .internalServerError, status != .badRequest, status != .notFound {
                return .unreachable(source: name, reason: "ClickHouse at \(host):\(port) answered HTTP \(status.code): \(text)")
            }
            return .rejected(source: name, query: sql, message: text)
        }
    }

    /// The servers a ClickHouse network error names, `(127.0.0.1:19001)` after its
    /// reason, each once, in order.
    static func serversNamed(in message: String) -> [String] {
        var found: [String] = []
        var rest = message[...]
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let inside = rest[rest.index(after: open)..<close]
            if let colon = inside.lastIndex(of: ":"), !inside[..<colon].isEmpty,
               !inside[inside.index(after: colon)...].isEmpty, inside[inside.index(after: colon)...].allSatisfy(\.isNumber),
               !inside.contains(" "), !found.contains(String(inside)) {
                found.append(String(inside))
            }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    /// The error code of a ClickHouse message (`Code: 60, …`).
    static func code(in message: String) -> Int? {
        guard let range = message.range(of: "Code: ") else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }

    /// The exception 18.16 writes into a body it had begun as a 200, if there is one at
    /// its end.
    static func streamedException(_ bytes: [UInt8]) -> String? {
        let tail = String(decoding: bytes.suffix(2048), as: UTF8.self)
        guard let range = tail.range(of: "Code: ", options: .backwards),
              tail[range.upperBound...].contains("DB::Exception") else { return nil }
        return String(tail[range.lowerBound...])
    }

    /// A transport error in words (`connection refused`).
    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.localizedCaseInsensitiveContains("refused") { return "connection refused" }
        if let http = error as? HTTPClientError {
            switch http {
            case .deadlineExceeded, .readTimeout: return "no answer in time"
            case .remoteConnectionClosed: return "the server closed the connection"
            case .connectTimeout: return "connection timed out"
            default: break
            }
        }
        return text
    }
}
