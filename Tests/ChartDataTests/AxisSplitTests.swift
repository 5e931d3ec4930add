import ChartData
import Foundation
import XCTest

/// The automatic second axis groups series by how much of an axis each fills, so none is
/// drawn flat where a split would avoid it; a column named Volume goes to bars on its own
/// axis however it is asked for.
final class AxisSplitTests: XCTestCase {
    private func load(_ text: String, _ options: LoadOptions = LoadOptions()) throws -> Dataset {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { try CSVLoader().load($0, source: "bench.csv", options: options, tracker: nil) }
    }

    /// uPlot's benchmark as CSV, in miniature: two counters of 0–4,000 (medians near
    /// 1,500, within 20× of the third) beside `idl`, a CPU share of 58–100. All three on
    /// one axis drew `idl` as a line 1% of the plot tall; it goes alone on the right.
    func testUPlotsIdleShareGoesAloneOnTheRight() throws {
        var rng = SplitMix64(seed: 5)
        var text = "time,recv,send,idl\n"
        for i in 0..<5_000 {
            let recv = Double(rng.next() % 4_001), send = Double(rng.next() % 3_001)
            let idle = 58 + Double(rng.next() % 4_201) / 100
            text += "\(1_566_453_600 + i),\(recv),\(send),\(idle)\n"
        }
        let d = try load(text)
        XCTAssertEqual(d.series.map(\.name), ["recv", "send", "idl"])
        XCTAssertEqual(d.series.map(\.axis), [.left, .left, .right])
        XCTAssertEqual(d.series.map(\.kind), [.line, .line, .line])
    }

    /// dstat's columns as uPlot's bench has them: CPU shares (usr, sys of 0–20, idl of
    /// 58–100) and counters of 0–4,000. The magnitude split put `idl` on the counters'
    /// axis, 1% of it; it now reads with the other shares, over a quarter of their axis.
    func testNoSeriesIsFlatWhereTheSplitAvoidsIt() throws {
        var rng = SplitMix64(seed: 6)
        var text = "time,usr,sys,idl,read,writ\n"
        for i in 0..<3_000 {
            let usr = 2 + Double(rng.next() % 1_800) / 100, sys = 1 + Double(rng.next() % 900) / 100
            let idle = 100 - usr - sys
            text += "\(1_566_453_600 + i),\(usr),\(sys),\(idle),\(rng.next() % 4_001),\(rng.next() % 3_501)\n"
        }
        let d = try load(text)
        XCTAssertEqual(d.series.count, 5)
        let idl = try XCTUnwrap(AxisSplit.span(of: d.series[2].ys))
        let shares = d.series.filter { $0.axis == d.series[2].axis }.compactMap { AxisSplit.span(of: $0.ys) }
        let axis = shares.map(\.upperBound).max()! - shares.map(\.lowerBound).min()!
        XCTAssertGreaterThan((idl.upperBound - idl.lowerBound) / axis, 0.25, "\(d.series.map(\.axis))")
        XCTAssertEqual(d.series[2].axis, d.series[0].axis, "idl reads with the other CPU shares")
        XCTAssertNotEqual(d.series[3].axis, d.series[2].axis, "and not on the counters' axis")
    }

    /// `--y Close,Volume` drew Close flat at zero beside a Volume in the millions, on one
    /// axis: Volume goes to bars on the right axis, in either order and any case.
    func testVolumeGoesToBarsOnItsOwnAxisWhicheverWayItIsAskedFor() throws {
        var text = "Date,Close,Volume\n"
        for day in 0..<60 { text += "\(1_672_531_200 + day * 86_400),\(150 + Double(day % 7)),\(80_000_000 + day * 1000)\n" }
        for names in [["Close", "Volume"], ["Volume", "Close"], ["close", "VOLUME"]] {
            let d = try load(text, LoadOptions(y: names))
            let volume = try XCTUnwrap(d.series.first { $0.name == "Volume" })
            let close = try XCTUnwrap(d.series.first { $0.name == "Close" })
            XCTAssertEqual(volume.axis, .right, "\(names)")
            XCTAssertEqual(volume.kind, .bar, "\(names)")
            XCTAssertEqual(close.axis, .left, "\(names)")
            XCTAssertEqual(close.kind, .line, "\(names)")
        }
        let alone = try load(text, LoadOptions(y: ["Volume"]))
        XCTAssertEqual(alone.series.map(\.axis), [.left], "a volume alone is the chart")
        XCTAssertEqual(alone.series.map(\.kind), [.bar], "drawn as bars, as every stock chart draws a volume")
    }

    /// Seeded sets of series with random ranges: wherever some assignment (the anchor on
    /// the left) leaves no series under a fifth of its axis, the one chosen does too; and
    /// where one axis already does, every series stays on it.
    func testNoSeriesIsDrawnFlatterThanAFifthWhereASplitWouldAvoidIt() {
        var rng = SplitMix64(seed: 77)
        var splits = 0
        for _ in 0..<3_000 {
            let count = Int(2 + rng.next() % 5)
            let spans: [ClosedRange<Double>?] = (0..<count).map { _ in
                if rng.next() % 12 == 0 { return nil }
                let magnitude = pow(10, Double(Int(rng.next() % 7)) - 2)
                let low = Double(Int(rng.next() % 2_001) - 1_000) / 1_000 * magnitude
                return low...(low + Double(Int(rng.next() % 1_000) + 1) / 1_000 * magnitude)
            }
            let anchor = Int(rng.next() % UInt64(count))
            let magnitudeSplit = (0..<count).filter { $0 != anchor && rng.next() % 3 == 0 }
            let right = AxisSplit.rightAxis(spans: spans, magnitudeSplit: magnitudeSplit, anchor: anchor)
            let chosen = AxisSplit.score(spans, right: Set(right))
            XCTAssertFalse(right.contains(anchor), "the anchor reads the left axis")
            if AxisSplit.score(spans, right: Set(magnitudeSplit)) >= AxisSplit.flatness {
                XCTAssertEqual(right, magnitudeSplit, "a split that reads well stands")
                continue
            }
            if AxisSplit.score(spans, right: []) >= AxisSplit.flatness {
                XCTAssertEqual(right, [], "one axis when it reads well")
                continue
            }
            let others = (0..<count).filter { $0 != anchor }
            let best = (0..<(1 << others.count)).map { mask in
                AxisSplit.score(spans, right: Set(others.indices.filter { mask & (1 << $0) != 0 }.map { others[$0] }))
            }.max()!
            XCTAssertEqual(chosen, best, accuracy: 1e-12, "the best assignment there is")
            if best >= AxisSplit.flatness {
                XCTAssertGreaterThanOrEqual(chosen, AxisSplit.flatness)
                splits += 1
            }
        }
        XCTAssertGreaterThan(splits, 100, "the cases exercise splitting")
    }

    /// Two units among the series' names: each on an axis of its own (a temperature of
    /// 10–30 °C beside a humidity of 40–90% fills one axis well, but reads in two units).
    func testTwoUnitsGoOneAnAxis() throws {
        let rows = (0..<48).map { "\($0),\(20 + 8 * sin(Double($0) / 4)),\(65 + 20 * cos(Double($0) / 5)),\(18 + 6 * sin(Double($0) / 3))" }
        let text = "hour,Temperature (°C),Humidity [%],Dew point (°C)\n" + rows.joined(separator: "\n")
        let dataset = try load(text)
        XCTAssertEqual(dataset.series.map(\.axis), [.left, .right, .left])
        let three = try load("hour,a (°C),b [%],c (hPa)\n1,1,2,3\n2,2,3,4\n")
        XCTAssertEqual(AxisSplit.rightAxis(units: ["°C", "%", "hPa"]), nil, "three units: the fill decides")
        XCTAssertEqual(three.series.count, 3)
    }
}
