import ChartData
import ChartGeometry
import ChartSupport
import XCTest

final class ValueFormatTests: XCTestCase {
    /// The values the info board showed as "1.55621997K", "786.159973", "−741.297694".
    func testValuesReadAsTheDataWasWritten() {
        XCTAssertEqual(ValueFormat.string(1556.219971, dataDecimals: 2), "1,556.22")
        XCTAssertEqual(ValueFormat.string(12143.47, dataDecimals: 2), "12,143.47")
        XCTAssertEqual(ValueFormat.string(786.159973, dataDecimals: 2), "786.16")
        XCTAssertEqual(ValueFormat.string(-741.297694, dataDecimals: 6), "\u{2212}741.298", "six significant digits")
        XCTAssertEqual(ValueFormat.string(1556.2, dataDecimals: 2), "1,556.20", "the data's decimals, zeros kept")
        XCTAssertEqual(ValueFormat.string(3_839_500, dataDecimals: 0), "3,839,500", "no K on the board")
        XCTAssertEqual(ValueFormat.string(0.000125, dataDecimals: 6), "0.000125")
        XCTAssertEqual(ValueFormat.string(-0.0001, dataDecimals: 2), "0.00", "no minus on a zero")
        XCTAssertEqual(ValueFormat.string(.nan, dataDecimals: 2), "—")
        XCTAssertEqual(ValueFormat.string(2.5e20, dataDecimals: 0), "2.5e20")
        XCTAssertEqual(ValueFormat.string(-1.5e-9, dataDecimals: 9), "\u{2212}1.5e\u{2212}9")
        XCTAssertEqual(ValueFormat.string(9.9999999e20, dataDecimals: 0), "1e21")
    }

    /// For every value: at most six significant digits (more only in the integer
    /// part and its two decimals), groups of three, the same number back when the separators are removed.
    func testEveryValueRoundTripsToItsShownPrecision() {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<20_000 {
            let value = Double.random(in: -1...1, using: &rng) * pow(10, Double.random(in: -5...14, using: &rng))
            let decimals = Int.random(in: 0...9, using: &rng)
            let text = ValueFormat.string(value, dataDecimals: decimals)
            let plain = text.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: ValueFormat.minus, with: "-")
            let parsed = try! XCTUnwrap(Double(plain), text)
            XCTAssertFalse(text.contains("-"), "a real minus, never a hyphen: \(text)")
            if plain.contains("e") {
                XCTAssertEqual(parsed, value, accuracy: abs(value) * 1e-5, text)
                XCTAssertLessThanOrEqual(plain.split(separator: "e")[0].filter(\.isNumber).count, 6, text)
                continue
            }
            let shownDecimals = plain.split(separator: ".").dropFirst().first?.count ?? 0
            XCTAssertLessThanOrEqual(shownDecimals, decimals, text)
            XCTAssertEqual(parsed, value, accuracy: pow(10, -Double(shownDecimals)) / 2 * 1.000001 + 4 * value.ulp, text)
            let integerPart = plain.split(separator: ".")[0].filter(\.isNumber)
            let significant = (integerPart == "0" ? "" : integerPart) + (shownDecimals > 0 ? String(plain.split(separator: ".")[1]) : "")
            XCTAssertLessThanOrEqual(significant.drop { $0 == "0" }.count, max(6, integerPart.count + min(decimals, 2)), text)
            if let groups = text.split(separator: ".").first?.split(separator: ","), groups.count > 1 {
                XCTAssertTrue(groups.dropFirst().allSatisfy { $0.count == 3 }, text)
            }
        }
    }

    func testTheDataTellsItsDecimals() {
        XCTAssertEqual(SeriesPrecision.decimals(of: [786.159973, 1556.219971, 12.5].map { Double(Float($0)) }), 2,
                       "a float's noise is not precision")
        XCTAssertEqual(SeriesPrecision.decimals(of: RandomWalk(count: 10_000, seed: 1).dataset().series[0].ys.map {
            ($0 * 1e6).rounded() / 1e6
        }), 6, "W1's six decimals")
        XCTAssertEqual(SeriesPrecision.decimals(of: [1, 20, 300, .nan]), 0)
        XCTAssertEqual(SeriesPrecision.decimals(of: []), 0)
        XCTAssertEqual(SeriesPrecision.decimals(of: [0.1 + 0.2]), 1)
    }

    /// A value in a few significant digits, compact as its axis writes it (the value
    /// label where every digit does not fit its margin).
    func testSignificantDigitsCompactLikeTheAxis() {
        XCTAssertEqual(NumberLabel.format(1_557_830_318, significantDigits: 3), "1.56B")
        XCTAssertEqual(NumberLabel.format(1_557_830_318, significantDigits: 5), "1.5578B")
        XCTAssertEqual(NumberLabel.format(-1_500_000_000, significantDigits: 3), "-1.5B")
        XCTAssertEqual(NumberLabel.format(2_020.90, significantDigits: 4), "2,021")
        XCTAssertEqual(NumberLabel.format(2_020.90, significantDigits: 5), "2,020.9")
        XCTAssertEqual(NumberLabel.format(12_345, significantDigits: 3), "12.3K")
        XCTAssertEqual(NumberLabel.format(999_960, significantDigits: 3), "1M", "rounding carries into the next suffix")
        XCTAssertEqual(NumberLabel.format(0.000412345, significantDigits: 3), "0.000412")
        XCTAssertEqual(NumberLabel.format(2.5e20, significantDigits: 3), "2.5e20")
        XCTAssertEqual(NumberLabel.format(-.leastNonzeroMagnitude, significantDigits: 3), "-4.94e-324", "a subnormal")
        XCTAssertEqual(NumberLabel.format(-.greatestFiniteMagnitude, significantDigits: 3), "-1.8e308")
        XCTAssertEqual(NumberLabel.format(0, significantDigits: 3), "0")
    }

    /// The board's and the summaries' numbers at the ends of `Double`: a subnormal and the
    /// largest finite value keep their digits.
    func testTheEndsOfDoubleAreWritten() {
        XCTAssertEqual(ValueFormat.string(.leastNonzeroMagnitude, dataDecimals: 2), "4.94066e\u{2212}324")
        XCTAssertEqual(ValueFormat.string(Double.leastNormalMagnitude / 4, dataDecimals: 2), "5.56268e\u{2212}309")
        XCTAssertEqual(ValueFormat.string(-.greatestFiniteMagnitude, dataDecimals: 0), "\u{2212}1.79769e308")
    }

    /// A mean is written with a decimal at least: the mean of 1 and 2 is not 2.
    func testAMeanOfWholeNumbersKeepsADecimal() {
        let dataset = Dataset(source: "n.csv", xs: [1, 2], series: [Series(name: "v", ys: [1, 2])])
        let lines = ChartSummary(dataset: dataset).withStatistics(from: dataset).lines
        XCTAssertTrue(lines.contains { $0.contains("mean 1.5,") }, "\(lines)")
    }
}
