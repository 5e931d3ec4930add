#if canImport(Glibc)
import Glibc
#endif

/// Whether an X server listens at a `DISPLAY` value: whether its socket accepts a
/// connection.
///
/// An X server resetting (Xvfb does when its last client leaves, unless run with
/// `-noreset`) accepts a connection and drops it before answering the setup, so a
/// client that starts as another one ends finds no display where `xdpyinfo` answered a
/// moment before (1 start in 24 under a script's loop). A socket that accepts is worth
/// another try; one that refuses, or a display that names no socket, means no server.
enum XServerProbe {
    /// Whether the socket of `display` (`:0`, `unix:1.0`, `localhost:10.0`) accepts a
    /// connection within half a second; a value it cannot read is taken as listening.
    static func listens(display: String) -> Bool {
        guard let colon = display.lastIndex(of: ":"),
              let number = Int(display[display.index(after: colon)...].prefix { $0.isNumber }) else { return true }
        let host = String(display[..<colon])
        if host.isEmpty || host == "unix" {
            let path = "/tmp/.X11-unix/X\(number)"
            // Linux servers listen on an abstract socket of the same name too.
            return connectsLocally(to: path, abstract: true) || connectsLocally(to: path, abstract: false)
        }
        return connectsOverTCP(to: host, port: 6000 + number)
    }

    private static func connectsLocally(to path: String, abstract: Bool) -> Bool {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let offset = abstract ? 1 : 0
        guard bytes.count + offset < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { field in
            for (i, byte) in bytes.enumerated() { field[i + offset] = byte }
        }
        // An abstract name's length is exact: no terminating NUL counts.
        let length = MemoryLayout<sa_family_t>.size + offset + bytes.count + (abstract ? 0 : 1)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(length)) == 0 }
        }
    }

    private static func connectsOverTCP(to host: String, port: Int) -> Bool {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return false }
        defer { freeaddrinfo(first) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry?.pointee {
            entry = info.ai_next
            let socket = Glibc.socket(info.ai_family, info.ai_socktype | Int32(SOCK_NONBLOCK.rawValue), info.ai_protocol)
            guard socket >= 0 else { continue }
            defer { close(socket) }
            guard connect(socket, info.ai_addr, info.ai_addrlen) != 0 else { return true }
            guard errno == EINPROGRESS else { continue }
            var wait = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
            var failure: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            if poll(&wait, 1, 500) == 1, getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &size) == 0, failure == 0 {
                return true
            }
        }
        return false
    }
}
