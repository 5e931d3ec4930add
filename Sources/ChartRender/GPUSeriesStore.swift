import ChartData
import ChartStage

/// The GPU copies of one data source's series, shared by every factory that draws the
/// source on one device (the main chart's and the range selector's): each series' levels
/// of detail, uploaded piece by piece (`LODLineSeries`), and each stack's columns
/// (`LODStackSeries`). A piece or level both charts draw (the overview's, when the main
/// chart shows it all) is uploaded once, and both draw from it.
///
/// Lines and stacks name their series by the handles the source issues (`SeriesHandle`);
/// the store draws only its own source's.
public final class GPUSeriesStore {
    public internal(set) var source: DataSource
    let device: RenderDevice
    /// One per series, in the dataset's order.
    var lines: [LODLineSeries]
    /// The stacks' GPU series, by the series they stack and how their levels merge.
    var stacks: [StackKey: LODStackSeries] = [:]
    /// The candles' GPU series, made when first drawn (`candleSeries(for:)`).
    var candleSeries: LODCandleSeries?
    /// The series `prepareAhead()` asks first next frame, so each gets its turn.
    private var nextAheadSeries = 0

    struct StackKey: Hashable {
        var series: [SeriesHandle]
        var merge: StackMerge
    }

    public init(device: RenderDevice, source: DataSource) {
        self.device = device
        self.source = source
        lines = source.lines.enumerated().map { index, line in
            // A series of several files' chart is drawn through its own points (`SeriesLine`).
            LODLineSeries(device: device, dataset: source.dataset, seriesIndex: index, detail: line.detail, gaps: line.gaps,
                          own: line.own)
        }
    }

    /// The GPU series `handle` names; `nil` for a handle of another source, which a
    /// debug build stops at.
    public func lineSeries(for handle: SeriesHandle) -> LODLineSeries? {
        guard source.issued(handle) else {
            assertionFailure("GPUSeriesStore: series \(handle.index) is another data source's, not drawn from this one's")
            return nil
        }
        return lines[handle.index]
    }

    /// GPU memory the series' uploaded pieces take, bytes (lines; stacks apart).
    public var lineByteCount: Int { lines.reduce(0) { $0 + $1.gpuByteCount } }

    /// The GPU series `stack` is drawn from, made the first time its series and merge
    /// rule are asked for; `nil` when it names another source's series, which a debug
    /// build stops at.
    func stackSeries(for stack: SeriesStack) -> LODStackSeries? {
        guard stack.series.allSatisfy(source.issued) else {
            assertionFailure("GPUSeriesStore: a stack of \(stack.series.map(\.index)) names another data source's series")
            return nil
        }
        let key = StackKey(series: stack.series, merge: StackRenderer.merge(for: stack))
        if let made = stacks[key] { return made }
        let dataset = source.dataset
        let levels = StackLevels(xs: dataset.xs, columns: stack.series.map { dataset.series[$0.index].ys }, merge: key.merge)
        let made = LODStackSeries(device: device, levels: levels)
        stacks[key] = made
        return made
    }

    /// Blocks prepared ahead on a quiet frame, in all series: W1 changes level about
    /// every 14 frames, and a piece is 17 blocks, so one a frame left a quarter of each
    /// piece to the frame that needed it.
    static let aheadBlocksPerFrame = 2

    /// Lets the series read a few blocks of pieces the leading view (the main chart's)
    /// may need next, on a frame in which it uploaded nothing: `aheadBlocksPerFrame` in
    /// all (≤ 16 384 points each, about 1.5 ms at worst on W1), so a quiet frame stays
    /// quiet; then ends the frame. The factory drawing the leading view calls it after
    /// its pass.
    func prepareAhead() {
        defer { lines.forEach { $0.endFrame() } }
        guard !lines.contains(where: \.uploadedThisFrame) else { return }
        var left = Self.aheadBlocksPerFrame
        var idle = 0
        // Round robin, so each series gets its turn; stops when none has work.
        while left > 0, idle < lines.count {
            let index = nextAheadSeries
            nextAheadSeries = (index + 1) % lines.count
            if lines[index].prepareAhead() {
                left -= 1
                idle = 0
            } else {
                idle += 1
            }
        }
    }
}
