import ChartData

/// The files of a window's chart and those dropped on it waiting to join. A drop loads
/// the files shown and the dropped one in the background, one load at a time in the
/// order dropped; the file joins when that load succeeds, and the chart shows what it
/// showed when it fails.
struct ChartFiles {
    /// The files shown, the window's own first.
    private(set) var paths: [String]
    /// Dropped and not loading yet, in the order dropped.
    private var waiting: [String] = []
    /// The files the load under way is for, when it is a drop's.
    private(set) var loading: [String]?

    init(paths: [String]) {
        self.paths = paths
    }

    /// Takes a dropped file to join after those waiting; returns why not (it is in the
    /// chart, or on its way), else `nil`.
    mutating func drop(_ path: String) -> String? {
        guard !paths.contains(path), !waiting.contains(path), loading?.last != path else {
            return "\(DisplayText.escaped(path)) is in the chart already"
        }
        waiting.append(path)
        return nil
    }

    /// The files to load next, the files shown and the first one waiting, when no
    /// drop's load is under way; that load is under way from now.
    mutating func nextLoad() -> [String]? {
        guard loading == nil, !waiting.isEmpty else { return nil }
        let next = paths + [waiting.removeFirst()]
        loading = next
        return next
    }

    /// The drop's load under way ended: its file joins the chart when it `joined`.
    mutating func loadEnded(joined: Bool) {
        if joined, let loading { paths = loading }
        loading = nil
    }
}
