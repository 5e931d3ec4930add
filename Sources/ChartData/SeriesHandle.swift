/// One series of one `DataSource`, as a drawn line names it: the source it belongs to
/// and its place in the source's dataset. Only the source issues handles
/// (`DataSource.handle(ofSeries:)`), so a line cannot name its series by a bare number,
/// and the GPU copies of one source (its series store) refuse another source's series.
public struct SeriesHandle: Hashable, Sendable {
    /// The issuing source's identity; unique while the source lives, and whatever
    /// resolves a handle holds its source.
    public let source: ObjectIdentifier
    /// The series' index in the source's dataset.
    public let index: Int

    init(source: DataSource, index: Int) {
        self.source = ObjectIdentifier(source)
        self.index = index
    }
}

extension DataSource {
    /// The handle of series `index` of this source's dataset.
    public func handle(ofSeries index: Int) -> SeriesHandle {
        precondition(dataset.series.indices.contains(index),
                     "DataSource: no series \(index) in a dataset of \(dataset.series.count)")
        return SeriesHandle(source: self, index: index)
    }

    /// Whether `handle` names a series of this source.
    public func issued(_ handle: SeriesHandle) -> Bool {
        handle.source == ObjectIdentifier(self) && dataset.series.indices.contains(handle.index)
    }
}
