import Foundation
import Synchronization

/// A display socket in front of a real X server that drops its first connections
/// before answering them, as an X server does while it resets after its last client
/// left, and relays every later one to the server.
final class DroppingDisplayProxy: Sendable {
    /// The proxy's `DISPLAY` value (`:N`).
    let name: String
    private let path: String
    private let listener: Int32
    private let counter: Counter

    /// Listens at a free display number, dropping the first `drops` connections and
    /// relaying the rest to `server` (an `XvfbDisplay`'s name, `:N`).
    init(inFrontOf server: String, drops: Int) throws {
        var number = 200 + Int(getpid() % 100)
        while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
                || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        name = ":\(number)"
        path = "/tmp/.X11-unix/X\(number)"
        counter = Counter(drops: drops)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard listener >= 0, bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw DisplayError("cannot listen at \(path): \(String(cString: strerror(errno)))")
        }
        let serverPath = "/tmp/.X11-unix/X" + server.dropFirst()
        // The thread holds the descriptor and the counter, not the proxy, so the proxy's
        // end shuts the socket and the loop ends with it.
        let (descriptor, counter) = (listener, counter)
        Thread.detachNewThread { Self.acceptLoop(descriptor, counter: counter, relayingTo: serverPath) }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        unlink(path)
    }

    /// Connections accepted so far, dropped ones included.
    var acceptedCount: Int { counter.accepted }

    private static func acceptLoop(_ listener: Int32, counter: Counter, relayingTo serverPath: String) {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            if counter.countDroppingThis() {
                close(client)
                continue
            }
            Thread.detachNewThread { Self.relay(client, to: serverPath) }
        }
    }

    /// Copies bytes both ways between `client` and a new connection to the server until
    /// either side closes.
    private static func relay(_ client: Int32, to serverPath: String) {
        defer { close(client) }
        let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard server >= 0 else { return }
        defer { close(server) }
        var address = address(serverPath)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { return }
        var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while poll(&fds, 2, -1) > 0 {
            for (from, to) in [(0, 1), (1, 0)] where fds[from].revents != 0 {
                let count = read(fds[from].fd, &buffer, buffer.count)
                guard count > 0 else { return }
                var sent = 0
                while sent < count {
                    let written = buffer[sent..<count].withUnsafeBytes { write(fds[to].fd, $0.baseAddress, $0.count) }
                    guard written > 0 else { return }
                    sent += written
                }
            }
        }
    }

    /// Connections accepted, and how many of the next ones to drop.
    private final class Counter: Sendable {
        private let state: Mutex<(toDrop: Int, accepted: Int)>

        init(drops: Int) { state = Mutex((drops, 0)) }

        var accepted: Int { state.withLock { $0.accepted } }

        /// Counts a connection; returns whether to drop it.
        func countDroppingThis() -> Bool {
            state.withLock { state in
                state.accepted += 1
                guard state.toDrop > 0 else { return false }
                state.toDrop -= 1
                return true
            }
        }
    }

    private static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { field in
            for (i, byte) in path.utf8.enumerated() { field[i] = byte }
        }
        return address
    }
}
