import ChartData
import Foundation

/// A file the app writes whole (a PNG, a CSV, the session), without ever destroying
/// what is not its to replace.
///
/// What the path names decides how it is written:
/// - a regular file, or nothing yet: atomically. The bytes go to a temporary file in the
///   same directory (`.sightline-XXXXXXXX.tmp`: short, so an output name of up to
///   NAME_MAX still works), which is flushed to disk and renamed over the path; a crash
///   leaves the old file or the new one, never a torn one. An existing file keeps its
///   permission bits; one the user may not write is refused; one with other hard links
///   is rewritten in place, so every name keeps seeing the same file.
/// - a symbolic link: the link is followed and its target replaced the same way, with
///   the temporary in the target's directory, so the link stays a link.
/// - a character device or a FIFO (`/dev/null`, a named pipe): written straight into.
///   Renaming over it would replace the device node or the pipe.
/// - this process's own descriptor (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`, and
///   `-` for standard output): written into the open descriptor, so a pipe works and a
///   file opened for appending (`>>`) is appended to, unless it is an input.
/// - a directory (or a path ending in `/`), a block device, a socket, one of `inputs`
///   (the same device and inode, through any symbolic or hard link), or a link another
///   user left in a sticky shared folder such as `/tmp`: refused.
///
/// A temporary is locked (`flock`) while it is written and removed on any error;
/// it is registered in `TemporaryFiles`, so a signal removes it, and one left by a killed
/// process is removed by a later write into the same directory.
public struct OutputFile: Sendable {
    /// The path as the user gave it; messages name this one.
    public let path: String
    /// Files the command reads: writing over any of them is refused. `-` is standard
    /// input, refused where it is a regular file; paths that do not exist are ignored.
    public let inputs: [String]
    /// Permission bits of a file created new, before the umask.
    public var creationMode: mode_t = 0o666

    /// How long an unlocked temporary of ours must have been left before another writer
    /// removes it, seconds: longer than a writer takes from creating its temporary to
    /// locking it.
    public static let staleAge: Double = 30

    /// - Parameters:
    ///   - path: the file to write; `-` is standard output.
    ///   - inputs: files the command reads, which it must not write over.
    public init(path: String, refusing inputs: [String] = []) {
        self.path = path
        self.inputs = inputs
    }

    /// Writes `bytes` as the whole file.
    /// - Throws: `OutputFileError`.
    public func write(_ bytes: some Collection<UInt8>) throws {
        try write { emit in
            try bytes.withContiguousStorageIfAvailable { try emit(UnsafeRawBufferPointer($0)) }
                ?? Array(bytes).withUnsafeBytes { try emit($0) }
        }
    }

    /// Writes the file from the chunks `produce` hands to `emit`, in order. An error
    /// `produce` throws is passed on, and nothing is left behind (on a device or FIFO,
    /// what was written stays written).
    /// - Throws: `OutputFileError`, or what `produce` throws.
    public func write(_ produce: (_ emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try send(to: destination(), produce)?.commit()
    }

    /// Writes each file with its bytes, all or none: every one is checked, then those
    /// replaced atomically are staged in temporaries, those written into (a device, a
    /// FIFO, a file with other hard links) are written, and only then are the staged
    /// ones renamed into place. A refusal or a failure anywhere (no space left, past
    /// `ulimit -f`) leaves no new file and every old one as it was, bar what was
    /// already written into a device or FIFO.
    /// - Throws: `OutputFileError`; `sameOutput` when two of the paths name the same file.
    public static func write(together files: [(file: OutputFile, bytes: [UInt8])]) throws {
        let destinations = try files.map { try $0.file.destination() }
        var targets: [TargetKey] = []
        for (index, destination) in destinations.enumerated() {
            guard case let .replace(target, _) = destination, let key = TargetKey(target) else { continue }
            if let earlier = targets.firstIndex(of: key) {
                throw OutputFileError.sameOutput(path: files[index].file.path, other: files[earlier].file.path)
            }
            targets.append(key)
        }
        var staged: [StagedFile] = []
        do {
            for ((file, bytes), destination) in zip(files, destinations) {
                if let file = try file.send(to: destination, { emit in try bytes.withUnsafeBytes { try emit($0) } }) {
                    staged.append(file)
                }
            }
        } catch {
            for file in staged { file.discard() }
            throw error
        }
        try StagedFile.commit(staged)
    }

    /// A file a rename would replace, by its folder's device and inode and its name,
    /// so two paths through different links to the same folder compare equal.
    private struct TargetKey: Equatable {
        let device: UInt64
        let inode: UInt64
        let name: Substring

        init?(_ target: String) {
            var folder = stat()
            guard stat(OutputFile.directory(of: target), &folder) == 0 else { return nil }
            device = UInt64(folder.st_dev)
            inode = UInt64(folder.st_ino)
            name = target.split(separator: "/").last ?? Substring(target)
        }
    }

    // MARK: Deciding

    /// Where and how the bytes go.
    enum Destination: Equatable {
        /// Atomically replace (or create) `target`, a regular file's real path.
        case replace(target: String, keepingMode: mode_t?)
        /// Write straight into `target`, a character device or a FIFO.
        case stream(target: String)
        /// Truncate and write `target` in place: a regular file with other hard links,
        /// which a rename would split from them (they would keep the old bytes).
        case rewrite(target: String)
        /// Write into this process's open descriptor: `/dev/stdout`, `/dev/fd/N`,
        /// `/proc/self/fd/N`. Opening the path anew would start at offset 0 of a file
        /// opened for appending (`>>`), and a pipe's link names no file at all.
        case descriptor(Int32)
    }

    /// The descriptor a path names directly (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
    /// `/proc/self/fd/N`, `/proc/PID/fd/N` of this process), if it does and is open.
    static func openDescriptor(named path: String) -> Int32? {
        let number: Substring?
        switch path {
        case "/dev/stdin": number = "0"
        case "/dev/stdout": number = "1"
        case "/dev/stderr": number = "2"
        default:
            let prefixes = ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/\(getpid())/fd/"]
            number = prefixes.first(where: path.hasPrefix).map { path.dropFirst($0.count) }
        }
        guard let number, let descriptor = Int32(number), descriptor >= 0, fcntl(descriptor, F_GETFD) != -1 else { return nil }
        return descriptor
    }

    /// Throws what a write would refuse (a folder, an input, a planted link), before
    /// anything is written: a command writing two files checks both first.
    /// - Throws: `OutputFileError`.
    /// A file to be created is checked for a folder it can be created in, so a command
    /// that draws for seconds first says at once that `/nonexistent/x.png` cannot be.
    public func check() throws {
        guard case let .replace(target, _) = try destination() else { return }
        let folder = Self.directory(of: target)
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw OutputFileError.missingFolder(path: path, folder: folder)
        }
        guard access(folder, W_OK) == 0 else {
            throw OutputFileError.system(path: path, action: "create a file in \(DisplayText.quoted(folder))", code: errno)
        }
    }

    /// Follows symbolic links from `path`, classifies what they end at and checks it
    /// against the inputs.
    func destination() throws -> Destination {
        guard !path.isEmpty else { throw OutputFileError.system(path: path, action: "write", code: ENOENT) }
        if path == "-" { return try standardOutput() }
        if path.hasSuffix("/") { throw OutputFileError.isDirectory(path: path) }
        var target = path
        for _ in 0..<40 {
            if let descriptor = Self.openDescriptor(named: target) {
                var info = stat()
                guard fstat(descriptor, &info) == 0 else { throw OutputFileError.system(path: path, action: "write", code: errno) }
                if info.st_mode & S_IFMT == S_IFDIR { throw OutputFileError.isDirectory(path: path) }
                // As `cat`, only a regular file: a terminal is both input and output.
                if info.st_mode & S_IFMT == S_IFREG { try refuseInputs(matching: info) }
                return .descriptor(descriptor)
            }
            var info = stat()
            guard lstat(target, &info) == 0 else {
                let code = errno
                // Nothing there yet (or a dangling link): created new.
                guard code == ENOENT else { throw OutputFileError.system(path: path, action: "write", code: code) }
                return .replace(target: target, keepingMode: nil)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                try refusePlantedLink(target, owner: info.st_uid)
                target = try Self.linkTarget(of: target, for: path)
                continue
            case S_IFREG:
                try refuseInputs(matching: info)
                // A file the user may not write is not theirs to replace, even where the
                // folder would let a rename do it.
                guard access(target, W_OK) == 0 else {
                    throw OutputFileError.system(path: path, action: "write", code: errno)
                }
                if info.st_nlink > 1 { return .rewrite(target: target) }
                return .replace(target: target, keepingMode: info.st_mode & 0o7777)
            case S_IFDIR:
                throw OutputFileError.isDirectory(path: path)
            case S_IFCHR:
                return .stream(target: target)
            case S_IFIFO:
                try refuseInputs(matching: info)
                return .stream(target: target)
            case S_IFBLK:
                throw OutputFileError.unsupported(path: path, kind: "block device")
            case S_IFSOCK:
                throw OutputFileError.unsupported(path: path, kind: "socket")
            default:
                throw OutputFileError.unsupported(path: path, kind: "special file")
            }
        }
        throw OutputFileError.system(path: path, action: "follow its symbolic links", code: ELOOP)
    }

    /// Where the link at `link` points, as a path usable from the current directory.
    private static func linkTarget(of link: String, for path: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count > 0 else { throw OutputFileError.system(path: path, action: "read the symbolic link", code: errno) }
        let text = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasSuffix("/") { throw OutputFileError.isDirectory(path: path) }
        return text.hasPrefix("/") ? text : directory(of: link) + "/" + text
    }

    /// Refuses a link that another user may have planted: in a sticky, world-writable
    /// directory (`/tmp`), one owned by neither this user nor the directory's owner. The
    /// kernel refuses to follow those (`fs.protected_symlinks`); reading the link by hand
    /// must not bypass that, or `--out /tmp/x.png` could replace any file of ours.
    private func refusePlantedLink(_ link: String, owner: uid_t) throws {
        var folder = stat()
        guard stat(Self.directory(of: link), &folder) == 0 else { return }
        let shared = folder.st_mode & S_ISVTX != 0 && folder.st_mode & S_IWOTH != 0
        if shared && owner != geteuid() && owner != folder.st_uid {
            throw OutputFileError.unsupported(path: path, kind: "symbolic link of another user in a shared directory")
        }
    }

    /// Standard output, refused where it is a regular file that is also an input or
    /// standard input (`>>in.csv`): appending the picture would destroy the data.
    private func standardOutput() throws -> Destination {
        var info = stat()
        guard fstat(STDOUT_FILENO, &info) == 0 else { throw OutputFileError.system(path: path, action: "write", code: errno) }
        if info.st_mode & S_IFMT == S_IFREG { try refuseInputs(matching: info) }
        return .descriptor(STDOUT_FILENO)
    }

    /// Throws `isInput` if `output` is the same file as an input; `-` is standard input,
    /// compared only where it is a regular file (`<in.csv`), as `cat` does.
    private func refuseInputs(matching output: stat) throws {
        for input in inputs {
            var info = stat()
            if input == "-" {
                guard fstat(STDIN_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            } else {
                guard stat(input, &info) == 0 else { continue }
            }
            if info.st_dev == output.st_dev && info.st_ino == output.st_ino {
                throw OutputFileError.isInput(path: path, input: input)
            }
        }
    }

    /// The directory part of `path`: `.` for a bare name, `/` for a name at the root.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    // MARK: Writing

    /// Writes what `produce` hands over to `destination`: a file replaced atomically is
    /// staged and returned, for the caller to commit with the others it writes; anything
    /// else is written into at once.
    private func send(to destination: Destination,
                      _ produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws -> StagedFile? {
        switch destination {
        case let .replace(target, keepingMode):
            return try stage(target, mode: keepingMode, produce)
        case let .stream(target):
            try stream(into: target, produce)
        case let .rewrite(target):
            try stream(into: target, truncating: true, produce)
        case let .descriptor(descriptor):
            try produce { bytes in try writeAll(bytes, to: descriptor, action: "write") }
        }
        return nil
    }

    /// Writes the whole file into a new temporary beside `target`, flushed to disk, for
    /// the caller to rename into place (`StagedFile.commit`); on any error the
    /// temporary is removed and nothing else has changed.
    func stage(_ target: String, mode: mode_t?,
               _ produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws -> StagedFile {
        let folder = Self.directory(of: target)
        Self.removeStaleTemporaries(in: folder)
        let (fd, temporary) = try createTemporary(in: folder)
        let staged = StagedFile(path: path, target: target, temporary: temporary, descriptor: fd)
        do {
            if let mode { fchmod(fd, mode) }
            try produce { bytes in try writeAll(bytes, to: fd, action: "write") }
            guard fsync(fd) == 0 else { throw OutputFileError.system(path: path, action: "write", code: errno) }
        } catch {
            staged.discard()
            throw error
        }
        return staged
    }

    /// Creates and locks a new temporary of ours in `folder`.
    private func createTemporary(in folder: String) throws -> (Int32, String) {
        var lastError = EEXIST
        for _ in 0..<16 {
            let temporary = folder + "/" + Self.temporaryName(UInt32.random(in: .min ... .max))
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, creationMode)
            if fd >= 0 {
                // Held until the rename. Where locks are not supported (ENOLCK) the
                // sweep cannot take the lock either, so it never removes a temporary there.
                flock(fd, LOCK_EX | LOCK_NB)
                return (fd, temporary)
            }
            lastError = errno
            if lastError == ENOENT { throw OutputFileError.missingFolder(path: path, folder: folder) }
            guard lastError == EEXIST else { break }
        }
        throw OutputFileError.system(path: path, action: "create a temporary file in \(DisplayText.quoted(folder))",
                                     code: lastError)
    }

    private func stream(into target: String, truncating: Bool = false,
                        _ produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        // No O_CREAT: if the device, pipe or file vanished meanwhile, nothing new is made
        // in its place. O_TRUNC only for a regular file rewritten in place.
        let fd = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC | (truncating ? O_TRUNC : 0))
        guard fd >= 0 else { throw OutputFileError.system(path: path, action: "open", code: errno) }
        defer { close(fd) }
        try produce { bytes in try writeAll(bytes, to: fd, action: "write") }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, action: String) throws {
        if let code = Self.writeAll(bytes, to: fd) { throw OutputFileError.system(path: path, action: action, code: code) }
    }

    /// Writes all of `bytes` to `fd`, again after a partial write or an interruption.
    /// - Returns: `nil` when all was written, else the `errno` of the failure.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        guard var next = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(fd, next, left)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            guard n > 0 else { return EIO }
            next += n
            left -= n
        }
        return nil
    }
}
