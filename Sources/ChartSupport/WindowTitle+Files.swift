import ChartData

extension WindowTitle {
    /// The title of a chart of several files: the first file as `init(path:)` names
    /// it, then the others' names without their folders ("Sightline — /data/sp500.csv
    /// + dax.csv").
    public init(paths: [String]) {
        self.init(path: paths.first ?? "-")
        for path in paths.dropFirst() {
            base += " + " + DisplayText.escaped(path == "-" ? "standard input" : path.split(separator: "/").last ?? "")
        }
    }
}
