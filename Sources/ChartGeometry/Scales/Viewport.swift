/// The camera over chart space: the data rectangle that fills the plot.
///
/// Positions are `Double` throughout; only offsets small enough for `Float` ever reach
/// the GPU. Conversions to and from pixels are `PlotScales`'.
public struct Viewport: Equatable, Sendable {
    public var visible: DataRect

    public init(visible: DataRect) {
        self.visible = visible
    }
}
