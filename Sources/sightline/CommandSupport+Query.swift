import ChartData
import ChartSources
import ChartSupport

/// The commands over a queried source (a database): `render` and `audio` draw and hear
/// the M4 of their x range at their width, laid into the first read (an exact picture,
/// not the pyramid's), and `describe` takes its statistics from the source, over every
/// row in range. A file, or several sources in one chart, is as it was.
extension CommandSupport {
    /// The source of `paths` when it is one queried source, on the wall clock unless
    /// `options` ask for UTC (as `load` reads it); `nil` for files.
    static func queried(_ paths: [String], options: DataOptions) -> (any QueryableSource)? {
        guard paths.count == 1 else { return nil }
        return LocalTimeSource.wrapping(SourceCatalog.source(for: paths[0]), options: options.loadOptions) as? any QueryableSource
    }

    /// `dataset`, the first read of `paths`, with the M4 of x over `range` (all x when
    /// `nil`) at `columns` M4 columns laid in, where `paths` is a queried source.
    /// `range` is resolved only for such a source, so a file's errors come as before.
    static func refining(_ dataset: Dataset, of paths: [String], options: DataOptions,
                         over range: () throws -> ClosedRange<Double>?, columns: Int) throws -> Dataset {
        guard let source = queried(paths, options: options) else { return dataset }
        let range = try range()
        return try reporting { try BlockingQuery.run { try await source.refined(dataset, over: range, columns: columns) } }
    }

    /// `summary` with the statistics of its series replaced by `paths`' own over every
    /// row in its range, and the source's name (without a password), where `paths` is a
    /// queried source whose first read, `dataset`, is not every row (a pyramid); `nil`
    /// otherwise: every row read gives the exact statistics already, as a file's do.
    static func exactStatistics(of summary: ChartSummary, drawn dataset: Dataset, at paths: [String],
                                options: DataOptions) throws -> (summary: ChartSummary, source: String)? {
        guard let source = queried(paths, options: options) else { return nil }
        let names = summary.series.map(\.name)
        let range = summary.range
        let exact = try reporting { () -> [ExactStatistics]? in
            let extent = try BlockingQuery.run { try await source.extent() }
            guard dataset.count < extent.count else { return nil }
            return try BlockingQuery.run {
                try await source.statistics(of: names, from: range.lowerBound, to: range.upperBound.nextUp)
            }
        }
        return exact.map { (summary.withExactStatistics($0), source.name) }
    }
}
