/// The titles drawn over the y axes and beside the x axis: given on the command line
/// (`--y-title`, `--y2-title`, `--x-title`), else the unit a column's name carries
/// (`Temperature (°C)` → `°C`, `level [m]` → `m`). The legend names the series in full,
/// so the unit alone says what the axis counts.
public struct AxisTitles: Equatable, Sendable {
    /// The left axis's title as given.
    public var left: String?
    /// The right axis's title as given.
    public var right: String?
    /// The x axis's title as given.
    public var x: String?
    /// The x column's name in the file's header, whose unit titles x when none is given.
    public var xColumn: String?

    /// The longest unit taken from a name; a longer bracket is part of the name, not a unit.
    public static let unitLimit = 16

    public init(left: String? = nil, right: String? = nil, x: String? = nil, xColumn: String? = nil) {
        self.left = left
        self.right = right
        self.x = x
        self.xColumn = xColumn
    }

    /// The unit at the end of `name` in round or square brackets, trimmed; `nil` when there
    /// is none, it is empty, or it is longer than `unitLimit`.
    public static func unit(in name: String) -> String? {
        let trimmed = name.trimmingSpaces()
        guard let close = trimmed.last, close == ")" || close == "]" else { return nil }
        let open: Character = close == ")" ? "(" : "["
        guard let start = trimmed.lastIndex(of: open) else { return nil }
        let unit = String(trimmed[trimmed.index(after: start)..<trimmed.index(before: trimmed.endIndex)]).trimmingSpaces()
        guard !unit.isEmpty, unit.count <= unitLimit else { return nil }
        return unit
    }

    /// The title of an axis read by series named `names`: `given`, else their units, each
    /// once, in order, where every one of them has a unit; `nil` for none.
    public static func title(given: String?, names: [String]) -> String? {
        if let given, !given.isEmpty { return given }
        let units = names.map(unit(in:))
        guard !units.isEmpty, units.allSatisfy({ $0 != nil }) else { return nil }
        var distinct: [String] = []
        for case let unit? in units where !distinct.contains(unit) { distinct.append(unit) }
        return distinct.joined(separator: ", ")
    }

    /// The x axis's title: `x`, else the unit in the x column's name.
    public var xTitle: String? {
        if let x, !x.isEmpty { return x }
        return xColumn.flatMap(Self.unit(in:))
    }

    /// Takes the titles `given` names, keeping the rest (the x column's name).
    public mutating func take(_ given: AxisTitles) {
        left = given.left ?? left
        right = given.right ?? right
        x = given.x ?? x
    }

    /// Whether there is nothing to draw for any axis with these names.
    public var isEmpty: Bool { self == AxisTitles() }
}
