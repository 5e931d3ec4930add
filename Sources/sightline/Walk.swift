import ArgumentParser
import ChartData
import Foundation

struct Walk: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the benchmark workload W1's random walk as CSV.",
        discussion: "x = 1600000000 + 60·i (Unix seconds), y a seeded Gaussian random walk; header x,y."
    )

    @Argument(help: "Number of points.", transform: Walk.count)
    var points: Int

    @Argument(help: "The CSV file to write ('-' for standard output).")
    var output: String

    @Option(parsing: .unconditional, help: "Seed of the random generator.", transform: NumberCheck.seed)
    var seed: UInt64 = 42

    func validate() throws {
        guard points >= 2 else { throw ValidationError(NumberCheck.message("the number of points", points, "at least 2")) }
    }

    func run() throws {
        let walk = RandomWalk(count: points, seed: seed)
        try CommandSupport.writeOutput(output) { emit in
            try walk.writeCSV { chunk in try chunk.withUnsafeBytes { try emit($0) } }
        }
    }

    /// The point count in `text`, which `markingNegativeCount` may have given a leading space.
    @Sendable private static func count(_ text: String) throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let count = Int(trimmed) else {
            let negative = Double(trimmed).map { $0 <= 0 } ?? false
            throw ValidationError("the number of points must be \(negative ? "positive: " : "")a whole number of at least 2")
        }
        return count
    }

    /// `arguments` (the command line less the program's name) with a negative point
    /// count given a leading space. The parser takes any word that starts with '-' for an
    /// option, and has no strategy for a single positional argument as it has for
    /// options, so `walk -5 w.csv` would be reported as `w.csv` being no number; with the
    /// space it is read as a value, and `validate` says the count must be positive. Only
    /// the first positional word of `walk` is touched: an output named `-5` stays an
    /// unknown option rather than becoming a file named " -5".
    static func markingNegativeCount(_ arguments: [String]) -> [String] {
        guard arguments.first == "walk" else { return arguments }
        var marked = arguments
        var index = 1
        while index < marked.count {
            let word = marked[index]
            if word == "--seed" {
                index += 2
            } else if word.hasPrefix("-"), word != "-", Double(word) != nil {
                marked[index] = " " + word
                return marked
            } else if word.hasPrefix("-") {
                index += 1
            } else {
                return marked
            }
        }
        return marked
    }
}
