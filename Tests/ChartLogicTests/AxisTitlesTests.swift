import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import XCTest

/// Which axis is whose: titles from the command line or the units in the columns'
/// names, and an arrow in the legend after each series read against the right axis.
final class AxisTitlesTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1000, height: 600), layout: .explorer)

    func testAUnitIsTheBracketAtTheEndOfAName() {
        XCTAssertEqual(AxisTitles.unit(in: "Temperature (°C)"), "°C")
        XCTAssertEqual(AxisTitles.unit(in: "level [m] "), "m")
        XCTAssertEqual(AxisTitles.unit(in: "flow ( m³/s )"), "m³/s")
        XCTAssertNil(AxisTitles.unit(in: "Berlin °C"), "no brackets")
        XCTAssertNil(AxisTitles.unit(in: "f(x) of y"), "not at the end")
        XCTAssertNil(AxisTitles.unit(in: "empty ()"))
        XCTAssertNil(AxisTitles.unit(in: "note (this is a long remark, not a unit)"))
        XCTAssertEqual(AxisTitles.title(given: nil, names: ["Berlin (°C)", "Madrid (°C)", "rain (%)"]), "°C, %")
        XCTAssertNil(AxisTitles.title(given: nil, names: ["Berlin (°C)", "Madrid"]), "every series needs a unit")
        XCTAssertEqual(AxisTitles.title(given: "Temperature", names: ["Berlin (°C)"]), "Temperature", "a given title wins")
    }

    private func texts(_ factory: RecordingSurfaceFactory) -> [String] { factory.texts.flatMap(\.runs).map(\.text) }

    /// The window's chart writes each axis's title and marks the right axis's series in
    /// the legend; with one axis in use, nothing is marked.
    func testTheChartWritesTheTitlesAndMarksTheRightAxisSeries() {
        let xs = (0..<100).map(Double.init)
        var dataset = Dataset(source: "t", xs: xs, series: [
            Series(name: "Temperature (°C)", ys: xs.map { 10 + sin($0 / 9) }),
            Series(name: "pressure [hPa]", ys: xs.map { 1000 + cos($0 / 7) }, axis: .right),
        ])
        dataset.axisTitles = AxisTitles(x: "hours")
        let factory = RecordingSurfaceFactory()
        let presenter = ChartPresenter(source: DataSource(dataset: dataset), factory: factory, geometry: geometry)
        presenter.stage.prepareFrame()
        let written = texts(factory)
        for title in ["°C", "hPa", "hours", "pressure [hPa]" + " →", "Temperature (°C)"] {
            XCTAssertTrue(written.contains(title), "\(title) in \(written)")
        }
        let boxes = presenter.stage.controllers.compactMap { $0 as? AxisTitlesController }.first?.boxes ?? [:]
        XCTAssertEqual(Set(boxes.keys), [.left, .right, .x])
        let plot = geometry.plotBox
        XCTAssertLessThanOrEqual(boxes[.left]!.maxY, plot.y, "over the plot")
        XCTAssertGreaterThanOrEqual(boxes[.x]!.x, plot.maxX, "right of the x labels")

        let one = RecordingSurfaceFactory()
        let single = ChartPresenter(source: DataSource(dataset: Dataset(source: "t", xs: xs, series: [
            Series(name: "a", ys: xs), Series(name: "b", ys: xs.map { $0 * 2 }),
        ])), factory: one, geometry: geometry)
        single.stage.prepareFrame()
        XCTAssertFalse(texts(one).contains { $0.contains("→") }, "one axis: nothing to tell apart")
        XCTAssertFalse(texts(one).contains("hours"))
    }
}
