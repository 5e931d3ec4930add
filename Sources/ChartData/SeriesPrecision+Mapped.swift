extension SeriesPrecision {
    /// `decimals(of:)` of a mapped column, each sampled value's pages let go once read:
    /// a read fault may map a whole large folio (2 MB), so the samples of a column larger
    /// than memory would otherwise leave much of it resident.
    public static func decimals(ofMapped ys: ValueColumn<Double>) -> Int {
        let stride = max(ys.count / sampleCount, 1)
        let window = (2 << 20) / MemoryLayout<Double>.stride
        var sample: [Double] = []
        for index in Swift.stride(from: 0, to: ys.count, by: stride) {
            sample.append(ys[index])
            ys.releasePages(max(index - window, 0)..<min(index + window, ys.count))
        }
        // At most twice `sampleCount` values: `decimals(of:)` reads every one, as it read them here.
        return decimals(of: sample)
    }
}
