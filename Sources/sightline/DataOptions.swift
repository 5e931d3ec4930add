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

    @Option(help: "The table or view of a database to chart (a SQLite file holding several, say).")
    var table: String?

    @Option(help: "A query whose rows to chart instead of a table, in the database's own SQL ('SELECT ts, temp FROM readings').")
    var sql: String?

    @Option(parsing: .unconditional, help: "Which chart of a file holding several (Telegram's chart_data.json), from 1.")
    var chart: Int?

    @Option(help: "Series to draw as bars, by column name, separated by commas.")
    var bars: String?

    @Option(help: "Series to draw as filled areas, by column name, separated by commas.")
    var area: String?

    @Flag(help: "Stack the bars (and the areas) on one another.")
    var stacked = false

    @Flag(help: "Draw the areas as shares of their sum, stacked from 0 to 100%.")
    var percentage = false

    @Option(help: """
        Series to read against a second y axis on the right, by column name, separated by commas (by default a \
        series far off the others' scale, such as a Volume beside prices, goes there by itself).
        """)
    var y2: String?

    @Flag(help: """
        Draw Open, High, Low and Close (columns so named, any case) as candlesticks; an error when the file lacks one. \
        They are drawn so by default unless --y asks for series as lines (--y Close).
        """)
    var ohlc = false

    @Option(help: "The open, high, low and close columns for candlesticks, by name, in that order (implies --ohlc).")
    var ohlcColumns: String?

    @Option(help: "Level of detail for large series: minmax (every spike kept), rdp (Ramer–Douglas–Peucker) or none (every point, always).")
    var lod: LODMethod = .minMax

    @Flag(help: """
        Join every point to the next, however far apart. By default a step in x over 10× the median \
        spacing (a year missing from hourly data) breaks the line there, as an empty cell does.
        """)
    var connectGaps = false

    @Option(help: "A title over the left y axis (default: the unit its series' names carry, as °C in \"Temperature (°C)\").")
    var yTitle: String?

    @Option(help: "A title over the right y axis (default: the unit its series' names carry).")
    var y2Title: String?

    @Option(help: "A title beside the x axis (default: the unit the x column's name carries, as s in \"time [s]\").")
    var xTitle: String?

    @Flag(help: """
        Neither read nor write the cache of large files (files of 50 MB or more are kept \
        parsed in $XDG_CACHE_HOME/sightline, default ~/.cache/sightline; `sightline cache --clear` empties it).
        """)
    var noCache = false

    @Option(help: ArgumentHelp(
        "How the x column writes its dates, strftime-style (%d.%m.%Y, \"%m/%d/%Y %I:%M %p\"); by default the form "
            + "is told from the column's values. Reads \(DatePattern.strftimeDirectives).",
        valueName: "pattern"))
    var dateFormat: String?

    @Flag(help: """
        Show dates that carry a zone (2020-01-31T10:30:00Z, +01:00) in UTC (default: in local time). Dates \
        without one are shown as written.
        """)
    var utc = false

    func validate() throws {
        if let dateFormat {
            do { _ = try DatePattern(strftime: dateFormat) } catch { throw ValidationError("--date-format: \(error)") }
        }
        if let chart, chart < 1 { throw ValidationError(NumberCheck.message("--chart", chart, "charts count from 1")) }
        if let yColumns, yColumns.split(separator: ",").isEmpty { throw ValidationError("--y needs at least one name") }
        if let ohlcColumns, ohlcColumns.split(separator: ",").count != 4 {
            throw ValidationError("--ohlc-columns needs four names, open,high,low,close: \(DisplayText.quoted(ohlcColumns))")
        }
        for (flag, value) in [("--bars", bars), ("--area", area), ("--y2", y2)] {
            if let value, value.split(separator: ",").isEmpty { throw ValidationError("\(flag) needs at least one name") }
        }
    }

    private static func names(_ list: String?) -> [String] { list.map { $0.split(separator: ",").map(String.init) } ?? [] }

    var loadOptions: LoadOptions {
        var options = LoadOptions(x: xColumn,
                                  y: yColumns.map { $0.split(separator: ",").map(String.init) },
                                  chart: chart,
                                  kinds: SeriesKinds(bars: Self.names(bars), areas: Self.names(area), stacked: stacked,
                                                     percentage: percentage, rightAxis: Self.names(y2)))
        options.titles = AxisTitles(left: yTitle, right: y2Title, x: xTitle)
        if ohlc || ohlcColumns != nil { options.ohlc = .required(columns: ohlcColumns.map { Self.names($0) }) }
        options.usesCache = !noCache
        options.dateFormat = dateFormat.flatMap { try? DatePattern(strftime: $0) }
        options.utc = utc
        options.table = table
        options.sql = sql
        return options
    }
}

// Module-qualified: the CMake build compiles ChartData as another package, where an
// unqualified conformance of its type to ArgumentParser's protocol draws a warning.
extension ChartData.LODMethod: ArgumentParser.ExpressibleByArgument {}
