// Before Foundation, which imports Glibc too: glibc declares `stdout` a mutable global,
// which Swift 6 refuses to read, though nothing ever assigns it (swiftlang/swift#75601).
@preconcurrency import Glibc
import ArgumentParser
import ChartSupport
import Foundation

/// Standard output as the commands print their results to it (`describe`, `render
/// --verbose`, `bench`): a result that could not be written is an error (74), not a
/// silent success.
enum StandardStreams {
    /// Puts `/dev/null` on each of descriptors 0, 1 and 2 that is closed (`>&-`), opened
    /// the other way round (standard input for writing, the outputs for reading), so
    /// using it still fails as on a closed descriptor, while no file the command opens
    /// takes its number: otherwise a PNG or a GPU device node opened as descriptor 1
    /// would receive what is printed. Call it first thing in `main`.
    static func occupyClosed() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let placeholder = open("/dev/null", (descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY) | O_NOCTTY)
            if placeholder >= 0, placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
    }

    /// Writes `text` to standard output.
    /// - Throws: `ExitCode(74)` after saying why on standard error.
    static func write(_ text: String) throws {
        try flush()
        var text = text
        if let code = text.withUTF8({ OutputFile.writeAll(UnsafeRawBufferPointer($0), to: STDOUT_FILENO) }) {
            throw failure(code)
        }
    }

    /// Writes out what `print` has buffered, and fails if any of it (or of what was
    /// printed before) could not be written.
    /// - Throws: `ExitCode(74)` after saying why on standard error.
    static func flush() throws {
        errno = 0
        if fflush(stdout) != 0 || ferror(stdout) != 0 {
            let code = errno
            clearerr(stdout)
            throw failure(code == 0 ? EIO : code)
        }
    }

    /// Fails unless standard output, where it is a regular file, is none of `inputs`
    /// (`describe in.csv >>in.csv` would append to the data it reads).
    /// - Throws: `ExitCode(73)` after saying why on standard error.
    static func refuseInputs(_ inputs: [String]) throws {
        try CommandSupport.reporting { try OutputFile(path: "-", refusing: inputs).check() }
    }

    private static func failure(_ code: Int32) -> ExitCode {
        CommandSupport.fail(message: "cannot write to standard output: \(OutputFileError.reason(code))", code: 74)
    }
}
