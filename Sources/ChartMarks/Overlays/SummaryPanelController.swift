import ChartGeometry
import ChartStage

/// The chart's summary (`ChartSummary.lines`) in a panel at the top left of the plot,
/// shown by `s` and put away by `s` again, Esc, or anything that moves the view or
/// changes what it shows (the summary would then describe another picture). Long
/// lines wrap at word boundaries to the plot's width; a summary taller than the plot
/// is set smaller (down to three quarters of the size) and, if still too tall, cut, the
/// last line shown ending in "…" (standard output has it whole). On the theme's opaque panel colour with the
/// theme's text colour, so it reads on day and night alike.
public final class SummaryPanelController: RenderController {
    public var pointSize = 12.0
    /// The widest the panel grows, window coordinates: longer lines read badly.
    public var maximumWidth = 560.0
    /// The lines shown, unwrapped; empty when the panel is away.
    public private(set) var lines: [String] = []
    /// The panel's box at the last build, for tests and the trace; `nil` when away.
    public private(set) var panelBox: PixelBox?
    private var shapes: ShapeSurface?
    private var text: TextSurface?
    private var environment: RenderEnvironment?

    public init() {}

    public var followsViewport: Bool { false }

    /// Whether the panel is up.
    public var isShown: Bool { !lines.isEmpty }

    public func attach(to environment: RenderEnvironment) {
        shapes = environment.surface(for: Shape.self, layer: .overlay)
        text = environment.surface(for: TextRun.self, layer: .overlay)
        self.environment = environment
    }

    /// Shows `lines`, replacing what is shown.
    public func show(_ lines: [String]) {
        self.lines = lines
        environment?.invalidate()
    }

    public func hide() {
        guard isShown else { return }
        lines = []
        environment?.invalidate()
    }

    public func build(in environment: RenderEnvironment) {
        panelBox = nil
        guard isShown, let shapes, let text else { return }
        let scale = environment.geometry.scale
        let plot = environment.geometry.plotBox
        let padding = 10 * scale, spacing = 3 * scale, margin = 8 * scale
        let width = min(plot.width - 2 * margin, maximumWidth * scale)
        // A wrapped line's later rows are indented, so each fact starts at the margin.
        let indent = 12 * scale
        // The largest text, down to three quarters of `pointSize`, at which every row fits;
        // at the smallest, the rows that do not fit are cut.
        var size = pointSize
        var measure: (String) -> Double = { _ in 0 }
        var rows: [(text: String, indented: Bool)] = []
        var rowHeight = 0.0, fitting = 1
        for candidate in stride(from: pointSize, through: pointSize * 0.75, by: -0.5) {
            size = candidate
            measure = { (line: String) in text.measure(line, pointSize: candidate).width }
            rows = lines.flatMap { line in
                Self.wrapped(line, into: width - 2 * padding - indent, measure: measure).enumerated()
                    .map { (text: $0.element, indented: $0.offset > 0) }
            }
            rowHeight = text.measure("Ag", pointSize: candidate).height
            fitting = max(Int((plot.height - 2 * margin - 2 * padding + spacing) / (rowHeight + spacing)), 1)
            if rows.count <= fitting { break }
        }
        if rows.count > fitting {
            rows = Array(rows.prefix(fitting))
            rows[fitting - 1].text = NoticeController.fitting(rows[fitting - 1].text + " …", into: width - 2 * padding - indent,
                                                              measure: measure)
        }
        let widest = rows.map { measure($0.text) + ($0.indented ? indent : 0) }.max() ?? 0
        let box = PixelBox(x: plot.x + margin, y: plot.y + margin, width: min(widest + 2 * padding, width),
                           height: Double(rows.count) * (rowHeight + spacing) - spacing + 2 * padding)
        panelBox = box
        let theme = environment.theme
        // A hairline edge, so the panel stands apart from a plot of the same colour.
        let edge = PixelBox(x: box.x - scale, y: box.y - scale, width: box.width + 2 * scale, height: box.height + 2 * scale)
        shapes.add(.rect(edge, fill: theme.text.withAlpha(0.5), cornerRadius: 7 * scale))
        // Opaque, unlike the board: sentences are read, not glanced at, over the lines.
        var fill = theme.panel
        fill.alpha = 1
        shapes.add(.rect(box, fill: fill, cornerRadius: 6 * scale))
        let ink = theme.text.readable(on: fill)
        for (number, row) in rows.enumerated() {
            let y = box.y + padding + Double(number) * (rowHeight + spacing)
            text.add(TextRun(row.text, at: PixelPoint(x: box.x + padding + (row.indented ? indent : 0), y: y), anchor: .topLeft,
                             pointSize: size, color: ink))
        }
    }

    /// `line` broken at spaces into rows no wider than `width`; a word wider than that
    /// alone is broken between characters.
    /// - Complexity: O(words) measurements, more for a word that must be broken.
    public static func wrapped(_ line: String, into width: Double, measure: (String) -> Double) -> [String] {
        var rows: [String] = []
        var row = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let joined = row.isEmpty ? word : row + " " + word
            if measure(joined) <= width {
                row = joined
                continue
            }
            if !row.isEmpty { rows.append(row) }
            row = ""
            var rest = word
            // A word wider than the panel: as many characters as fit, then the rest.
            while measure(rest) > width, rest.count > 1 {
                var keep = rest.count - 1
                while keep > 1, measure(String(rest.prefix(keep))) > width { keep -= 1 }
                rows.append(String(rest.prefix(keep)))
                rest = String(rest.dropFirst(keep))
            }
            row = rest
        }
        if !row.isEmpty || rows.isEmpty { rows.append(row) }
        return rows
    }
}
