/// One named sequence of y values over its dataset's shared x values.
public struct Series: Equatable, Sendable {
    /// How a series is drawn (Telegram's chart files name it per column).
    public enum Kind: String, Equatable, Sendable {
        case line, area, bar
    }

    /// The name shown in the legend (the column name of a CSV file).
    public var name: String
    /// y in data units, one per x of the dataset; `Double.nan` marks a gap.
    /// An array, or a view into the cache of large files (`ValueColumn`).
    public var ys: ValueColumn<Double>
    /// The colour the file asks for, as `#RRGGBB`; `nil` leaves it to the theme.
    public var colorHex: String?
    public var kind: Kind
    /// The y axis it is read against.
    public var axis: YAxisSide
    /// In a chart of several files (`DatasetMerge`), the indices of the x its own file
    /// has a point at (a value or an empty cell), ascending; at every other x it is
    /// absent: its y there is NaN, and its line joins its own neighbours across it.
    /// `nil`: a point at every x (a chart of one file).
    public var ownIndices: [Int32]?

    public init(name: String, ys: [Double], colorHex: String? = nil, kind: Kind = .line, axis: YAxisSide = .left) {
        self.init(name: name, ys: ValueColumn(ys), colorHex: colorHex, kind: kind, axis: axis)
    }

    public init(name: String, ys: ValueColumn<Double>, colorHex: String? = nil, kind: Kind = .line, axis: YAxisSide = .left) {
        self.name = name
        self.ys = ys
        self.colorHex = colorHex
        self.kind = kind
        self.axis = axis
    }
}
