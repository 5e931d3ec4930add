import Foundation

/// The benchmark workload W2's data (WORKLOAD-W2.md): four series of different character
/// on one shared x, the way real files come. x is Unix seconds a jittered 30–90 s apart
/// (median 60), with a missing stretch of 3% of the range at 40% of the rows and six short
/// outages of 12 to 320 steps, all wider than the gap rule's 10× the median spacing, so
/// every one breaks the lines. The series:
/// - `seasonal`: a yearly and a 27-day sine, smooth at every zoom;
/// - `noisy`: a daily sine plus Gaussian noise, a dense band zoomed out, with 50 runs of
///   1–10 missing values (NaN, empty cells in the CSV);
/// - `stepped`: piecewise constant, one of nine levels, about 500 jumps in all;
/// - `walk`: a random walk whose spread is the same at every size.
///
/// The shared form is `bench/w2/gen_w2.py` (numpy); this generator draws its numbers from
/// `SplitMix64` instead, so they differ from numpy's while the shape and the cost do not.
public struct SeriesMix: GeneratedData {
    /// Points in all, the series together; the rows are a quarter of it.
    public var points: Int
    public var seed: UInt64

    public init(points: Int, seed: UInt64 = 27) {
        self.points = points
        self.seed = seed
    }

    public static let seriesNames = ["seasonal", "noisy", "stepped", "walk"]
    /// The fewest points W2 is made of, so that its gaps lie apart.
    public static let minimumPoints = 4_000
    public static let firstX = 1_600_000_000.0
    /// Where the missing stretch starts, as a fraction of the rows, and its width as a
    /// fraction of the nominal range (rows × 60 s).
    public static let missingStretch = (rowFraction: 0.40, rangeFraction: 0.03)
    /// The short outages: where (a fraction of the rows) and how wide (in 60 s steps).
    public static let outages: [(rowFraction: Double, steps: Int)] =
        [(0.10, 320), (0.22, 160), (0.52, 12), (0.55, 40), (0.58, 80), (0.81, 20)]
    /// Runs of missing values in the noisy series.
    public static let dropouts = 50
    /// The stepped series' expected number of level changes.
    public static let stepJumps = 500.0

    /// Rows of the shared x.
    public var rows: Int { points / Self.seriesNames.count }

    public var pointCount: Int { points }

    /// About the bytes it takes once loaded: 2 a point for the shared x, 8 for y, about
    /// 4.4 for its level of detail and 0.5 for its range index.
    public static let bytesPerPoint = 15

    /// Throws unless `budget` (the process's memory now by default) holds the data, and
    /// `extraBytesPerPoint` more for each point.
    /// - Throws: `DataLoadError.usage` below `minimumPoints`, `.tooLarge` (exit status 69).
    public func requireMemory(extraBytesPerPoint: Int = 0, for work: String = "generating W2",
                              budget: MemoryBudget? = nil) throws {
        guard points >= Self.minimumPoints else {
            throw DataLoadError.usage(file: description, message: "W2 needs at least \(Self.minimumPoints) points (a thousand rows), "
                                      + "so that its gaps lie apart")
        }
        try (budget ?? MemoryBudget.current()).require(bytesNeeded(extraBytesPerPoint: extraBytesPerPoint), for: work,
                                                       file: description)
    }

    private var description: String { "W2 series mix (\(points) points, seed \(seed))" }

    /// The x steps, seconds: jittered, with the missing stretch and the outages in place.
    private func steps() -> [Double] {
        let rows = rows
        var generator = SplitMix64(seed: seed)
        var steps = (1..<rows).map { _ in Double(30 + generator.next() % 61) }
        steps[Int(Self.missingStretch.rowFraction * Double(rows)) - 1] =
            60 * (Self.missingStretch.rangeFraction * Double(rows)).rounded(.up)
        for outage in Self.outages { steps[Int(outage.rowFraction * Double(rows)) - 1] = 60 * Double(outage.steps) }
        return steps
    }

    /// The four series over their shared x, as instants (Unix seconds) like the CSV reads.
    /// - Precondition: `points >= minimumPoints`.
    /// - Complexity: O(points).
    public func dataset() -> Dataset {
        precondition(points >= Self.minimumPoints, "SeriesMix: at least \(Self.minimumPoints) points")
        let rows = rows
        var xs = [Double](repeating: Self.firstX, count: rows)
        for (i, step) in steps().enumerated() { xs[i + 1] = xs[i] + step }
        let (year, month, day) = (365.25 * 86_400, 27.0 * 86_400, 86_400.0)
        var noise = SplitMix64(seed: seed &+ 1), walkSteps = SplitMix64(seed: seed &+ 2), jumps = SplitMix64(seed: seed &+ 3)
        var seasonal = [Double](repeating: 0, count: rows), noisy = seasonal, stepped = seasonal, walk = seasonal
        let walkScale = 12 / Double(rows).squareRoot(), jumpChance = Self.stepJumps / Double(rows)
        var (level, position) = (0.0, 0.0)
        for i in 0..<rows {
            let s = xs[i] - Self.firstX
            seasonal[i] = 15 * sin(2 * .pi * s / year) + 3 * sin(2 * .pi * s / month)
            noisy[i] = 10 + 8 * sin(2 * .pi * s / day) + 4 * noise.nextStandardNormal()
            position += walkScale * walkSteps.nextStandardNormal()
            walk[i] = position
            if i == 0 || Double(jumps.next() >> 11) * 0x1p-53 < jumpChance { level = -20 + 5 * Double(jumps.next() % 9) }
            stepped[i] = level
        }
        var holes = SplitMix64(seed: seed &+ 4)
        for _ in 0..<Self.dropouts {
            let start = Int(holes.next() % UInt64(rows)), length = 1 + Int(holes.next() % 10)
            for i in start..<min(start + length, rows) { noisy[i] = .nan }
        }
        let series = zip(Self.seriesNames, [seasonal, noisy, stepped, walk]).map { Series(name: $0, ys: $1) }
        return Dataset(source: description, xs: XValues(xs), series: series, xKind: .time(unitsPerSecond: 1))
    }
}
