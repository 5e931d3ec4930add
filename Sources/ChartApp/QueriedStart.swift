import ChartData
import ChartSources

/// What the loading thread leaves for refining a chart over a `QueryableSource`: the
/// source object itself (kept, not looked up again), its extent, and how finely the
/// first read resolves x.
struct QueriedStart: Sendable {
    let source: any QueryableSource
    let extent: SourceExtent
    /// The first picture as read.
    let base: Dataset
    /// Columns per x unit of the first picture: infinite for every row, the pyramid's
    /// columns over the extent otherwise.
    let baseResolution: Double

    /// The start over `source`'s first read `base`; `nil` for a source that is not
    /// queried, whose extent is a single x, or that went away since the read (the first
    /// picture is shown all the same).
    static func after(reading base: Dataset, from source: any DatasetSource) -> QueriedStart? {
        guard let queried = source as? any QueryableSource,
              let extent = try? BlockingQuery.run({ try await queried.extent() }) else { return nil }
        guard let first = extent.first, let last = extent.last, first < last else { return nil }
        let resolution = base.count >= extent.count ? Double.infinity
            : Double(QueriedRead(cache: nil).pyramidColumns) / (last - first)
        return QueriedStart(source: queried, extent: extent, base: base, baseResolution: resolution)
    }
}
