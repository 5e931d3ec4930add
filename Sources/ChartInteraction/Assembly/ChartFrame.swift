import ChartMarks

/// What frames a chart's series in the main chart and a still picture: the background,
/// the y grid and labels of each axis, the x labels and the value label beside the
/// axes. `ChartAssembly` makes and orders it.
public struct ChartFrame {
    public let gradient: GradientController
    public let yAxis: YAxisController
    /// The second y axis, on the right; shown only where a series is read against it.
    public let rightAxis: YAxisController
    public let xAxis: XAxisController
    public let annotation: ValueAnnotationController
    /// The axes' titles (none unless asked for or a column's name carries a unit).
    public let titles: AxisTitlesController
}
