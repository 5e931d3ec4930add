import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import Foundation

/// An explorer over recording surfaces for the command owners' tests: the overview, its
/// range selector and summary panel, and a day's chart once one is opened.
final class RecordedExplorer: ExplorerChart {
    static let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)
    let frames = FrameRequest()
    let main: ChartPresenter
    let selector: RangeSelectorPresenter
    let zoom: DayZoom
    let summary = SummaryPanelController()
    private(set) var day: (main: ChartPresenter, selector: RangeSelectorPresenter, summary: SummaryPanelController)?
    var showsKeyHelp = false
    /// The messages said on the chart.
    private(set) var said: [String] = []

    init(source: DataSource) {
        main = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: Self.geometry,
                              initialFraction: 0.4, frames: frames)
        selector = Self.selector(of: main)
        main.stage.add(summary)
        zoom = DayZoom(overview: main)
    }

    private static func selector(of main: ChartPresenter) -> RangeSelectorPresenter {
        let canvas = geometry.canvas
        let rect = ChartLayout.explorer.minimapRect(in: canvas) ?? PixelRect(x: 0, y: canvas.height, width: canvas.width, height: 0)
        return RangeSelectorPresenter(main: main, factory: RecordingSurfaceFactory(),
                                      geometry: StageGeometry(canvas: canvas, plot: rect))
    }

    var shownMain: ChartPresenter { zoom.shown }
    var shownSelector: RangeSelectorPresenter { zoom.shown === main ? selector : day?.selector ?? selector }
    var shownSummary: SummaryPanelController { zoom.shown === main ? summary : day?.summary ?? summary }

    func openDay(_ source: DataSource, label: String) throws {
        let chart = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: Self.geometry,
                                   initialFraction: 1, frames: frames)
        let summary = SummaryPanelController()
        chart.stage.add(summary)
        day = (chart, Self.selector(of: chart), summary)
        zoom.zoomIn(to: chart, label: label)
    }

    func say(_ message: String) {
        said.append(message)
    }

    /// Runs frames as the window's loop does (advance, lower the flag, commit the shown
    /// stages together) until nothing moves.
    func settle() {
        for _ in 0..<600 {
            let moving = zoom.advance(by: 1.0 / 60) || shownSelector.advance(by: 1.0 / 60) || zoom.isTransitioning
            frames.beginFrame()
            RenderStage.prepareFrame(of: [shownMain.stage, shownSelector.stage])
            if !moving { return }
        }
    }

    /// 120 days of two series, a point at each UTC midnight.
    static func days() -> DataSource {
        let first = Double(CivilCalendar.days(year: 2019, month: 1, day: 1)) * 86_400_000
        let xs = (0..<120).map { first + Double($0) * 86_400_000 }
        return DataSource(dataset: Dataset(source: "overview.json", xs: XValues(xs),
                                           series: [Series(name: "Views", ys: xs.indices.map { 3000 + 800 * sin(Double($0) / 5) }),
                                                    Series(name: "Joined", ys: xs.indices.map { 400 + 90 * cos(Double($0) / 3) })],
                                           xKind: .time(unitsPerSecond: 1000)))
    }

    /// The 24 hours of the day starting at `start` (Unix ms).
    static func hours(from start: Double) -> DataSource {
        let xs = (0..<24).map { start + Double($0) * 3_600_000 }
        return DataSource(dataset: Dataset(source: "day.json", xs: XValues(xs),
                                           series: [Series(name: "Views", ys: xs.indices.map { 125 + 60 * sin(Double($0) / 4) }),
                                                    Series(name: "Joined", ys: xs.indices.map { 17 + 5 * cos(Double($0) / 4) })],
                                           xKind: .time(unitsPerSecond: 1000)))
    }
}

/// Records what is said aloud.
final class RecordedSpeech: SpeechOutput {
    private(set) var spoken: [String] = []
    private(set) var cancels = 0

    func speak(_ text: String) { spoken.append(text) }
    func cancel() { cancels += 1 }
}

/// An audiograph that plays nothing: it records the charts it was started on and plays
/// until stopped, or says `problem` instead.
final class RecordedPlayer: AudiographPlaying {
    var problem: String?
    private(set) var startedOn: [ChartPresenter] = []
    private(set) var updates = 0
    private(set) var isPlaying = false

    func toggle(on presenter: ChartPresenter) -> String? {
        if isPlaying {
            stop()
            return nil
        }
        if let problem { return problem }
        startedOn.append(presenter)
        isPlaying = true
        return nil
    }

    func stop() { isPlaying = false }

    func update(shown: ChartPresenter) {
        updates += 1
        if startedOn.last !== shown { stop() }
    }
}
