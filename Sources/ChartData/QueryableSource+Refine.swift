extension QueryableSource {
    /// `dataset`, this source's first read, with the M4 of x over `range` (all x when
    /// `nil`) at `columns` M4 columns laid in (`RefinedData`): the exact picture of the
    /// range that `render` draws and `audio` hears. A first read of every row is returned
    /// as it is.
    /// - Throws: what the source's questions throw.
    public func refined(_ dataset: Dataset, over range: ClosedRange<Double>?, columns: Int) async throws -> Dataset {
        let extent = try await extent()
        guard dataset.count < extent.count, let plan = RefinementPlan(extent: extent, rowLimit: .max) else { return dataset }
        // `request(for:columns:)` asks columnsPerPixel a pixel: `columns` are M4 columns.
        let pixels = max(1, columns / RefinementPlan.columnsPerPixel)
        guard let request = plan.request(for: range ?? plan.range, columns: pixels) else { return dataset }
        var data = RefinedData(base: dataset, baseResolution: 0)
        data.lay(try await m4(request).markingGaps(rowSpacing: extent.rowSpacing))
        return try data.dataset()
    }
}
