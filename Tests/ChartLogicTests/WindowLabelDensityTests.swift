import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import Foundation
import XCTest

/// A bigger window gets more axis labels: y lines about 60–90 pixels apart and x labels
/// about 90–150 apart, at every window size, for dates and for plain numbers.
final class WindowLabelDensityTests: XCTestCase {
    /// 35 years of a stock index's trading days (1988–2022), from about 1,000 to 16,000.
    private func index() -> Dataset {
        var rng = SplitMix64(seed: 35)
        var xs: [Double] = [], ys: [Double] = []
        var t = 567_993_600.0 // 1988-01-01
        var value = 1_000.0
        while t < 1_672_531_200 { // 2023-01-01
            let weekday = Int((t / 86_400).rounded(.down) + 4) % 7
            if weekday != 0, weekday != 6 {
                value *= exp(0.0003 + 0.012 * rng.nextStandardNormal())
                xs.append(t)
                ys.append((value * 100).rounded() / 100)
            }
            t += 86_400
        }
        return Dataset(source: "dax.csv", xs: xs, series: [Series(name: "Close", ys: ys)], xKind: .time(unitsPerSecond: 1))
    }

    /// Pixels between labels a level may give: inside the band, or the nearest to it
    /// of two levels `finer`, `coarser` times apart on either side (5% of hysteresis).
    private func bounds(band: ClosedRange<Double>, finer: Double, coarser: Double) -> ClosedRange<Double> {
        let product = band.lowerBound * band.upperBound
        return (product / (coarser * 1.05)).squareRoot()...(product * finer * 1.05).squareRoot()
    }

    func testLabelsFollowTheWindowsSize() throws {
        let sources = [DataSource(dataset: index()), DataSource(dataset: RandomWalk(count: 20_000, seed: 4).dataset())]
        let sizes = [PixelSize(width: 640, height: 420), PixelSize(width: 1024, height: 640), PixelSize(width: 1550, height: 950),
                     PixelSize(width: 2560, height: 1440)]
        for source in sources {
            for size in sizes {
                for fraction in [1.0, 0.3, 0.02] {
                    let geometry = StageGeometry(canvas: size, layout: .explorer)
                    let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry,
                                                   initialFraction: fraction)
                    settle(presenter)
                    let plot = geometry.plot
                    let view = presenter.stage.viewport.current
                    let name = "\(source.dataset.source) \(size.width)×\(size.height), \(fraction) of it"

                    let grid = try XCTUnwrap(presenter.yAxis.sets.last).grid
                    let ySpacing = grid.step / view.height * Double(plot.height)
                    XCTAssertTrue(bounds(band: 60...90, finer: 2.5, coarser: 2.5).contains(ySpacing),
                                  "\(name): y lines \(ySpacing) px apart")

                    let ladder = presenter.xAxis.ladder
                    let level = try XCTUnwrap(presenter.xAxis.level)
                    let xSpacing = ladder.spacing(ofLevel: level) / view.width * Double(plot.width)
                    let finer = level > ladder.levels.lowerBound ? ladder.spacing(ofLevel: level) / ladder.spacing(ofLevel: level - 1) : 1
                    let coarser = ladder.spacing(ofLevel: level + 1) / ladder.spacing(ofLevel: level)
                    XCTAssertTrue(bounds(band: 90...150, finer: finer, coarser: coarser).contains(xSpacing),
                                  "\(name): x labels \(xSpacing) px apart")
                }
            }
        }
    }
}
