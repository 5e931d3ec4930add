import ChartData
import Foundation

/// `SIGHTLINE_TRACE=1`: one line per frame on standard output, for tests and for
/// measuring interaction on large files: the frame's time to finished (glFinish), the
/// x range of the chart shown, the info board's box, the summary panel's box, the
/// hidden series, the `?` panel's box, the audiograph's sweep line (data x), the
/// measure's A and B (data x, `-` for a B not yet set) and its panel's box, the notes'
/// count and the box of a note's field being typed and, last, the day shown; and a line
/// for each rebuild for other log axes, with its time.
enum FrameTrace {
    static let isOn = ProcessInfo.processInfo.environment["SIGHTLINE_TRACE"] == "1"

    /// The line of a frame of `milliseconds` showing `scene`.
    static func line(milliseconds ms: Double, scene: ExplorerScene) -> String {
        let main = scene.shownMain
        let x = main.stage.viewport.current
        var line = String(format: "frame %.2f ms x %.6f %.6f", ms, x.minX, x.maxX)
        if let box = main.highlight.boardBox {
            line += String(format: " board %.0f %.0f %.0f %.0f", box.x, box.y, box.width, box.height)
        }
        if let box = scene.shownSummary.panelBox {
            line += String(format: " summary %.0f %.0f %.0f %.0f", box.x, box.y, box.width, box.height)
        }
        let series = main.lines.dataset.series
        let hidden = series.indices.filter { !main.lines.isVisible($0) }
        if !hidden.isEmpty { line += " hidden " + hidden.map { DisplayText.name(series[$0].name) }.joined(separator: ",") }
        if let panel = scene.keyHelpPanel {
            line += String(format: " keys %.0f %.0f %.0f %.0f", panel.x, panel.y, panel.width, panel.height)
        }
        if let sweep = main.audioCursor.x { line += String(format: " audio %.6f", sweep) }
        if let a = main.measure.a {
            line += String(format: " measure %.6f ", a) + (main.measure.b.map { String(format: "%.6f", $0) } ?? "-")
        }
        if let box = main.measure.panelBox {
            line += String(format: " measurepanel %.0f %.0f %.0f %.0f", box.x, box.y, box.width, box.height)
        }
        let notes = scene.main.notes
        if !notes.notes.isEmpty { line += " notes \(notes.notes.count)" }
        if let field = notes.fieldBox {
            line += String(format: " field %.0f %.0f %.0f %.0f", field.x, field.y, field.width, field.height)
        }
        if let day = scene.zoom.dayLabel, scene.zoom.phase == .inDay { line += " day \(day)" }
        return line
    }

    /// The line of a rebuild of the data source and the scene for other log axes (`l`).
    static func logScaleLine(milliseconds ms: Double) -> String {
        String(format: "log scale rebuilt in %.1f ms", ms)
    }

    /// Prints `line` and flushes, so a test reading the pipe sees it at once.
    static func print(_ line: String) {
        Swift.print(line)
        fflush(nil)
    }
}
