extension Series {
    /// Whether the series is a volume traded (Yahoo's `Volume`, in any case, spaces trimmed).
    public var isVolume: Bool { name.trimmingSpaces().lowercased() == "volume" }

    /// A volume beside other series is drawn as bars on the right axis of its own, under
    /// them, and the others read against the left one: however the columns were asked
    /// for (`--y Close,Volume` or `--y Volume,Close`), a count in the millions never
    /// shares an axis with a price, which it would flatten to a line at zero. A volume
    /// alone is bars on the one axis (a count per period, as every stock chart draws it).
    /// - Complexity: O(series).
    public static func placeVolumes(in series: inout [Series]) {
        guard series.contains(where: \.isVolume) else { return }
        guard series.contains(where: { !$0.isVolume }) else {
            for index in series.indices { series[index].kind = .bar }
            return
        }
        for index in series.indices {
            if series[index].isVolume {
                series[index].axis = .right
                series[index].kind = .bar
            } else {
                series[index].axis = .left
            }
        }
    }
}
