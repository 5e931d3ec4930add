import ChartData
import ChartGeometry

/// A part of the picture (an axis, the series, the gradient). It asks its environment
/// for surfaces when attached, and fills them when the stage rebuilds its target.
public protocol RenderController: AnyObject {
    /// Called once when added to a stage: ask for surfaces, observe the viewport.
    func attach(to environment: RenderEnvironment)
    /// Emits this controller's primitives into its surfaces, which the stage has
    /// emptied. Only called when this controller's target is invalid.
    func build(in environment: RenderEnvironment)
    /// Advances the controller's own animations by `seconds`; returns whether any is
    /// still running (its target is then rebuilt).
    func advance(by seconds: Double) -> Bool
    /// Whether every viewport step invalidates this controller (labels placed in data
    /// space do; lines, which the GPU maps, do not).
    var followsViewport: Bool { get }
    /// Called when the canvas or plot changes size (the target is rebuilt anyway).
    func geometryDidChange(in environment: RenderEnvironment)
}

extension RenderController {
    public func advance(by seconds: Double) -> Bool { false }
    public func geometryDidChange(in environment: RenderEnvironment) {}
    public var followsViewport: Bool { true }
}

/// What a controller sees of its stage.
public protocol RenderEnvironment: AnyObject {
    var viewport: AnimatedViewport { get }
    /// The view of series on the right y axis: x as `viewport`'s, its own y.
    var rightViewport: AnimatedViewport { get }
    var geometry: StageGeometry { get }
    /// The theme now (mid-transition during an animated theme switch).
    var theme: ChartTheme { get }

    /// Surfaces join the asking controller's target.
    func surface<Kind: Mark>(for kind: Kind.Type, layer: RenderLayer) -> Kind.Surface
    /// Marks the asking controller's target for a rebuild before the next frame.
    func invalidate()
}

extension RenderEnvironment {
    /// The viewport series on `side` are drawn through.
    public func viewport(for side: YAxisSide) -> AnimatedViewport {
        side == .left ? viewport : rightViewport
    }

    /// Data ↔ canvas pixels for the view of series on `side` as it is drawn now.
    public func scales(for side: YAxisSide) -> PlotScales { geometry.scales(showing: viewport(for: side).current) }
}

/// The canvas the stage draws: its size, where the plot sits in it, and the HiDPI scale.
public struct StageGeometry: Equatable, Sendable {
    public var canvas: PixelSize
    public var plot: PixelRect
    /// Drawable pixels per window coordinate.
    public var scale: Double

    public init(canvas: PixelSize, plot: PixelRect, scale: Double = 1) {
        self.canvas = canvas
        self.plot = plot
        self.scale = scale
    }

    public init(canvas: PixelSize, layout: ChartLayout, scale: Double = 1) {
        self.init(canvas: canvas, plot: layout.plotRect(in: canvas, scale: scale), scale: scale)
        bar = layout.barRect(in: canvas, scale: scale).map(PixelBox.init)
    }

    public var plotBox: PixelBox { PixelBox(plot) }

    /// Data ↔ canvas pixels for `visible` (data units) filling the plot: where every
    /// view meets the plot, so the stage, its controllers and its surfaces share one
    /// mapping.
    public func scales(showing visible: DataRect) -> PlotScales { PlotScales(visible: visible, plot: plotBox) }
    /// The bar above the plot for the legend and the presets, where the layout has one.
    public var bar: PixelBox?
}
