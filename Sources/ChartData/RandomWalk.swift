import Foundation

/// The benchmark workload W1's series: x = 1.6e9 + 60·i (Unix seconds, one point a
/// minute) and y the cumulative sum of standard normal steps from a seeded generator.
/// The numbers differ from numpy's, the shape and the cost do not.
public struct RandomWalk: GeneratedData {
    public var count: Int
    public var seed: UInt64

    public init(count: Int, seed: UInt64 = 42) {
        self.count = count
        self.seed = seed
    }

    public static let firstX = 1_600_000_000.0
    public static let xStep = 60.0

    /// About the bytes the walk takes once loaded: 8 a point for y, about 4.4 for its
    /// min/max level of detail and 0.5 for its range index (x is a formula).
    public static let bytesPerPoint = 13

    public var pointCount: Int { count }

    /// Throws unless `budget` (the process's memory now by default) holds the walk, and
    /// `extraBytesPerPoint` more for each point (what drawing it adds, say).
    /// - Throws: `DataLoadError.tooLarge` (exit status 69), or `.usage` for a negative count.
    public func requireMemory(extraBytesPerPoint: Int = 0, for work: String = "generating the walk",
                              budget: MemoryBudget? = nil) throws {
        let source = "random walk (\(count) points, seed \(seed))"
        guard count >= 0 else {
            throw DataLoadError.usage(file: source, message: "the number of points must be 0 or more")
        }
        try (budget ?? MemoryBudget.current()).require(bytesNeeded(extraBytesPerPoint: extraBytesPerPoint), for: work,
                                                       file: source)
    }

    /// The walk as a dataset, once `budget` (the process's memory now by default) is
    /// known to hold it.
    /// - Throws: `DataLoadError.tooLarge` (exit status 69), or `.usage` for a negative count.
    /// - Complexity: O(count).
    public func dataset(checking budget: MemoryBudget? = nil) throws -> Dataset {
        try requireMemory(budget: budget)
        return dataset()
    }

    /// The walk as a dataset with one series named `y`.
    /// - Precondition: `count >= 0`.
    /// - Complexity: O(count).
    public func dataset() -> Dataset {
        var ys = [Double](repeating: 0, count: count)
        var generator = SplitMix64(seed: seed)
        var y = 0.0
        for i in 0..<count {
            y += generator.nextStandardNormal()
            ys[i] = y
        }
        return Dataset(source: "random walk (\(count) points, seed \(seed))",
                       xs: XValues(first: Self.firstX, step: Self.xStep, count: count),
                       series: [Series(name: "y", ys: ys)])
    }

    /// The walk as W1's CSV text: header `x,y`, x an integer, y with 6 decimals.
    /// `write` receives the text in chunks of about 1 MB.
    public func writeCSV(_ write: ([UInt8]) throws -> Void) rethrows {
        var buffer: [UInt8] = Array("x,y\n".utf8)
        buffer.reserveCapacity(1 << 20 + 64)
        var generator = SplitMix64(seed: seed)
        var y = 0.0
        for i in 0..<count {
            y += generator.nextStandardNormal()
            appendInteger(Int64(Self.firstX) + Int64(Self.xStep) * Int64(i), to: &buffer)
            buffer.append(UInt8(ascii: ","))
            appendFixed6(y, to: &buffer)
            buffer.append(UInt8(ascii: "\n"))
            if buffer.count >= 1 << 20 {
                try write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if !buffer.isEmpty { try write(buffer) }
    }

    private func appendInteger(_ value: Int64, to buffer: inout [UInt8]) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(magnitude % 10) + 0x30)
            magnitude /= 10
        } while magnitude > 0
        buffer.append(contentsOf: digits.reversed())
    }

    /// `value` with exactly six decimals, rounded half away from zero like printf.
    private func appendFixed6(_ value: Double, to buffer: inout [UInt8]) {
        let micros = Int64((value * 1_000_000).rounded())
        if micros < 0 { buffer.append(UInt8(ascii: "-")) }
        let magnitude = micros.magnitude
        appendInteger(Int64(magnitude / 1_000_000), to: &buffer)
        buffer.append(UInt8(ascii: "."))
        var fraction = magnitude % 1_000_000
        var digits = [UInt8](repeating: 0x30, count: 6)
        for k in stride(from: 5, through: 0, by: -1) {
            digits[k] = UInt8(fraction % 10) + 0x30
            fraction /= 10
        }
        buffer.append(contentsOf: digits)
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64), so seeded
/// data is the same on every machine.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A standard normal deviate (Box–Muller).
    public mutating func nextStandardNormal() -> Double {
        let u1 = Double(next() >> 11 | 1) * 0x1p-53
        let u2 = Double(next() >> 11) * 0x1p-53
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}
