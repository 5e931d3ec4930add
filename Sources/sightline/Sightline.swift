import ArgumentParser
import ChartApp
import Foundation
#if canImport(ChartServerSources)
import ChartServerSources
import ChartSources
#endif

@main
struct Sightline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sightline",
        abstract: "A GPU-accelerated chart viewer for large time series.",
        discussion: """
        Without a command, opens FILE in a window: drag to pan, scroll to zoom at the \
        cursor, double-click or 0 to fit, + and - to zoom, arrows to pan, q to quit.

        Files are delimited text (comma, semicolon or tab) with an optional header: x is \
        the first column (numbers, Unix timestamps or dates like 2024-03-01 or \
        2024-03-01T10:30), every other numeric column a series; --x and --y pick columns. \
        Telegram's chart JSON (chart_data.json, overview.json) is read too; --chart N picks \
        a chart. '-' reads standard input.

        UTF-16 text (a spreadsheet's "Unicode text") and gzip files (.csv.gz, or gzip on \
        standard input) are read as the text they hold.

        A file of 50 MB or more is cached parsed in $XDG_CACHE_HOME/sightline (default \
        ~/.cache/sightline), so that it opens faster the next time: --no-cache reads \
        without it, 'sightline cache --clear' empties it.

        Exit status: 0 on success, 64 for a bad command line, 65 for bad data, 66 for a \
        file that cannot be read, 69 when no display or OpenGL 3.3 is available (or the \
        memory or size an image needs), 71 when a process limit (ulimit -u, ulimit -s) \
        leaves no room to run, 73 when an output file cannot be written, 74 when a result \
        cannot be printed.
        """,
        subcommands: [Open.self, Render.self, Audio.self, Describe.self, Walk.self, Bench.self, BenchData.self, SessionSaveLoop.self,
                      FuzzRender.self, CacheCommand.self],
        defaultSubcommand: Open.self
    )

    /// The process's limits are checked first (a small stack is raised, or refused with
    /// the other limits that stand in the way: status 71), then signals are taken by a
    /// watcher thread, which must exist before any other thread. Errors are printed
    /// terminal-safe: the parser's own messages quote flag values.
    /// A write past the file size limit (`ulimit -f`) fails with EFBIG, which is
    /// reported and cleaned up, rather than killing the process (SIGXFSZ) mid-write.
    static func main() {
        StandardStreams.occupyClosed()
        #if canImport(ChartServerSources)
        SourceCatalog.install(ServerSources.kinds)
        #endif
        signal(SIGXFSZ, SIG_IGN)
        MallocArenas.limitUnderAnAddressSpaceLimit()
        do {
            try ProcessLimits.require()
            try SignalWatcher.start()
        } catch let error as ProcessLimitError {
            CommandSupport.printError("sightline: \(error)")
            Foundation.exit(error.exitCode)
        } catch {
            CommandSupport.printError("sightline: \(error)")
            Foundation.exit(70)
        }
        do {
            var command = try parseAsRoot(Walk.markingNegativeCount(Array(CommandLine.arguments.dropFirst())))
            try command.run()
            try StandardStreams.flush()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                CommandSupport.write(CommandSupport.terminalSafe(message) + "\n",
                                     to: code == .success ? STDOUT_FILENO : STDERR_FILENO)
            }
            Foundation.exit(code.rawValue)
        }
    }
}
