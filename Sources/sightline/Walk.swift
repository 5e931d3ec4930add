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
        try CommandSupport.writeOutput(output) { emit in
            try walk.writeCSV { chunk in try chunk.withUnsafeBytes { try emit($0) } }
        }
    }
}
