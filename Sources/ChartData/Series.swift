/// One named sequence of y values over its dataset's shared x values.
public struct Series: Equatable, Sendable {
    /// The name shown in the legend (the column name of a CSV file).
    public var name: String
    /// y in data units, one per x of the dataset; `Double.nan` marks a gap.
    public var ys: [Double]

    public init(name: String, ys: [Double]) {
        self.name = name
        self.ys = ys
    }
}
