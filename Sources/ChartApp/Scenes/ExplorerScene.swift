import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartRender
import ChartStage

/// The window's picture: the main chart's stage and the range selector's stage under it,
/// two presenters over one data source, drawn into one canvas.
///
/// In a chart folder with day files, a day's data (read by `DayFileLoader` when
/// `DayZoomCommands` is asked) gets a second level here (its own data source,
/// presenters and GPU surfaces), and `DayZoom` runs the transition. The overview's
/// level stays alive meanwhile, so going back (Esc, "‹ Zoom out") is instant. Input
/// reaches it through the window's `CommandRouter`; every stage raises the window's
/// one frame flag (`frames`).
public final class ExplorerScene: ExplorerChart {
    var overview: ExplorerLevel
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
    /// The flag every stage of every level raises when it changed: one per window.
    public let frames: FrameRequest
    /// Whether the `?` panel of every key and mouse action is shown (over a day's chart too).
    public var showsKeyHelp = false {
        didSet {
            overview.keyHelp.isShown = showsKeyHelp
            day?.keyHelp.isShown = showsKeyHelp
        }
    }
    /// The `?` panel's box on the chart shown at the last frame, while it is shown.
    public var keyHelpPanel: PixelBox? { shown.keyHelp.layout?.panel }

    let device: RenderDevice
    let lineWidth: Double
    let gradient: Bool
    let font: FontFace?
    let smooth: Bool

    /// - Parameters:
    ///   - initialFraction: the share of the data shown at first, newest last.
    ///   - smooth: draw the lines, in both stages, as smooth curves where the points are
    ///     sparse (`--smooth`).
    ///   - frames: the window's frame flag; by default the scene's own.
    public init(device: RenderDevice, source: DataSource, canvas: PixelSize, scale: Double = 1, theme: ChartTheme = .day,
                lineWidth: Double = 2, gradient: Bool = true, font: FontFace?, initialFraction: Double = 0.2,
                smooth: Bool = false, frames: FrameRequest = FrameRequest()) throws {
        self.device = device
        self.lineWidth = lineWidth
        self.gradient = gradient
        self.font = font
        self.smooth = smooth
        self.frames = frames
        overview = try ExplorerLevel(device: device, source: source, canvas: canvas, scale: scale, theme: theme,
                                     lineWidth: lineWidth, gradient: gradient, font: font, initialFraction: initialFraction,
                                     smooth: smooth, frames: frames)
        zoom = DayZoom(overview: overview.main)
        ChartAssembly.add(notice, over: overview.main)
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
    }

    /// Advances the shown presenters and a transition; returns whether anything still moves.
    @discardableResult
    public func advance(by seconds: Double) -> Bool {
        let mainMoving = zoom.advance(by: seconds)
        let selectorMoving = shown.advanceSelector(by: seconds)
        // Back on the overview: the day's GPU resources go.
        if zoom.day == nil { day = nil }
        return mainMoving || selectorMoving || zoom.isTransitioning
    }

    /// Commits the shown level's changes (the frame's one commit; the loop has begun the
    /// frame on `frames` before it) and draws its stages into `target` (the window's
    /// framebuffer, or an image).
    public func draw(into target: PassTarget) {
        shown.commit()
        shown.draw(into: target)
    }

    /// Makes the day's level over `source` (all of it shown) and starts the zoom into it.
    public func openDay(_ source: DataSource, label: String) throws {
        let geometry = overview.main.geometry
        let level = try ExplorerLevel(device: device, source: source, canvas: geometry.canvas, scale: geometry.scale,
                                      theme: overview.main.stage.targetTheme, lineWidth: lineWidth, gradient: gradient,
                                      font: font, initialFraction: 1, smooth: smooth, frames: frames)
        level.main.gradient.shift()
        level.keyHelp.isShown = showsKeyHelp
        day = level
        zoom.zoomIn(to: level.main, label: label)
    }

    /// Shows `message` on the overview for a while and tells `onNotice`.
    public func say(_ message: String) {
        notice.show(message)
        onNotice?(message)
    }
}
