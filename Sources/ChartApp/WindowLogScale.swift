import ChartData
import ChartSupport
import Foundation

/// The window's logarithmic y axes: those given on the command line (`--log-y`,
/// `--log-y2`), else the session's for the file, toggled by `l` (left) and Shift+L
/// (right). A change rebuilds the data source over the same values (its ladders and
/// range indexes are of the plotted values) and the scene over it, keeping the view.
final class WindowLogScale {
    /// The axes asked for; an axis holding bars or areas stays linear whatever is asked
    /// (`LogPlot`).
    private(set) var requested: Set<YAxisSide>
    /// Whether the command line chose (then the session's choice does not apply).
    private let wasGiven: Bool
    /// The axes the current source was built for.
    private var built: Set<YAxisSide>

    /// - Parameter given: the command line's axes, `nil` when it named none.
    init(given: Set<YAxisSide>?) {
        requested = given ?? []
        wasGiven = given != nil
        built = requested
    }

    /// Takes the session's axes for the file, unless the command line chose; returns
    /// whether the source must be rebuilt.
    func sessionArrived(_ saved: [YAxisSide]?) -> Bool {
        guard !wasGiven, let saved else { return false }
        requested = Set(saved)
        return requested != built
    }

    /// Switches `side` between linear and log.
    func toggle(_ side: YAxisSide) {
        if requested.contains(side) { requested.remove(side) } else { requested.insert(side) }
    }

    /// `source` when it was built for the axes asked for, else a new one over its values.
    /// - Complexity: O(n) per series (the ladders and range indexes) when rebuilt.
    func source(over source: DataSource) -> DataSource {
        guard requested != built else { return source }
        built = requested
        return DataSource(dataset: source.values, lodMethod: source.lodMethod, connectsGaps: source.gaps == .connected,
                          logAxes: requested)
    }

    /// The axes in the order the session keeps them.
    var sessionValue: [YAxisSide] { [YAxisSide.left, .right].filter(requested.contains) }

    /// What the chart says after a toggle of `side` over `source`.
    static func message(for side: YAxisSide, in source: DataSource) -> String {
        let name = side == .left ? "Left y axis" : "Right y axis"
        guard source.values.series.contains(where: { $0.axis == side }) else { return "\(name): no series on it" }
        return "\(name): \(source.logAxes.contains(side) ? "log" : "linear")"
    }
}
