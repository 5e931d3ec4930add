import ChartData
import ChartSupport

extension WindowTitle {
    /// The title of a chart of `paths` (files or database addresses) with any password
    /// in an address left out: every program that lists windows reads the title.
    init(sources paths: [String]) {
        self.init(paths: paths.map(DisplayText.withoutPassword))
    }
}
