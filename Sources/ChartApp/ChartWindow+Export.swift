import ChartData
import ChartSupport
import Foundation

extension ChartWindow {
    /// Ctrl+S: writes the view as `render` would draw it (same range, theme, series and
    /// size as the window's drawable) and its alt text beside it, under a name that
    /// never overwrites (`ExportDestination`), and says where on the chart and on
    /// standard error. A failure (no folder to write in, a full disk) is said the same
    /// way and leaves no file behind; nothing is overwritten either way.
    func exportView(of scene: ExplorerScene) {
        var reserved: ExportDestination.Reserved?
        do {
            let canvas = exportCanvas
            let export = try scene.export(size: canvas.size, scale: canvas.scale)
            let folders = ExportDestination.folders(dataFile: path == "-" ? nil : path)
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd"
            formatter.locale = Locale(identifier: "en_US_POSIX")
            let names = try ExportDestination.reserve(in: folders, stem: ExportDestination.stem(of: path == "-" ? "stdin" : path),
                                                      date: formatter.string(from: Date()))
            reserved = names
            // Written over the empty files reserved for them, both or neither.
            try OutputFile.write(together: [(OutputFile(path: names.picture), export.picture),
                                            (OutputFile(path: names.altText), export.altText)])
            scene.say("Saved the view as \(DisplayText.escaped(names.picture, limit: 200)), its alt text beside it (.txt)")
        } catch {
            if let reserved {
                unlink(reserved.picture)
                unlink(reserved.altText)
            }
            // As every notice: the file first, what went wrong last (a narrow window keeps the end).
            scene.say("\(error); the view was not saved")
        }
    }
}
