import ArgumentParser
import ChartData
import Foundation

struct Walk: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the benchmark workload W1's random walk as CSV.",
        discussion: "x = 1600000000 + 60·i (Unix seconds), y a seeded Gaussian random walk; header x,y."
    )

    @Argument(help: "Number of points.")
    var points: Int

    @Argument(help: "The CSV file to write ('-' for standard output).")
    var output: String

    @Option(help: "Seed of the random generator.")
    var seed: UInt64 = 42

    func validate() throws {
        guard points >= 2 else { throw ValidationError("a walk needs at least 2 points") }
    }

    func run() throws {
        let walk = RandomWalk(count: points, seed: seed)
        if output == "-" {
            walk.writeCSV { FileHandle.standardOutput.write(Data($0)) }
            return
        }
        let temporary = output + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw CommandSupport.fail(message: "\(output): cannot create file", code: 73)
        }
        do {
            try walk.writeCSV { try handle.write(contentsOf: $0) }
            try handle.close()
            guard rename(temporary, output) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw CommandSupport.fail(message: "\(output): cannot write: \(error.localizedDescription)", code: 73)
        }
    }
}
