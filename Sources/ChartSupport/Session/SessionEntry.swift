import ChartData
import ChartGeometry
import Foundation

/// What the session keeps for one file (and one chart of it): the columns it was opened
/// with, where the user was looking, and which series they hid.
public struct SessionEntry: Equatable, Sendable {
    /// The file's real path (symbolic links resolved), so every name of it finds this entry;
    /// a database's address without its password, which is never written to disk.
    public private(set) var path: String
    /// `--chart`: which chart of a file holding several, from 1; `nil` for the default.
    public var chart: Int?
    /// `--x`: the x column's name; `nil` for the default.
    public var xColumn: String?
    /// `--y`: the series' column names; `nil` for every numeric column.
    public var yColumns: [String]?
    /// The visible range, data units; `nil` until the user moved the view.
    public var visible: DataRect?
    /// Names of the series the user hid.
    public var hiddenSeries: [String] = []
    /// The measure between two points, A…B in data units; `nil` when there is none.
    public var measure: ClosedRange<Double>?
    /// The y ranges set by hand; empty while every axis fits its data.
    public var manualY = ManualYRanges()
    /// The files shown with it in one chart (given after it, or dropped on its window),
    /// real paths, in order; `sightline` without a file opens the set again.
    public var addedFiles: [String] = [] {
        didSet { addedFiles = addedFiles.map(DisplayText.withoutPassword) }
    }
    /// The notes on the file's chart, ascending x.
    public var notes: [ChartNote] = []
    /// The y axes drawn logarithmic (`l`, `--log-y`), left first.
    public var logAxes: [YAxisSide] = []
    /// `--date-format`: how the x column writes its dates; `nil` tells from its values.
    public var dateFormat: String?
    /// `--utc`: instants shown in UTC rather than local time.
    public var utc = false

    /// The most characters a column or series name read back may have.
    public static let nameLimit = 1024
    /// The most names a list read back may hold.
    public static let listLimit = 1000
    /// The charts a file may hold, as far as a session read back is concerned.
    public static let chartRange = 1...1_000_000

    public init(path: String, chart: Int? = nil, xColumn: String? = nil, yColumns: [String]? = nil) {
        self.path = DisplayText.withoutPassword(path)
        self.chart = chart
        self.xColumn = xColumn
        self.yColumns = yColumns
    }

    /// Whether this entry is the one for `path`'s chart `chart`.
    public func isFor(path: String, chart: Int?) -> Bool {
        self.path == DisplayText.withoutPassword(path) && self.chart == chart
    }

    /// Whether `path` may be a key: an absolute path or a database's address
    /// (`postgresql://…`, kept without its password), no NUL, at most PATH_MAX bytes.
    static func isValidPath(_ path: String) -> Bool {
        (path.hasPrefix("/") || isAddress(path)) && !path.utf8.contains(0) && path.utf8.count <= Int(PATH_MAX)
    }

    /// Whether `path` is an address: a scheme of letters, digits, `+`, `-` or `.`, then `://`.
    private static func isAddress(_ path: String) -> Bool {
        guard let separator = path.range(of: "://") else { return false }
        let scheme = path[..<separator.lowerBound]
        return scheme.first?.isLetter == true && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// Whether `name` may be a column or series name read back.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= nameLimit && !name.utf8.contains(0)
    }
}
