import ChartData
import ChartGeometry
import ChartStage

/// Hover and pinned highlight: a vertical line at the data point nearest the pointer,
/// a circle on each visible series, and the info board with the date and each series'
/// true value in its colour.
///
/// The circles and the board name the same point: each circle stands at the point's true
/// value, never at a level of detail's stand-in for it. A min/max level keeps each
/// bucket's lowest and highest point, a fraction of a pixel apart, so the drawn line
/// passes through the true value's height in its column and the circle sits on it
/// (a straight line between the drawn neighbours would put it on a neighbouring hour's
/// value in a dense view). With `--lod rdp` that does not hold: a Ramer–Douglas–Peucker
/// level keeps only the points farthest from the chords between the others, so a point
/// it dropped is off the straight line drawn past it, and its circle with it (the
/// circle and the board still show the true value).
/// The board is laid out against the target viewport (`InfoBoardLayout`), so it stays
/// put while y animates.
///
/// Where the lines are drawn smoothed (`SeriesLinesController.isSmooth` and a view
/// sparse enough, `SmoothCurve.smooths`), a hover follows the pointer rather than
/// jumping from point to point: the line and the circles stand at the pointer's pixel
/// column, each circle at the curve's y there from a `SmoothCurveLookup` (built once per
/// series, view and plot, so a pointer moving over a still view costs a lookup), and
/// as the view scrolls under a resting pointer they ride the curve. The board still
/// shows the nearest point's true values. A pinned highlight stays on its point, which
/// the curve passes through.
public final class HighlightController: RenderController {
    public let source: DataSource
    private let lines: SeriesLinesController
    public var pointSize = 12.0
    /// Circle radius, pixels before the HiDPI scale.
    public var radius = 5.0
    /// How far around the pointer's hot spot the board keeps clear, pixels before the
    /// HiDPI scale: an arrow cursor's size.
    public var pointerReach = 12.0
    /// The highlighted point, if any.
    public private(set) var index: Int?
    public private(set) var isPinned = false
    /// What the last build drew, for tests and the window's trace.
    public private(set) var circles: [PixelPoint] = []
    public private(set) var boardBox: PixelBox?
    /// The board's rows as drawn: the date, then each shown series' name and value.
    public private(set) var rows: [String] = []
    /// Told the new index whenever the highlight moves (the bars dim around it).
    public var onIndexChange: ((Int?) -> Void)?
    /// Lookups built for the smooth curves (for tests: a still view builds each once).
    public private(set) var lookupBuilds = 0
    /// Where the pointer hovers, data x; a smoothed hover stands there.
    private var pointerX: Double?
    /// Where the pointer hovers, canvas pixels: the board keeps clear of it.
    private var pointer: PixelPoint?
    /// Boxes over the plot the board keeps clear of besides the circles and the pointer
    /// (a notice); call `setNeedsBuild()` when they change.
    public var obstacles: (() -> [PixelBox])?
    /// The latest lookup per series, with the view and plot it was built for.
    private var lookups: [Int: (visible: DataRect, plot: PixelBox, lookup: SmoothCurveLookup)] = [:]
    private var shapes: ShapeSurface?
    private var text: TextSurface?
    private var environment: RenderEnvironment?

    public init(source: DataSource, lines: SeriesLinesController) {
        self.source = source
        self.lines = lines
    }

    public func attach(to environment: RenderEnvironment) {
        shapes = environment.surface(for: Shape.self, layer: .overlay)
        text = environment.surface(for: TextRun.self, layer: .overlay)
        self.environment = environment
    }

    /// Highlights the point nearest `x` (data units), unless a pin holds another; inside
    /// a gap in x, farther than `reach` (data units) from its ends, nothing: no line is
    /// drawn there, so there is no value to show. `pointer`, the pointer's canvas pixel,
    /// is kept clear by the board: a move that stays on the same point rebuilds nothing
    /// unless the pointer comes onto the board as drawn (then it moves).
    /// - Complexity: O(log n).
    public func hover(atX x: Double, reach: Double = 0, pointer: PixelPoint? = nil) {
        guard !isPinned else { return }
        if lines.isSmooth, pointerX != x { environment?.invalidate() }
        if pointer != self.pointer {
            self.pointer = pointer
            if let pointer, let boardBox, pointerBox(around: pointer).intersects(boardBox) { environment?.invalidate() }
        }
        pointerX = x
        set(source.nearestIndex(toX: x, reach: reach))
    }

    /// The box around the pointer at `point` the board keeps clear of, canvas pixels.
    private func pointerBox(around point: PixelPoint) -> PixelBox {
        let reach = pointerReach * (environment?.geometry.scale ?? 1)
        return PixelBox(x: point.x - reach, y: point.y - reach, width: 2 * reach, height: 2 * reach)
    }

    /// Ends a hover (the pointer left the plot); a pinned highlight stays.
    public func endHover() {
        guard !isPinned else { return }
        pointerX = nil
        pointer = nil
        set(nil)
    }

    /// Pins the highlight at the point nearest `x`, or unpins it if it is pinned there;
    /// a click inside a gap in x (as `hover(atX:reach:)` tells) pins nothing and unpins.
    public func togglePin(atX x: Double, reach: Double = 0) {
        let nearest = source.nearestIndex(toX: x, reach: reach)
        if nearest == nil || isPinned && nearest == index {
            isPinned = false
            if nearest == nil { set(nil) }
        } else {
            isPinned = true
            set(nearest)
        }
        environment?.invalidate()
    }

    /// Puts the highlight back as it was (a double-click undoes its first click's pin).
    public func restore(index: Int?, pinned: Bool) {
        isPinned = pinned && index != nil
        set(index)
        environment?.invalidate()
    }

    /// Clears the highlight, pinned or not (Esc).
    public func clear() {
        isPinned = false
        pointerX = nil
        pointer = nil
        set(nil)
    }

    /// Pins the highlight at point `index` (Enter, the keyboard's steps).
    public func pin(index: Int) {
        guard source.dataset.xs.indices.contains(index) else { return }
        isPinned = true
        pointerX = nil
        set(index)
        environment?.invalidate()
    }

    /// Moves the pinned highlight `count` points on (negative: back), passing over the
    /// points no visible series has a value at; at the data's end it stops on the last
    /// point with one. Returns the new index, `nil` when nothing is pinned.
    /// - Complexity: O(`count` + the points passed over).
    @discardableResult
    public func step(by count: Int) -> Int? {
        guard isPinned, let index else { return nil }
        let stepped = steppedIndex(by: count, from: index)
        set(stepped)
        return stepped
    }

    /// The point `count` points with a value from `start` (negative: back), or the last
    /// such point before the data ends; `start` itself when there is none.
    /// - Complexity: O(`count` + the points passed over).
    public func steppedIndex(by count: Int, from start: Int) -> Int {
        let visible = lines.visibleSeries
        let series = source.dataset.series
        let direction = count < 0 ? -1 : 1
        var found = start, i = start, left = abs(count)
        while left > 0 {
            i += direction
            guard source.dataset.xs.indices.contains(i) else { break }
            if visible.contains(where: { series[$0].ys[i].isFinite }) {
                found = i
                left -= 1
            }
        }
        return found
    }

    /// The point nearest `x` (data units) at which a visible series has a value, `nil`
    /// where none has one anywhere.
    public func nearestIndexWithValue(toX x: Double) -> Int? {
        guard let nearest = source.dataset.nearestIndex(toX: x) else { return nil }
        let visible = lines.visibleSeries, series = source.dataset.series, xs = source.dataset.xs
        if visible.contains(where: { series[$0].ys[nearest].isFinite }) { return nearest }
        let candidates = [steppedIndex(by: -1, from: nearest), steppedIndex(by: 1, from: nearest)].filter { $0 != nearest }
        return candidates.min { abs(xs[$0] - x) < abs(xs[$1] - x) }
    }

    /// Rebuilds the board and circles before the next frame: the series shown changed (a
    /// pinned board drops a series the moment it is hidden) or what the board keeps clear
    /// of (`obstacles`) did.
    public func setNeedsBuild() {
        environment?.invalidate()
    }

    private func set(_ newIndex: Int?) {
        guard newIndex != index else { return }
        index = newIndex
        environment?.invalidate()
        onIndexChange?(newIndex)
    }

    public func build(in environment: RenderEnvironment) {
        circles = []
        boardBox = nil
        rows = []
        guard let index, let shapes, let text else { return }
        let dataset = source.dataset
        let geometry = environment.geometry
        let plot = geometry.plotBox
        let current = environment.viewport.current
        let x = dataset.xs[index]
        let theme = environment.theme
        let scale = geometry.scale
        let now = geometry.scales(showing: current)
        let smooth = lines.isSmooth && SmoothCurve.smooths(source, visible: current, plotWidth: geometry.plot.width)
        // A smoothed hover stands at the centre of the pointer's column, where the lookup
        // has the curve's y.
        let pointerColumnX = pointerX.flatMap { pointerX -> Double? in
            guard smooth, !isPinned else { return nil }
            // A pointer at a whole pixel x is in the column starting there; the way
            // through data x may land a hair short of it.
            let offset = now.canvasX(pointerX) - plot.x + 1e-6
            guard offset >= 0, offset < plot.width else { return nil }
            return plot.x + offset.rounded(.down) + 0.5
        }
        guard pointerColumnX != nil || x >= current.minX && x <= current.maxX, current.width > 0, current.height > 0 else { return }
        let lineX = pointerColumnX ?? now.canvasX(x)
        // A bar chart marks the step by dimming the others; lines and areas get a rule.
        if !(lines.composition.hasBars && lines.composition.lines.isEmpty && lines.composition.candles == nil) {
            shapes.add(.segment(from: PixelPoint(x: lineX, y: plot.y), to: PixelPoint(x: lineX, y: plot.maxY),
                                width: scale, color: theme.text.withAlpha(0.45)))
        }

        var targetCircles: [PixelPoint] = []
        let candle = drawnCandle(at: index, in: environment)
        let datePrecision = DatePrecision.of(source.dataset)
        var boardRows: [(String, RGBAColor)] = [(candle.flatMap { candleSpanLabel($0.candle) } ?? source.dataset.xKind.label(x, decimals: SeriesPrecision.maximumDecimals, precision: datePrecision), theme.text)]
        let composition = lines.composition
        let visibleSeries = lines.visibleSeries
        for series in visibleSeries {
            // A candle's four have no colour of their own: rising and falling are the candle's.
            let color = composition.candles?.contains(series) == true ? theme.text
                : lines.drawnColor(ofSeries: series, theme: theme)
            // In a chart of several files, each series is read at its own nearest point.
            let reading = source.reading(series: series, at: index)
            let own = reading?.index ?? index
            var row = candle.flatMap { candleRow(series: series, candle: $0.candle) }
                ?? boardRow(series: series, at: own, value: reading?.value ?? .nan, among: visibleSeries)
            // A series read at its own point elsewhere (another file's day) says which.
            if candle == nil, dataset.xs[own] != x {
                row += "  (" + dataset.xKind.label(dataset.xs[own], decimals: SeriesPrecision.maximumDecimals, precision: datePrecision) + ")"
            }
            boardRows.append((row, color.readable(on: theme.panel)))
            // Bars, areas and candles show their values on the board only; lines get a circle.
            guard composition.group(ofSeries: series) == nil, composition.candles?.contains(series) != true else { continue }
            let side = composition.axis(ofSeries: series)
            let current = environment.viewport(for: side).current
            let target = environment.viewport(for: side).target
            let now = geometry.scales(showing: current), then = geometry.scales(showing: target)
            let ownX = own == index ? lineX : now.canvasX(dataset.xs[own])
            let value = reading?.plotted ?? .nan
            let point: PixelPoint
            if smooth {
                guard let y = smoothY(series: series, atCanvasX: lineX, index: pointerColumnX == nil ? index : nil,
                                      in: environment) else { continue }
                point = PixelPoint(x: lineX, y: y)
            } else {
                guard value.isFinite else { continue }
                point = PixelPoint(x: ownX, y: now.canvasY(value))
            }
            guard point.y >= plot.y - radius, point.y <= plot.maxY + radius,
                  point.x >= plot.x - radius, point.x <= plot.maxX + radius else { continue }
            circles.append(point)
            shapes.add(.circle(center: point, radius: radius * scale, fill: theme.panel.withAlpha(1), stroke: color,
                               strokeWidth: 2 * scale))
            if value.isFinite, target.height > 0 {
                targetCircles.append(PixelPoint(x: ownX, y: then.canvasY(value)))
            }
        }

        // The hovered bars and candle are read on the board: it goes beside them, not over them.
        targetCircles += barColumn(at: index, lineX: lineX, among: visibleSeries, in: environment)
        if let candle = candle?.candle, let columns = composition.candles, visibleSeries.contains(columns.close) {
            let then = geometry.scales(showing: environment.viewport(for: composition.axis(ofSeries: columns.close)).target)
            let (top, bottom) = (then.canvasY(candle.high), then.canvasY(candle.low))
            targetCircles += stride(from: min(top, bottom), through: max(top, bottom), by: radius)
                .map { PixelPoint(x: lineX, y: $0) }
        }
        if let total = stackTotal(at: index, among: visibleSeries) {
            boardRows.append(("All  \(total)", theme.text))
        }
        let padding = 8 * scale, spacing = 4 * scale
        // As many rows as the plot holds; the series beyond are counted, not drawn off it.
        let rowHeight = text.measure("Ag", pointSize: pointSize).height
        let fitting = max(Int((plot.height - 12 * scale - 2 * padding + spacing) / (rowHeight + spacing)), 2)
        if boardRows.count > fitting {
            let left = boardRows.count - fitting + 1
            boardRows = Array(boardRows.prefix(fitting - 1)) + [("+\(left) more", theme.text)]
        }
        let sizes = boardRows.map { text.measure($0.0, pointSize: pointSize) }
        let size = TextSize(width: (sizes.map(\.width).max() ?? 0) + 2 * padding,
                            height: sizes.map(\.height).reduce(0, +) + spacing * Double(boardRows.count - 1) + 2 * padding)
        // Inside the plot: never over the y labels left of it or the value label right of it.
        // A pinned board stays put while the pointer roams; a hovered one keeps clear of it.
        let keptClear = isPinned ? nil : pointer.map(pointerBox(around:))
        let box = InfoBoardLayout.place(size: size, lineX: lineX, circles: targetCircles + circles, radius: radius * scale,
                                        obstacles: (obstacles?() ?? []) + [keptClear].compactMap { $0 },
                                        top: plot.y + 6 * scale, canvas: plot)
        boardBox = box
        rows = boardRows.map(\.0)
        shapes.add(.rect(box, fill: theme.panel.withAlpha(1), cornerRadius: 6 * scale))
        var y = box.y + padding
        for ((label, color), size) in zip(boardRows, sizes) {
            text.add(TextRun(label, at: PixelPoint(x: box.x + padding, y: y), anchor: .topLeft, pointSize: pointSize, color: color))
            y += size.height + spacing
        }
    }

    /// A series' row on the board: its name and `value` (as read: on a log axis the
    /// drawn value is its log10) at point `index`, after its share of the stack when
    /// the chart shows shares.
    private func boardRow(series: Int, at index: Int, value: Double, among visible: [Int]) -> String {
        let row = "\(DisplayText.name(source.dataset.series[series].name))  \(ValueFormat.string(value, dataDecimals: source.decimals[series]))"
        guard let group = lines.composition.group(ofSeries: series), group.isPercentage else { return row }
        // Whole percents of every shown member at once, so the board's add up to 100.
        let members = group.series.filter(visible.contains)
        guard let position = members.firstIndex(of: series),
              source.dataset.share(of: series, at: index, among: members) != nil else { return row }
        let percents = WholePercents.of(members.map { source.dataset.share(of: $0, at: index, among: members) ?? 0 })
        return "\(percents[position])%  " + row
    }

    /// Points down the hovered step's bars, from their top to the plot's bottom, for the
    /// board to keep clear of (as it does the circles on lines).
    private func barColumn(at index: Int, lineX: Double, among visible: [Int], in environment: RenderEnvironment) -> [PixelPoint] {
        let plot = environment.geometry.plotBox
        var top = plot.maxY
        for group in lines.composition.groups where group.mark == .bars {
            let members = group.series.filter(visible.contains)
            guard !members.isEmpty else { continue }
            let sums = source.dataset.stackSums(at: index, of: members)
            let highest = group.isStacked ? sums.positive
                : members.map { source.dataset.series[$0].ys[index] }.filter(\.isFinite).max() ?? 0
            let scales = environment.geometry.scales(showing: environment.viewport(for: group.axis).target)
            top = min(top, max(scales.canvasY(max(highest, 0)), plot.y))
        }
        guard top < plot.maxY else { return [] }
        return stride(from: top, through: plot.maxY, by: radius).map { PixelPoint(x: lineX, y: $0) }
    }

    /// The sum of the shown series of a stack of bars at `index`, formatted; `nil`
    /// where no stack of bars has two series shown.
    private func stackTotal(at index: Int, among visible: [Int]) -> String? {
        guard let group = lines.composition.groups.first(where: { $0.isStacked && $0.mark == .bars }) else { return nil }
        let members = group.series.filter(visible.contains)
        guard members.count >= 2 else { return nil }
        let sums = source.dataset.stackSums(at: index, of: members)
        return ValueFormat.string(sums.positive + sums.negative, dataDecimals: members.map { source.decimals[$0] }.max() ?? 0)
    }

    /// The canvas y of the smooth curve of `series` at `index`'s point (which it passes
    /// through) or, without one, at the column holding canvas x `x`; `nil` where the
    /// curve has none.
    private func smoothY(series: Int, atCanvasX x: Double, index: Int?, in environment: RenderEnvironment) -> Double? {
        let visible = environment.viewport(for: lines.composition.axis(ofSeries: series)).current
        let plot = environment.geometry.plotBox
        if let index {
            let y = source.dataset.series[series].ys[index]
            return y.isFinite ? environment.geometry.scales(showing: visible).canvasY(y) : nil
        }
        if let cached = lookups[series], cached.visible == visible, cached.plot == plot {
            return cached.lookup.point(atCanvasX: x)?.y
        }
        let curve = SmoothCurve(source: source, series: series, visible: visible, plotSize: environment.geometry.plot.size)
        let lookup = SmoothCurveLookup(curve: curve, plot: plot)
        lookups[series] = (visible, plot, lookup)
        lookupBuilds += 1
        return lookup.point(atCanvasX: x)?.y
    }
}
