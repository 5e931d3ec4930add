import ArgumentParser
import ChartData

/// The options every command that opens a file shares.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("x"), help: "The x column's name (default: the first column).")
    var xColumn: String?

    @Option(name: .customLong("y"), help: """
        Series to show, by column name, separated by commas (default: every numeric column, except those \
        more than 20× off the others' scale, such as a Volume beside prices; a warning names them).
        """)
    var yColumns: String?

    @Option(help: "Which chart of a file holding several (Telegram's chart_data.json), from 1.")
    var chart: Int?

    @Option(help: "Level of detail for large series: minmax (every spike kept), rdp (Ramer–Douglas–Peucker) or none (every point, always).")
    var lod: LODMethod = .minMax

    @Flag(help: """
        Join every point to the next, however far apart. By default a step in x over 10× the median \
        spacing (a year missing from hourly data) breaks the line there, as an empty cell does.
        """)
    var connectGaps = false

    func validate() throws {
        if let chart, chart < 1 { throw ValidationError("--chart counts from 1") }
        if let yColumns, yColumns.split(separator: ",").isEmpty { throw ValidationError("--y needs at least one name") }
    }

    var loadOptions: LoadOptions {
        LoadOptions(x: xColumn,
                    y: yColumns.map { $0.split(separator: ",").map(String.init) },
                    chart: chart)
    }
}

extension LODMethod: ExpressibleByArgument {}
