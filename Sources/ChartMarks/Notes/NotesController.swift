import ChartData
import ChartGeometry
import ChartStage

/// The notes on the chart: each a marker on the point it names and a label beside it
/// (`NoteLayout`: never over the point, the other notes' markers or labels, and clear
/// of the data around the point where there is room), with a thin leader from label to
/// marker. While a note is typed (`draft`), its label is a text field with a caret.
///
/// A note stands at a point's x; its marker goes on every shown line, each at its own
/// point as the board reads it (`DataSource.reading`), and on the candles' close, one
/// marker per candle; the label goes beside the highest of them.
/// A chart of bars or areas alone has no line to mark: the marker stands on the plot's
/// floor. Drawn from the shapes and text surfaces, as the info board is: a note needs
/// no surface of its own.
public final class NotesController: RenderController {
    /// A note being typed: the point's x and the text so far.
    public struct Draft: Equatable, Sendable {
        public var x: Double
        public var text: String

        public init(x: Double, text: String) {
            self.x = x
            self.text = text
        }
    }

    /// A note as the last build drew it (for tests and the window's export).
    public struct Placed: Equatable, Sendable {
        public var note: ChartNote
        public var markers: [PixelPoint]
        /// The label's box; `nil` where no clear place was found (the marker stays).
        public var label: PixelBox?
    }

    public let source: DataSource
    private let lines: SeriesLinesController
    /// The notes, ascending x, at most one per x.
    public var notes: [ChartNote] = [] {
        didSet { if notes != oldValue { environment?.invalidate() } }
    }
    /// The note being typed, drawn as a field; `nil` when none is.
    public var draft: Draft? {
        didSet { if draft != oldValue { environment?.invalidate() } }
    }
    public var pointSize = 12.0
    /// The marker's radius, pixels before the HiDPI scale.
    public var radius = 5.0
    /// What the last build drew.
    public private(set) var placed: [Placed] = []
    /// The text field's box at the last build, while a note is typed.
    public private(set) var fieldBox: PixelBox?
    /// Envelope columns computed since the controller was made (`envelope(near:)`):
    /// a still view computes each once.
    public private(set) var envelopeColumnBuilds = 0
    /// What the envelope's columns were computed for; a change drops them.
    private struct EnvelopeKey: Equatable {
        var left: DataRect, right: DataRect, series: [[Int]], plot: PixelBox, lineWidth: Double
    }
    private var envelopeKey: EnvelopeKey?
    /// The envelope by column (`bucket` pixels wide from the plot's left edge).
    private var envelopeColumns: [Int: [PixelBox]] = [:]
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
        lines.observeVisibility { [weak self] in self?.environment?.invalidate() }
    }

    /// The most notes in view that get labels; with more, each shows its marker alone
    /// (the note being typed keeps its field).
    public static let labelLimit = 40

    /// What the field shows of `text` being typed: its end, escaped, at most
    /// `ChartNote.displayLimit` characters after a "…", then the caret.
    static func fieldText(_ text: String) -> String {
        guard !text.isEmpty else { return placeholder }
        let tail = text.count > ChartNote.displayLimit ? "…" + text.suffix(ChartNote.displayLimit) : text
        return DisplayText.name(tail, limit: ChartNote.displayLimit * 4) + "|"
    }

    /// The placeholder a field shows before anything is typed.
    public static let placeholder = "Note…"

    public func build(in environment: RenderEnvironment) {
        placed = []
        fieldBox = nil
        guard let shapes, let text else { return }
        let geometry = environment.geometry, scale = geometry.scale, theme = environment.theme
        let plot = geometry.plotBox
        let current = environment.viewport.current
        guard current.width > 0 else { return }
        let radius = self.radius * scale, padding = 5 * scale
        // The draft stands in for a note at its x.
        var shown = notes.filter { $0.x >= current.minX && $0.x <= current.maxX && $0.x != draft?.x }
        if let draft, draft.x >= current.minX, draft.x <= current.maxX {
            shown.append(ChartNote(x: draft.x, text: draft.text))
            shown.sort { $0.x < $1.x }
        }
        // Nothing in view, no draft in view: nothing to place, nothing to keep clear of.
        guard !shown.isEmpty else { return }
        var items: [NoteLayout.Item] = []
        var labels: [String] = []
        // Past `labelLimit` notes in view, markers alone: labels come back as the view narrows.
        let labelled = shown.count <= Self.labelLimit
        for note in shown {
            let isDraft = note.x == draft?.x
            let label = isDraft ? Self.fieldText(note.text) : note.displayText
            let markers = self.markers(atX: note.x, in: environment)
            guard labelled || note.x == draft?.x, let anchor = markers.first else {
                items.append(NoteLayout.Item(markers: markers, size: TextSize(width: .infinity, height: .infinity)))
                labels.append(label)
                continue
            }
            let measured = text.measure(label, pointSize: pointSize)
            let size = TextSize(width: measured.width + 2 * padding, height: measured.height + 2 * padding)
            let reach = size.width + radius + InfoBoardLayout.gap
            let data = envelope(near: anchor.x, reach: reach, in: environment)
            items.append(NoteLayout.Item(markers: markers, size: size, data: data))
            labels.append(label)
        }
        let boxes = NoteLayout.place(items, radius: radius, canvas: plot)
        let textColor = theme.text.withAlpha(1)
        for ((note, item), (box, label)) in zip(zip(shown, items), zip(boxes, labels)) {
            let isDraft = note.x == draft?.x
            placed.append(Placed(note: note, markers: item.markers, label: box))
            if let box, let anchor = item.markers.first {
                // The leader, from the label's nearest edge to the marker's rim.
                let edge = PixelPoint(x: min(max(anchor.x, box.x), box.maxX), y: min(max(anchor.y, box.y), box.maxY))
                let dx = edge.x - anchor.x, dy = edge.y - anchor.y, length = (dx * dx + dy * dy).squareRoot()
                if length > radius {
                    let rim = PixelPoint(x: anchor.x + dx / length * radius, y: anchor.y + dy / length * radius)
                    shapes.add(.segment(from: rim, to: edge, width: scale, color: theme.text.withAlpha(0.5)))
                }
                shapes.add(.rect(box, fill: theme.panel.withAlpha(1), cornerRadius: 4 * scale))
                shapes.add(.outline(box, color: isDraft ? lines.color(ofSeries: 0, theme: theme) : theme.text.withAlpha(0.35),
                                    width: (isDraft ? 2 : 1) * scale, cornerRadius: 4 * scale))
                let color = isDraft && note.text.isEmpty ? theme.text.withAlpha(0.5) : textColor
                text.add(TextRun(label, at: PixelPoint(x: box.x + padding, y: box.y + padding), anchor: .topLeft,
                                 pointSize: pointSize, color: color))
                if isDraft { fieldBox = box }
            }
            for marker in item.markers {
                shapes.add(.circle(center: marker, radius: radius, fill: textColor, stroke: theme.panel.withAlpha(1),
                                   strokeWidth: 1.5 * scale))
            }
        }
    }

    /// Where the markers of a note at `x` go: on each shown line with a value at the
    /// point, each at its own point (`DataSource.reading(series:at:)`, as the board
    /// reads it), and on the candle's close (one marker per candle), highest first; on
    /// the plot's floor where none has one; none where those it has lie off the plot.
    /// - Complexity: O(series × log n).
    public func markers(atX x: Double, in environment: RenderEnvironment) -> [PixelPoint] {
        let plot = environment.geometry.plotBox
        let scales = environment.scales(for: .left)
        let canvasX = scales.canvasX(x)
        guard let index = source.dataset.nearestIndex(toX: x) else { return [] }
        var points: [PixelPoint] = []
        var offPlot = false
        for series in markedSeries {
            guard let reading = source.reading(series: series, at: index), reading.plotted.isFinite else { continue }
            let y = environment.scales(for: lines.composition.axis(ofSeries: series)).canvasY(reading.plotted)
            guard y >= plot.y, y <= plot.maxY else {
                offPlot = true
                continue
            }
            points.append(PixelPoint(x: scales.canvasX(source.dataset.xs[reading.index]), y: y))
        }
        points.sort { $0.y < $1.y }
        // A point above or below a y set by hand is not on the plot: its note waits
        // there, rather than standing on the floor naming nothing.
        guard points.isEmpty, !offPlot else { return points }
        return [PixelPoint(x: canvasX, y: plot.maxY - radius * environment.geometry.scale)]
    }

    /// The shown series a note marks: the lines, and a candle by its close.
    private var markedSeries: [Int] {
        let composition = lines.composition
        return lines.visibleSeries.filter { composition.lines.contains($0) || composition.candles?.close == $0 }
    }

    /// What the labels keep clear of, a set of series each: every shown line alone, and
    /// a candle's high and low together (its whole extent).
    private var envelopeSeries: [[Int]] {
        let composition = lines.composition
        return markedSeries.map { series in
            guard let candles = composition.candles, candles.close == series else { return [series] }
            return [candles.high, candles.low]
        }
    }

    /// The shown lines within `reach` of canvas x `x`, as boxes a few pixels wide from
    /// each column group's lowest to highest y: what a label keeps clear of, the part
    /// around its point. Columns are computed only near the notes, once for a view
    /// (cached by both axes' views, the series shown and the plot box).
    /// - Complexity: O(reach / bucket × series × log n) for columns not yet computed.
    private func envelope(near x: Double, reach: Double, in environment: RenderEnvironment) -> [PixelBox] {
        let plot = environment.geometry.plotBox
        let bucket = 6 * environment.geometry.scale
        let series = envelopeSeries
        let key = EnvelopeKey(left: environment.viewport(for: .left).current, right: environment.viewport(for: .right).current,
                              series: series, plot: plot, lineWidth: lines.lineWidth)
        if key != envelopeKey {
            envelopeKey = key
            envelopeColumns = [:]
        }
        let columns = Int((plot.width / bucket).rounded(.up))
        let first = max(Int(((x - reach - plot.x) / bucket).rounded(.down)), 0)
        let last = min(Int(((x + reach - plot.x) / bucket).rounded(.up)), columns - 1)
        guard first <= last else { return [] }
        var boxes: [PixelBox] = []
        for column in first...last {
            if envelopeColumns[column] == nil {
                envelopeColumns[column] = self.column(column, of: series, bucket: bucket, in: environment)
                envelopeColumnBuilds += 1
            }
            boxes += envelopeColumns[column] ?? []
        }
        return boxes.filter { $0.maxX > x - reach && $0.x < x + reach }
    }

    /// Column `column` of the envelope: a box per set of `series` with data there.
    private func column(_ column: Int, of series: [[Int]], bucket: Double, in environment: RenderEnvironment) -> [PixelBox] {
        let plot = environment.geometry.plotBox
        let left = environment.scales(for: .left)
        let thickness = lines.lineWidth * environment.geometry.scale
        let canvasX = plot.x + Double(column) * bucket
        let range = left.dataX(atCanvasX: canvasX)...left.dataX(atCanvasX: canvasX + bucket)
        return series.compactMap { members in
            guard let bounds = source.yBounds(inX: range, series: members) else { return nil }
            let scales = environment.scales(for: lines.composition.axis(ofSeries: members[0]))
            let top = scales.canvasY(bounds.max), bottom = scales.canvasY(bounds.min)
            return PixelBox(x: canvasX, y: top - thickness, width: bucket, height: bottom - top + 2 * thickness)
        }
    }
}
