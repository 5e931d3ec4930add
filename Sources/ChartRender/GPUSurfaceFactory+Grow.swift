import ChartData

extension GPUSurfaceFactory {
    /// The store's source grew (`GPUSeriesStore.adopt`): the surfaces made from now on
    /// draw the grown source; those of the charts it replaces are let go.
    public func storeGrew() {
        smoothSeries = store.map { store in
            store.source.dataset.series.indices.map { SmoothLineSeries(device: device, source: store.source, seriesIndex: $0) }
        } ?? []
        // The replaced charts' caches go with their surfaces.
        lineCaches.removeAll()
    }
}
