import ChartData
import ChartGeometry
import ChartStage

/// A pie of the series' shares of an x range, for percentage-stacked area charts: when
/// a person zooms into a range the areas give way to the pie, and come back.
///
/// The slices are in the series' colours, the bottom series first clockwise from 12
/// o'clock, each share written inside its slice in whole percent (adding up to 100), or
/// just beyond the rim when the slice is too narrow. `progress` (0…1, eased over
/// `duration`) runs the way in and out: the pie shrinks from the circle that fills the
/// plot's height to its size, 40% of the plot's smaller side, as it fades in (the
/// presenter fades the areas by 1 − progress). The presenter eases a toggled series'
/// weight and passes it on with `setWeights(_:)`: the slice shrinks to nothing and the
/// others grow to fill the pie. A new range while the pie is shown morphs the slices
/// from the old shares to the new. A hovered slice moves outwards and a board names the
/// series, its sum over the range and its share.
public final class PieController: RenderController {
    public let source: DataSource
    private let sums: RangeSums
    /// Seconds the pie takes to come in or go, and to morph to a new range's shares.
    public var duration = 0.35 {
        didSet { appearance.duration = duration }
    }
    /// The curve `progress` and a morph between ranges follow.
    public var easing = Easing.easeInOut
    /// The pie's radius as a fraction of the plot's smaller side.
    public var radiusFraction = 0.4
    /// Size of the smallest slice label, points before the HiDPI scale; a slice's label
    /// grows with its share, up to twice as large for half the pie or more.
    public var pointSize = 12.0
    /// Shares below this are labelled outside the rim, however much room the slice has.
    public var outsideLabelShare = 0.04
    /// Pixels (before the HiDPI scale) a hovered slice moves outwards.
    public var hoverOffset = 8.0

    /// The x range (data units) whose shares are shown; `nil` before the first `show`.
    public private(set) var range: ClosedRange<Double>?
    /// The series in the pie, bottom first (dataset indices).
    public private(set) var series: [Int] = []
    /// How much of each series counts, 0…1, in `series`' order.
    public private(set) var weights: [Double] = []
    /// Each series' colour, in `series`' order.
    public private(set) var colors: [RGBAColor] = []
    /// The hovered slice's place in `series`, if any.
    public private(set) var hoveredPosition: Int?
    /// The slices the last build drew, for tests and the presenter's hit tests.
    public private(set) var slices: [PieSlice] = []
    /// The hovered slice's board as the last build placed it.
    public private(set) var boardBox: PixelBox?

    /// Time through the way in (0…1, linear); its eased value is `progress`.
    private var appearance = Fade(value: 0, target: 0, duration: 0.35)
    /// Time through a morph from `morphStart` to the range's shares (linear).
    private var morph = Fade(value: 1, target: 1)
    private var morphStart: [Double] = []
    /// Time through each slice's move outwards (linear; the move eases out).
    private var lifts: [Fade] = []
    private var shapes: ShapeSurface?
    private var labels: TextSurface?
    private var boardShapes: ShapeSurface?
    private var boardText: TextSurface?
    private var environment: RenderEnvironment?

    /// Indexes the sums of every series of `source` (O(n × series count)).
    public init(source: DataSource) {
        self.source = source
        sums = RangeSums(dataset: source.dataset)
    }

    /// Whether the pie is shown or on its way in.
    public var isShown: Bool { appearance.target == 1 }

    /// How far in the pie is, eased: 0 hidden, 1 fully shown. The presenter fades the
    /// areas by 1 − progress.
    public var progress: Double { easing.value(at: appearance.value) }

    /// Whether the pie is coming, going or morphing.
    public var isAnimating: Bool { !appearance.isSettled || !morph.isSettled || lifts.contains { !$0.isSettled } }

    /// The series' shares over `range` with their weights now (0…1, in `series`' order),
    /// before any morph.
    public var targetShares: [Double] {
        guard let range else { return series.map { _ in 0 } }
        return sums.shares(of: series, weights: weights, overX: range)
    }

    /// The shares drawn now: a morph's blend of the old range's and the new one's.
    public var shownShares: [Double] {
        let target = targetShares
        guard !morph.isSettled, morphStart.count == target.count else { return target }
        let t = easing.value(at: morph.value)
        let blend = zip(morphStart, target).map { $0 + ($1 - $0) * t }
        let total = blend.reduce(0, +)
        return total > 0 ? blend.map { $0 / total } : blend
    }

    /// Shows the shares of `series` (dataset indices, bottom first) over the x range
    /// `range`, each counting `weights` (0…1) of its sum, in `colors`. Brings the pie in
    /// over `duration` when `animated`; on a pie already shown with the same series,
    /// morphs the slices to the new range's shares.
    /// - Precondition: one weight and one colour per series.
    public func show(range: ClosedRange<Double>, series: [Int], weights: [Double], colors: [RGBAColor], animated: Bool = true) {
        precondition(weights.count == series.count && colors.count == series.count, "PieController.show: one weight and colour per series")
        precondition(series.allSatisfy { (0..<sums.seriesCount).contains($0) }, "PieController.show: series \(series) not in the dataset")
        let isMorph = animated && appearance.value > 0 && series == self.series && self.range != range
        if isMorph {
            morphStart = shownShares
            morph = Fade(value: 0, target: 1, duration: duration)
        } else {
            morph = Fade(value: 1, target: 1)
        }
        if series != self.series {
            hoveredPosition = nil
            lifts = series.map { _ in Fade(value: 0, target: 0, duration: duration / 2) }
        }
        self.range = range
        self.series = series
        self.weights = weights
        self.colors = colors
        appearance.target = 1
        if !animated { appearance = Fade(value: 1, target: 1, duration: duration) }
        environment?.invalidate()
    }

    /// Takes the pie away, over `duration` when `animated`.
    public func hide(animated: Bool = true) {
        appearance.target = 0
        if !animated { appearance = Fade(value: 0, target: 0, duration: duration) }
        endHover()
        environment?.invalidate()
    }

    /// How much of each series counts, 0…1, in `series`' order: a toggled series'
    /// easing, a frame at a time.
    /// - Precondition: one weight per series.
    public func setWeights(_ weights: [Double]) {
        precondition(weights.count == series.count, "PieController.setWeights: one weight per series")
        guard weights != self.weights else { return }
        self.weights = weights
        environment?.invalidate()
    }

    /// Each series' colour, in `series`' order (a theme switch).
    /// - Precondition: one colour per series.
    public func setColors(_ colors: [RGBAColor]) {
        precondition(colors.count == series.count, "PieController.setColors: one colour per series")
        guard colors != self.colors else { return }
        self.colors = colors
        environment?.invalidate()
    }

    /// The place in `series` of the slice under `point` (canvas pixels), if any, as the
    /// last build drew them.
    public func position(at point: PixelPoint) -> Int? {
        slices.first { $0.contains(point) }?.position
    }

    /// Lifts the slice under `point` (canvas pixels) out of the pie and shows its board;
    /// lowers the one lifted before.
    public func hover(at point: PixelPoint) {
        setHovered(progress > 0 ? position(at: point) : nil)
    }

    /// Lowers the hovered slice (the pointer left the pie or the plot).
    public func endHover() {
        setHovered(nil)
    }

    private func setHovered(_ position: Int?) {
        guard position != hoveredPosition else { return }
        hoveredPosition = position
        for i in lifts.indices { lifts[i].target = i == position ? 1 : 0 }
        environment?.invalidate()
    }

    // MARK: RenderController

    public var followsViewport: Bool { false }

    public func attach(to environment: RenderEnvironment) {
        shapes = environment.surface(for: Shape.self, layer: .series)
        labels = environment.surface(for: TextRun.self, layer: .series)
        boardShapes = environment.surface(for: Shape.self, layer: .overlay)
        boardText = environment.surface(for: TextRun.self, layer: .overlay)
        self.environment = environment
    }

    public func advance(by seconds: Double) -> Bool {
        guard isAnimating else { return false }
        appearance.advance(by: seconds)
        morph.advance(by: seconds)
        for i in lifts.indices { lifts[i].advance(by: seconds) }
        return true
    }

    public func build(in environment: RenderEnvironment) {
        slices = []
        boardBox = nil
        guard let shapes, let labels, progress > 0 else { return }
        let geometry = environment.geometry
        let plot = geometry.plotBox
        let t = progress
        let side = min(plot.width, plot.height)
        let layout = PieLayout(center: PixelPoint(x: plot.x + plot.width / 2, y: plot.y + plot.height / 2),
                               radius: side * (0.5 + (radiusFraction - 0.5) * t),
                               lifts: lifts.map { Easing.easeOut.value(at: $0.value) * hoverOffset * geometry.scale },
                               pointSize: pointSize, outsideShare: outsideLabelShare, scale: geometry.scale)
        slices = layout.slices(shares: shownShares, series: series, colors: colors, outsideColor: environment.theme.text) {
            labels.measure($0, pointSize: $1)
        }
        for slice in slices {
            shapes.add(.wedge(center: slice.center, radius: slice.radius, startAngle: slice.startAngle, endAngle: slice.endAngle,
                              fill: colors[slice.position].withAlpha(t)))
        }
        for slice in slices {
            guard var label = slice.label else { continue }
            label.color = label.color.withAlpha(t)
            labels.add(label)
        }
        if let hoveredPosition, let slice = slices.first(where: { $0.position == hoveredPosition }) {
            addBoard(for: slice, of: layout, in: environment, opacity: t)
        }
    }

    /// The hovered series' name in its colour, its sum over the range and its share, on
    /// a panel just beyond the slice's rim, or in a corner of the plot, off the pie.
    private func addBoard(for slice: PieSlice, of layout: PieLayout, in environment: RenderEnvironment, opacity: Double) {
        guard let boardShapes, let boardText, let range else { return }
        let theme = environment.theme
        let scale = environment.geometry.scale
        let series = slice.seriesIndex
        let sum = sums.sum(ofSeries: series, overX: range)
        let rows: [(String, RGBAColor)] = [
            (DisplayText.name(source.dataset.series[series].name), colors[slice.position].readable(on: theme.panel)),
            ("Sum " + ValueFormat.string(sum, dataDecimals: source.decimals[series]), theme.text),
            ("Share \(slice.percent)%", theme.text),
        ]
        let padding = 8 * scale, spacing = 4 * scale
        let sizes = rows.map { boardText.measure($0.0, pointSize: pointSize) }
        let size = TextSize(width: (sizes.map(\.width).max() ?? 0) + 2 * padding,
                            height: sizes.map(\.height).reduce(0, +) + spacing * Double(rows.count - 1) + 2 * padding)
        let box = PieLayout.board(size: size, beside: slice, pieCenter: layout.center, pieRadius: layout.radius + (layout.lifts.max() ?? 0),
                                  gap: 8 * scale, inside: environment.geometry.plotBox)
        boardBox = box
        boardShapes.add(.rect(box, fill: theme.panel.withAlpha(opacity), cornerRadius: 6 * scale))
        var y = box.y + padding
        for ((text, color), size) in zip(rows, sizes) {
            boardText.add(TextRun(text, at: PixelPoint(x: box.x + padding, y: y), anchor: .topLeft, pointSize: pointSize,
                                  color: color.withAlpha(opacity)))
            y += size.height + spacing
        }
    }
}
