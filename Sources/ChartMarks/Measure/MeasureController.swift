import ChartData
import ChartGeometry
import ChartStage

/// A measure between two points A and B: the band between them shaded under the lines,
/// A and B as vertical rules with their tags, and a panel of the figures of A…B (the
/// rows `figures` gives for the series shown: Δx, per series Δy, %, slope and the
/// range's statistics). With A alone, its rule and a panel saying how to set B.
///
/// A and B are points' x (data units), so every figure is read from the data at them.
/// The panel stands in a corner of the plot, never over the pinned point
/// (`MeasurePanelLayout`); the info board keeps clear of the panel in turn
/// (`panelBox`). The figures are worked out once per A, B and series shown, not per
/// frame: a measure over ten million points is a scan of them.
public final class MeasureController: RenderController {
    /// The data measured: the figures and the points A and B snap to are read from it.
    public let source: DataSource
    private let lines: SeriesLinesController
    /// The panel's text size in points (pixels before the HiDPI scale).
    public var pointSize = 12.0
    /// The first point set, data x; `nil` when there is no measure.
    public private(set) var a: Double?
    /// The second point, data x; `nil` until it is set.
    public private(set) var b: Double?
    /// The panel's rows for a range over the series shown (dataset indices); `nil`
    /// draws the band and rules without a panel.
    public var figures: ((ClosedRange<Double>, [Int]) -> [MeasureRow])?
    /// The index of the point the panel keeps clear of (the pinned one), if any.
    public var keptClearIndex: (() -> Int?)?
    /// The radius of the circles on the kept-clear point (the highlight's), pixels
    /// before the HiDPI scale: the panel keeps that and the board's gap
    /// (`InfoBoardLayout.gap`) from the point's column.
    public var keptClearRadius: (() -> Double)?
    /// Told whenever A or B change (the session keeps the measure).
    public var onChange: (() -> Void)?
    /// Told when the panel moves or goes (the info board keeps clear of it).
    public var onPanelMove: (() -> Void)?
    /// What the last build drew, for tests and the board: the panel's box, canvas
    /// pixels; `nil` when no panel is drawn.
    public private(set) var panelBox: PixelBox?
    /// The band's box from A to B over the plot, canvas pixels; `nil` without a measure.
    public private(set) var bandBox: PixelBox?
    /// The rows of the figures for the measure as it is over the series shown now
    /// (empty without a whole one), worked out again only when either changed.
    public var rows: [MeasureRow] { currentRows() }
    private var cachedRows: [MeasureRow] = []
    private var rowsKey: (range: ClosedRange<Double>, series: [Int])?
    /// The kept-clear point and the series shown at the last build: a change rebuilds.
    private var builtFor: (index: Int?, series: [Int])?
    private var band: ShapeSurface?
    private var shapes: ShapeSurface?
    private var text: TextSurface?
    private var environment: RenderEnvironment?

    public init(source: DataSource, lines: SeriesLinesController) {
        self.source = source
        self.lines = lines
    }

    public func attach(to environment: RenderEnvironment) {
        // The band under the lines (they stay readable through it); the rest over them.
        band = environment.surface(for: Shape.self, layer: .grid)
        shapes = environment.surface(for: Shape.self, layer: .overlay)
        text = environment.surface(for: TextRun.self, layer: .overlay)
        self.environment = environment
    }

    /// A and B, both set: the range between them (A the earlier).
    public var range: ClosedRange<Double>? {
        guard let a, let b else { return nil }
        return min(a, b)...max(a, b)
    }

    /// Whether anything is set (A alone counts: Esc clears it).
    public var isActive: Bool { a != nil }

    /// Sets the measure to `a` and `b` (data x), or A alone; the earlier becomes A.
    public func set(a: Double, b: Double?) {
        if let b {
            (self.a, self.b) = (min(a, b), max(a, b))
        } else {
            (self.a, self.b) = (a, nil)
        }
        changed()
    }

    /// The next point of a measure at the point nearest `x` (data units): A when there
    /// is none or a whole one (a new measure), else B.
    /// - Complexity: O(log n).
    public func mark(nearestTo x: Double) {
        guard let index = source.dataset.nearestIndex(toX: x) else { return }
        mark(index: index)
    }

    /// The next point of a measure at point `index`: A when there is none or a whole
    /// one, else B (the earlier of the two becomes A).
    public func mark(index: Int) {
        guard source.dataset.xs.indices.contains(index) else { return }
        let x = source.dataset.xs[index]
        if let a, b == nil { set(a: a, b: x) } else { set(a: x, b: nil) }
    }

    /// Clears the measure (Esc).
    public func clear() {
        guard isActive else { return }
        (a, b) = (nil, nil)
        changed()
    }

    private func changed() {
        environment?.invalidate()
        onChange?()
    }

    private func currentRows() -> [MeasureRow] {
        guard let range, let figures else { return [] }
        let shown = lines.visibleSeries
        if let key = rowsKey, key.range == range, key.series == shown { return cachedRows }
        cachedRows = figures(range, shown)
        rowsKey = (range, shown)
        return cachedRows
    }

    /// Rebuilds when the point kept clear of or the series shown changed since the
    /// last build (neither moves the view).
    public func advance(by seconds: Double) -> Bool {
        guard isActive, let builtFor else { return false }
        return builtFor.index != keptClearIndex?() || builtFor.series != lines.visibleSeries
    }

    public func build(in environment: RenderEnvironment) {
        let before = panelBox
        defer { if panelBox != before { onPanelMove?() } }
        panelBox = nil
        bandBox = nil
        builtFor = nil
        guard let a, let band, let shapes, let text else { return }
        let keptClear = keptClearIndex?()
        builtFor = (keptClear, lines.visibleSeries)
        let geometry = environment.geometry, plot = geometry.plotBox, scale = geometry.scale
        let scales = environment.scales(for: .left)
        let theme = environment.theme
        if let range {
            let low = max(scales.canvasX(range.lowerBound), plot.x), high = min(scales.canvasX(range.upperBound), plot.maxX)
            if high > low {
                let box = PixelBox(x: low, y: plot.y, width: high - low, height: plot.height)
                bandBox = box
                band.add(.rect(box, fill: theme.text.withAlpha(0.09)))
            }
        }
        var tags: [PixelBox] = []
        for (label, x) in [("A", a), ("B", b)] {
            guard let x else { continue }
            let px = scales.canvasX(x)
            guard px >= plot.x - 1, px <= plot.maxX + 1 else { continue }
            shapes.add(.segment(from: PixelPoint(x: px, y: plot.y), to: PixelPoint(x: px, y: plot.maxY), width: 1.5 * scale,
                                color: theme.text.withAlpha(0.7), dash: Dash(on: 5 * scale, off: 3 * scale)))
            let size = text.measure(label, pointSize: pointSize)
            let padding = 4 * scale
            let tag = PixelBox(x: px - size.width / 2 - padding, y: plot.y, width: size.width + 2 * padding,
                               height: size.height + padding)
            tags.append(tag)
            shapes.add(.rect(tag, fill: theme.text.withAlpha(0.85), cornerRadius: 3 * scale))
            text.add(TextRun(label, at: PixelPoint(x: px, y: plot.y + padding / 2), anchor: .topCenter, pointSize: pointSize,
                             color: theme.panel.withAlpha(1)))
        }
        let rows = range == nil ? [MeasureRow(text: "A  \(source.dataset.xKind.label(a, decimals: SeriesPrecision.maximumDecimals, precision: .of(source.dataset)))  ·  shift-click or m on a pinned point sets B")]
            : currentRows()
        guard !rows.isEmpty else { return }
        drawPanel(rows, keepingClearOf: tags + pinnedColumn(keptClear, scales: scales, plot: plot, scale: scale),
                  in: environment, text: text, shapes: shapes)
    }

    /// The pinned point's column, as wide as its circles and the board's gap beside
    /// them: the panel never covers the point or its line.
    private func pinnedColumn(_ index: Int?, scales: PlotScales, plot: PixelBox, scale: Double) -> [PixelBox] {
        guard let index, source.dataset.xs.indices.contains(index) else { return [] }
        let x = scales.canvasX(source.dataset.xs[index]), reach = ((keptClearRadius?() ?? 0) + InfoBoardLayout.gap) * scale
        return [PixelBox(x: x - reach, y: plot.y, width: 2 * reach, height: plot.height)]
    }

    private func drawPanel(_ all: [MeasureRow], keepingClearOf boxes: [PixelBox], in environment: RenderEnvironment,
                           text: TextSurface, shapes: ShapeSurface) {
        let geometry = environment.geometry, plot = geometry.plotBox, scale = geometry.scale, theme = environment.theme
        let padding = 8 * scale, spacing = 3 * scale, margin = 8 * scale
        let rowHeight = text.measure("Ag", pointSize: pointSize).height
        // As many rows as the plot holds; those beyond are counted.
        let fitting = max(Int((plot.height - 2 * margin - 2 * padding + spacing) / (rowHeight + spacing)), 1)
        var rows = all
        if rows.count > fitting {
            rows = Array(rows.prefix(fitting - 1)) + [MeasureRow(text: "+\(all.count - fitting + 1) more lines (Ctrl+C copies all)")]
        }
        let width = (rows.map { text.measure($0.text, pointSize: pointSize).width }.max() ?? 0) + 2 * padding
        let size = TextSize(width: min(width, plot.width - 2 * margin),
                            height: Double(rows.count) * (rowHeight + spacing) - spacing + 2 * padding)
        let box = MeasurePanelLayout.place(size: size, in: plot, margin: margin, keepingClearOf: boxes) { box in
            lineCover(of: box, in: environment)
        }
        panelBox = box
        var fill = theme.panel
        fill.alpha = 1
        // A hairline edge, so the panel stands apart from a flat background of its colour.
        shapes.add(.outline(PixelBox(x: box.x - scale, y: box.y - scale, width: box.width + 2 * scale, height: box.height + 2 * scale),
                            color: theme.text.withAlpha(0.3), width: scale, cornerRadius: 7 * scale))
        shapes.add(.rect(box, fill: fill, cornerRadius: 6 * scale))
        for (number, row) in rows.enumerated() {
            let color = row.series.map { lines.drawnColor(ofSeries: $0, theme: theme) } ?? theme.text
            text.add(TextRun(row.text, at: PixelPoint(x: box.x + padding, y: box.y + padding + Double(number) * (rowHeight + spacing)),
                             anchor: .topLeft, pointSize: pointSize, color: color.readable(on: fill)))
        }
    }

    /// How many of `slices` upright slices of `box` a shown series' line passes
    /// through, summed over the series: the lines' extent in each slice's x range
    /// (`DataSource.yBounds`) against the box's height.
    /// - Complexity: O(slices × series × log n).
    private func lineCover(of box: PixelBox, in environment: RenderEnvironment, slices: Int = 16) -> Double {
        var covered = 0
        for series in lines.visibleSeries {
            let scales = environment.scales(for: lines.composition.axis(ofSeries: series))
            for slice in 0..<slices {
                let x0 = scales.dataX(atCanvasX: box.x + box.width * Double(slice) / Double(slices))
                let x1 = scales.dataX(atCanvasX: box.x + box.width * Double(slice + 1) / Double(slices))
                guard x1 > x0, let bounds = source.yBounds(inX: x0...x1, series: [series]) else { continue }
                let top = scales.canvasY(bounds.max), bottom = scales.canvasY(bounds.min)
                if min(top, bottom) <= box.maxY, max(top, bottom) >= box.y { covered += 1 }
            }
        }
        return Double(covered)
    }
}
