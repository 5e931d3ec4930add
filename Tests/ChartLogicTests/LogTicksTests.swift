import ChartData
import ChartGeometry
import Foundation
import XCTest

/// The ticks of a logarithmic y axis, for every range and height (seeded): ascending,
/// inside the range, labelled at exact 1-2-5 × 10ᵏ (powers of ten only where decades are
/// many, a 1-2-5 step's multiples zoomed in under a decade), never closer than the
/// minimum spacing; minor lines never on a label.
final class LogTicksTests: XCTestCase {
    /// Whether `value` is m × 10ᵏ for a whole k and m in `mantissas`, exactly as the
    /// ticks compute it.
    private func isPower(_ value: Double, times mantissas: [Double]) -> Bool {
        let k = Int(log10(value).rounded(.down))
        return (k - 1...k + 1).contains { k in
            mantissas.contains { m in
                let power = k >= 0 ? (0..<k).reduce(1.0) { p, _ in p * 10 } : 1 / (0..<(-k)).reduce(1.0) { p, _ in p * 10 }
                return m * power == value
            }
        }
    }

    func testTicksHoldTheirRulesForEveryRangeAndHeight() {
        var random = SplitMix64(seed: 24)
        var modes = Set<String>()
        for _ in 0..<3000 {
            let low = Double.random(in: -12...12, using: &random)
            let decades = pow(10, Double.random(in: -2.5...1.6, using: &random))
            let range = low...(low + decades)
            let pixels = Double.random(in: 80...2000, using: &random)
            let ticks = LogTicks(range: range, pixels: pixels)
            let positions = ticks.labelled(in: range), values = ticks.values(in: range)
            XCTAssertEqual(positions, positions.sorted(), "ascending")
            XCTAssertTrue(positions.allSatisfy(range.contains), "inside \(range)")
            let perDecade = pixels / decades
            for (a, b) in zip(positions, positions.dropFirst()) {
                XCTAssertGreaterThanOrEqual((b - a) * perDecade, LogTicks.minimumSpacing * 0.999,
                                            "\(ticks.mode) over \(range) at \(pixels) px: labels crowd")
            }
            switch ticks.mode {
            case .oneTwoFive:
                modes.insert("125")
                XCTAssertTrue(values.allSatisfy { isPower($0, times: [1, 2, 5]) }, "\(values)")
            case .mantissas(let mantissas):
                modes.insert("mantissas")
                XCTAssertTrue(LogTicks.denserMantissas.contains(mantissas), "\(mantissas)")
                XCTAssertTrue(values.allSatisfy { isPower($0, times: mantissas) }, "\(values)")
            case .decades(let every):
                modes.insert("decades")
                XCTAssertLessThan(perDecade * log10(2.0), LogTicks.minimumSpacing, "decades only where 1-2-5 would crowd")
                XCTAssertTrue(values.allSatisfy { isPower($0, times: [1]) }, "powers of ten only: \(values)")
                XCTAssertTrue(values.allSatisfy { Int(log10($0).rounded()) % every == 0 })
            case .steps(let step):
                modes.insert("steps")
                XCTAssertLessThan(decades, LogTicks.mostDecadesForSteps, "steps only zoomed in")
                XCTAssertTrue(isPower(step, times: [1, 2, 5]), "a 1-2-5 step: \(step)")
                XCTAssertTrue(values.allSatisfy { ($0 / step).rounded() * step == $0 }, "multiples of \(step): \(values)")
                // Two labels at least, but on a plot under four label spacings tall
                // a 1-2-5 step (2 to 2.5 times the one below) may leave room for one.
                XCTAssertTrue(values.count >= 2 || pixels < 4 * LogTicks.minimumSpacing, "\(range) at \(pixels) px")
            }
            for (position, value) in zip(positions, values) {
                XCTAssertEqual(ticks.tickValue(at: position), value, "the label is the tick's exact value")
            }
            let minor = ticks.minor(in: range, pixels: pixels)
            XCTAssertEqual(minor, minor.sorted())
            XCTAssertTrue(minor.allSatisfy(range.contains))
            XCTAssertTrue(Set(minor).isDisjoint(with: positions), "no minor line on a label")
        }
        XCTAssertEqual(modes, ["125", "mantissas", "decades", "steps"], "every mode was tried")
    }

    /// The S&P century (5 to 6,000) on a 600-pixel plot: 1-2-5 labels in the compact
    /// format, minor lines at the other integers; 300 decades on the same plot: powers
    /// of ten only.
    func testLabelsReadAsTheAxesWriteNumbers() {
        let century = log10(4.4)...log10(6100)
        let ticks = LogTicks(range: century, pixels: 600)
        XCTAssertEqual(ticks.mode, .oneTwoFive)
        XCTAssertEqual(ticks.labelled(in: century).map { ticks.label($0, in: century) },
                       ["5", "10", "20", "50", "100", "200", "500", "1,000", "2,000", "5,000"])
        XCTAssertTrue(ticks.minor(in: century, pixels: 600).contains { abs($0 - log10(3000)) < 1e-12 }, "3,000 unlabelled")
        let wide = -150.0...150.0
        let sparse = LogTicks(range: wide, pixels: 600)
        XCTAssertEqual(sparse.mode, .decades(every: 20))
        let small = log10(0.004)...log10(0.6)
        let fine = LogTicks(range: small, pixels: 600)
        XCTAssertEqual(fine.labelled(in: small).map { fine.label($0, in: small) }, ["0.005", "0.01", "0.02", "0.05", "0.1", "0.2", "0.5"])
        let year = log10(3000.0)...log10(4800.0)
        let zoomed = LogTicks(range: year, pixels: 500)
        XCTAssertEqual(zoomed.mode, LogTicks.Mode.steps(500))
        XCTAssertEqual(zoomed.labelled(in: year).map { zoomed.label($0, in: year) }, ["3,000", "3,500", "4,000", "4,500"])
        // A decade and a bit on a tall plot (the DAX, 950 to 20,000, in a window): more of
        // each decade's integers, evenly over the plot, rather than steps crowding its top.
        let dax = log10(950.0)...log10(20_000.0)
        let tall = LogTicks(range: dax, pixels: 560)
        XCTAssertEqual(tall.labelled(in: dax).map { tall.label($0, in: dax) },
                       ["1,000", "2,000", "3,000", "5,000", "10K", "20K"])
        // 1,100 to 4,300 (0.6 decades) on 640 pixels: steps of 500 label its lower part too.
        let zoomedIn = log10(1100.0)...log10(4300.0)
        let stepped = LogTicks(range: zoomedIn, pixels: 640)
        XCTAssertEqual(stepped.labelled(in: zoomedIn).map { stepped.label($0, in: zoomedIn) },
                       ["1,500", "2,000", "2,500", "3,000", "3,500", "4,000"])
        // Under a decade on 600 pixels (250 to 1,100): every hundred.
        let under = log10(250.0)...log10(1100.0)
        let every = LogTicks(range: under, pixels: 600)
        XCTAssertEqual(every.labelled(in: under).map { every.label($0, in: under) },
                       ["300", "400", "500", "600", "700", "800", "900", "1,000", "1,100"])
    }

    /// A pan or a small refit keeps the ticks (no fade), a new zoom level changes them.
    func testTicksAreKeptWhileTheyStillSuit() {
        let start = log10(3000.0)...log10(4800.0)
        let first = YAxisGrid(logRange: start, pixels: 500)
        let panned = YAxisGrid(logRange: log10(3100.0)...log10(4950.0), pixels: 500, keeping: first)
        XCTAssertEqual(panned, first)
        let zoomedOut = YAxisGrid(logRange: log10(5.0)...log10(6000.0), pixels: 500, keeping: first)
        XCTAssertEqual(zoomedOut.logTicks?.mode, .oneTwoFive)
    }
}
