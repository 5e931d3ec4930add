import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartRender
import ChartStage

/// The window's picture: the main chart's stage and the range selector's stage under it,
/// two presenters over one data source, drawn into one canvas.
///
/// In a chart folder with day files (`DayFiles`), a click on a point or Enter on the
/// highlighted one opens that day: its file is loaded, a second level (its own data
/// source, presenters and GPU surfaces) is made, and `DayZoom` runs the transition. The
/// overview's level stays alive meanwhile, so going back (Esc, "‹ Zoom out") is instant.
/// A day file that is missing or broken leaves the overview as it is and says so on
/// the chart (`notice`) and to `onNotice`.
public final class ExplorerScene {
    private let overview: ExplorerLevel
    /// The day's level, from the click that opened it until the way back has ended.
    private var day: ExplorerLevel?
    /// The overview's main chart (the one the session remembers).
    public var main: ChartPresenter { overview.main }
    /// The overview's range selector.
    public var selector: RangeSelectorPresenter { overview.selector }
    /// The overview's range selector surfaces; its lines are drawn once and cached.
    public var selectorFactory: GPUSurfaceFactory { overview.selectorFactory }
    /// Opening a day and going back.
    public let zoom: DayZoom
    /// The overview's passing messages (a day file that could not be read).
    public let notice = NoticeController()
    /// Told each message `notice` shows (the window writes it to standard error).
    public var onNotice: ((String) -> Void)?
    public private(set) var isAnimating = false
    /// Whether the `?` panel of every key and mouse action is shown (over a day's chart too).
    public var showsKeyHelp = false {
        didSet {
            overview.keyHelp.isShown = showsKeyHelp
            day?.keyHelp.isShown = showsKeyHelp
        }
    }
    /// The `?` panel's box on the chart shown at the last frame, while it is shown.
    public var keyHelpPanel: PixelBox? { shown.keyHelp.layout?.panel }

    private let device: RenderDevice
    private let days: DayFiles?
    private let dayOptions: LoadOptions
    private let lineWidth: Double
    private let gradient: Bool
    private let font: FontFace?
    private let smooth: Bool

    /// - Parameters:
    ///   - initialFraction: the share of the data shown at first, newest last.
    ///   - days: the day files beside the chart's file; `nil` opens no days (a click pins
    ///     the highlight).
    ///   - dayOptions: what to read from a day file: the chart file's options.
    ///   - smooth: draw the lines, in both stages, as smooth curves where the points are
    ///     sparse (`--smooth`).
    public init(device: RenderDevice, source: DataSource, canvas: PixelSize, scale: Double = 1, theme: ChartTheme = .day,
                lineWidth: Double = 2, gradient: Bool = true, font: FontFace?, initialFraction: Double = 0.2,
                smooth: Bool = false, days: DayFiles? = nil, dayOptions: LoadOptions = LoadOptions()) throws {
        self.device = device
        self.days = days
        self.dayOptions = dayOptions
        self.lineWidth = lineWidth
        self.gradient = gradient
        self.font = font
        self.smooth = smooth
        overview = try ExplorerLevel(device: device, source: source, canvas: canvas, scale: scale, theme: theme,
                                     lineWidth: lineWidth, gradient: gradient, font: font, initialFraction: initialFraction,
                                     smooth: smooth)
        zoom = DayZoom(overview: overview.main)
        ChartAssembly.add(notice, over: overview.main)
        if days != nil {
            overview.main.onZoomIntoPoint = { [unowned self] index in openDay(at: index) }
        }
    }

    /// The level drawn and given input now.
    private var shown: ExplorerLevel { zoom.shown === overview.main ? overview : day ?? overview }

    /// The main chart drawn and given input now: a day's while one is shown.
    public var shownMain: ChartPresenter { shown.main }
    /// The range selector drawn and given input now.
    public var shownSelector: RangeSelectorPresenter { shown.selector }
    /// The summary panel over the chart shown now.
    public var shownSummary: SummaryPanelController { shown.summaryPanel }

    /// Lays both stages of every level out for a canvas of `size` (after a resize).
    public func resize(to size: PixelSize, scale: Double) {
        overview.resize(to: size, scale: scale)
        day?.resize(to: size, scale: scale)
    }

    public func setTheme(_ theme: ChartTheme, animated: Bool) {
        overview.setTheme(theme, animated: animated)
        day?.setTheme(theme, animated: animated)
        isAnimating = isAnimating || animated
    }

    /// Gives `event` to the navigation first (Esc and "‹ Zoom out" in a day; nothing
    /// during a transition), else to `router`, pointed at the chart shown; returns
    /// whether it was for the chart.
    @discardableResult
    public func route(_ event: ChartEvent, through router: InputRouter) -> Bool {
        if zoom.intercept(event) {
            isAnimating = true
            return true
        }
        router.retarget(main: shownMain, selector: shownSelector)
        let routed = router.route(event)
        if zoom.isTransitioning { isAnimating = true }
        return routed
    }

    /// Advances the shown presenters and a transition; returns whether anything still moves.
    @discardableResult
    public func advance(by seconds: Double) -> Bool {
        let mainMoving = zoom.advance(by: seconds)
        let selectorMoving = shown.advanceSelector(by: seconds)
        // Back on the overview: the day's GPU resources go.
        if zoom.day == nil { day = nil }
        isAnimating = mainMoving || selectorMoving || zoom.isTransitioning
        return isAnimating
    }

    /// Whether something changed since the last frame.
    public var needsFrame: Bool { shown.needsFrame }

    /// Draws the shown level's stages into `target` (the window's framebuffer, or an image).
    public func draw(into target: PassTarget) {
        shown.draw(into: target)
    }

    /// Opens the day of the overview's point `index`; returns whether it did. Loads the
    /// day's file here, on the main thread: a day file is a few kilobytes.
    private func openDay(at index: Int) -> Bool {
        let dataset = overview.main.source.dataset
        guard let days, zoom.phase == .overview, dataset.xs.indices.contains(index),
              case let .time(unitsPerSecond) = dataset.xKind else { return false }
        let x = dataset.xs[index]
        do {
            let loaded = try days.load(x: x, unitsPerSecond: unitsPerSecond, options: dayOptions)
            // Gaps as the overview's: joined across with --connect-gaps, else broken.
            let source = DataSource(dataset: loaded, lodMethod: overview.main.source.lodMethod,
                                    connectsGaps: overview.main.source.gaps == .connected)
            guard Viewport.fitting(source) != nil else {
                throw DataLoadError.noData(file: loaded.source, reason: "no finite point to show")
            }
            let geometry = overview.main.geometry
            let level = try ExplorerLevel(device: device, source: source, canvas: geometry.canvas, scale: geometry.scale,
                                          theme: overview.main.stage.targetTheme, lineWidth: lineWidth, gradient: gradient,
                                          font: font, initialFraction: 1, smooth: smooth)
            level.main.gradient.shift()
            level.keyHelp.isShown = showsKeyHelp
            day = level
            zoom.zoomIn(to: level.main, label: DayZoom.label(forX: x, unitsPerSecond: unitsPerSecond))
            isAnimating = true
            return true
        } catch {
            let message = "\(error)"
            notice.show(message)
            onNotice?(message)
            return false
        }
    }
}
