/// A dataset's x values, ascending. Evenly spaced values (one sample a minute, a day…)
/// are kept as a formula, first + i × step, instead of 8 bytes each: for W1's 10 million
/// rows that is 80 MB less, and the values read back are exactly those parsed.
public struct XValues: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    private enum Storage: Equatable, Sendable {
        case regular(first: Double, step: Double, count: Int)
        case explicit(ValueColumn<Double>)
    }

    private var storage: Storage

    /// `values`, as a formula when each is exactly first + i × step with a positive step.
    /// - Complexity: O(n).
    public init(_ values: [Double]) {
        if values.count >= 2, let step = Self.regularStep(of: values) {
            storage = .regular(first: values[0], step: step, count: values.count)
        } else {
            storage = .explicit(ValueColumn(values))
        }
    }

    /// `values` as they are, not looked at (the builder found them uneven already).
    init(explicit values: [Double]) {
        storage = .explicit(ValueColumn(values))
    }

    /// `values` as they are, not looked at: a column read back from the cache of large
    /// files, which checks them itself.
    public init(explicit values: ValueColumn<Double>) {
        storage = .explicit(values)
    }

    /// The values' column when they are kept one by one, `nil` for a formula.
    public var column: ValueColumn<Double>? {
        if case let .explicit(values) = storage { return values }
        return nil
    }

    public init(arrayLiteral elements: Double...) {
        self.init(elements)
    }

    /// `count` values first, first + step, … (exact: each is computed as first + i × step).
    public init(first: Double, step: Double, count: Int) {
        precondition(step > 0 && count >= 0, "XValues: a positive step and a count")
        storage = .regular(first: first, step: step, count: count)
    }

    /// The first value and the step, where the values are kept as a formula.
    var formula: (first: Double, step: Double)? {
        if case let .regular(first, step, _) = storage { return (first, step) }
        return nil
    }

    /// Whether the values are kept as a formula.
    public var isRegular: Bool {
        if case .regular = storage { return true }
        return false
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case let .regular(_, _, count): count
        case let .explicit(values): values.count
        }
    }

    @inline(__always)
    public subscript(index: Int) -> Double {
        switch storage {
        case let .regular(first, step, count):
            precondition(index >= 0 && index < count, "XValues: index out of range")
            return first + Double(index) * step
        case let .explicit(values):
            return values[index]
        }
    }

    public static func == (a: XValues, b: XValues) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }

    /// The step when every value is exactly values[0] + i × step, else `nil`.
    private static func regularStep(of values: [Double]) -> Double? {
        let first = values[0]
        let step = values[1] - first
        guard step > 0, step.isFinite, first.isFinite else { return nil }
        for (i, value) in values.enumerated() where value != first + Double(i) * step { return nil }
        return step
    }
}

/// Collects x values one at a time, as a loader reads them, keeping the formula for as
/// long as they are evenly spaced: an evenly spaced file never holds an array of its x.
public struct XValuesBuilder {
    private var first = 0.0
    private var step = 0.0
    private var regularCount = 0
    private var values: [Double]?
    private var capacity = 0

    public init() {}

    /// Room for `count` values, if they turn out not to be evenly spaced.
    public mutating func reserveCapacity(_ count: Int) {
        capacity = count
        values?.reserveCapacity(count)
    }

    public var count: Int { values?.count ?? regularCount }

    @inline(__always)
    public mutating func append(_ x: Double) {
        if values == nil {
            switch regularCount {
            case 0:
                first = x
                regularCount = 1
                return
            case 1 where x > first && (x - first).isFinite && first + (x - first) == x:
                // The step must give x back exactly: first + (x − first) need not be x.
                step = x - first
                regularCount = 2
                return
            default:
                if regularCount >= 2, x == first + Double(regularCount) * step {
                    regularCount += 1
                    return
                }
                materialize()
            }
        }
        values!.append(x)
    }

    /// Appends `more`, in order.
    /// - Complexity: O(1) where `more` goes on with the formula in whole numbers, else O(more.count).
    public mutating func append(contentsOf more: XValues) {
        if values == nil, regularCount >= 2, continues(with: more) {
            regularCount += more.count
            return
        }
        if values != nil { values!.reserveCapacity(values!.count + more.count) }
        for x in more { append(x) }
    }

    /// Whether every value of `more` is the formula's next one: told without reading them
    /// where both are formulas of whole numbers below 2^53 with one step, whose every sum
    /// and product is then exact, so that `more`'s i-th value, next + i × step, equals ours.
    private func continues(with more: XValues) -> Bool {
        guard let (next, theirStep) = more.formula, theirStep == step else { return false }
        let exact = 0x1p53
        let last = abs(first) + Double(regularCount + more.count) * step
        return first == first.rounded() && step == step.rounded() && next == next.rounded() && last < exact
            && abs(next) < exact && next == first + Double(regularCount) * step
    }

    /// The values collected.
    public func build() -> XValues {
        if let values { return XValues(explicit: values) }
        if regularCount >= 2 { return XValues(first: first, step: step, count: regularCount) }
        return XValues(regularCount == 1 ? [first] : [])
    }

    /// Switches to an array: the values so far from the formula, then the rest as read.
    private mutating func materialize() {
        var made: [Double] = []
        made.reserveCapacity(max(capacity, regularCount + 1))
        if regularCount >= 1 { made.append(first) }
        for i in 1..<max(regularCount, 1) { made.append(first + Double(i) * step) }
        values = made
    }
}
