import ArgumentParser
import ChartApp
import ChartData
import ChartGeometry
import ChartRender
import ChartSources
import ChartSupport
import Foundation

/// What every command does the same way: loading, and turning errors into a message
/// on standard error and a sysexits(3) status.
enum CommandSupport {
    /// Loads `path`, with a progress bar on a terminal for slow loads, and prints the
    /// loader's warnings.
    static func load(_ path: String, options: DataOptions) throws -> Dataset {
        try load(path, options: options.loadOptions)
    }

    /// Loads `paths`, each as `load(_:options:)` does, into one chart (`DatasetMerge`).
    static func load(_ paths: [String], options: DataOptions) throws -> Dataset {
        let parts = try paths.map { try load($0, options: options.loadOptions) }
        return try reporting { try DatasetMerge.merge(parts) }
    }

    /// Loads `path` with `options` as `load(_:options:)` does.
    static func load(_ path: String, options: LoadOptions) throws -> Dataset {
        let bar = ProgressBar(label: "Loading \(DisplayText.escaped(DisplayText.hidingPassword(path), limit: 60))")
        defer { bar.finish() }
        do {
            let source = LocalTimeSource.wrapping(SourceCatalog.source(for: path), options: options)
            let dataset = try source.read(options: options) { done, total in
                bar.update(done, of: total)
            }
            bar.finish()
            for warning in dataset.warnings { printError("warning: \(warning)") }
            return dataset
        } catch let error as DataLoadError {
            bar.finish()
            throw fail(error)
        }
    }

    /// Runs `body` and returns what it returns, turning a `RenderError`, `DataLoadError`,
    /// `OutputFileError` or `ProcessLimitError` into its message on standard error and
    /// its status.
    static func reporting<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as RenderError {
            throw fail(message: error.description, code: error.exitCode)
        } catch let error as DataLoadError {
            throw fail(error)
        } catch let error as OutputFileError {
            throw fail(message: error.description, code: error.exitCode)
        } catch let error as ProcessLimitError {
            throw fail(message: error.description, code: error.exitCode)
        }
    }

    /// Writes an output file through `OutputFile`, reporting its error as `reporting` does.
    static func writeOutput(_ path: String, refusing inputs: [String] = [],
                            _ produce: (_ emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try reporting { try OutputFile(path: path, refusing: inputs).write(produce) }
    }

    static func fail(_ error: DataLoadError) -> ExitCode {
        fail(message: error.description, code: error.exitCode)
    }

    static func fail(message: String, code: Int32) -> ExitCode {
        printError("sightline: \(message)")
        return ExitCode(code)
    }

    /// Writes `message` and a line end to standard error, terminal-safe: messages quote
    /// file names, cells and flag values, whose escape sequences must not reach the
    /// terminal, and whose length must not flood it.
    static func printError(_ message: String) {
        write(terminalSafe(message) + "\n", to: STDERR_FILENO)
    }

    /// `text` with every control character but the line end escaped (`\x1b`), each line
    /// cut at 2,000 characters.
    static func terminalSafe(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { DisplayText.escaped($0.replacingOccurrences(of: "\t", with: "    "), limit: 2000) }
            .joined(separator: "\n")
    }

    /// `text` as one shell word a person can paste (`DisplayText.shellWord`).
    static func shellQuoted(_ text: String) -> String {
        DisplayText.shellWord(text)
    }

    /// Writes all of `text` to `descriptor`, ignoring failures (there is nowhere left to
    /// report them): unlike `FileHandle.write`, a closed or full stream does not trap.
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        _ = text.withUTF8 { OutputFile.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}

/// `WIDTHxHEIGHT` on the command line.
struct SizeArgument: CustomStringConvertible {
    var value: PixelSize

    init(_ value: PixelSize) { self.value = value }

    /// How `--help` shows the default.
    var description: String { value.description }

    /// The size in `text`, or an error saying what a size looks like (an option's
    /// `transform`, so the message says why).
    @Sendable static func parsing(_ text: String) throws -> SizeArgument {
        guard let size = PixelSize(parsing: text) else {
            let sides = text.lowercased().split(separator: "x").compactMap { Double($0) }
            let sign = sides.contains { $0 <= 0 } ? "the width and height must be positive: " : ""
            throw ValidationError(sign + "give WIDTHxHEIGHT in pixels, each from 1 to 16384 (e.g. 1280x720)")
        }
        return SizeArgument(size)
    }
}
