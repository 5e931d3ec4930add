import ChartGeometry

/// Where a surface is drawn relative to the others: by layer, then by the order the
/// controllers were added, then by the order each asked for its surfaces.
public enum RenderLayer: Int, Comparable, Sendable, CaseIterable {
    case background, grid, series, overlay

    public static func < (a: RenderLayer, b: RenderLayer) -> Bool { a.rawValue < b.rawValue }
}

/// A container of primitives of one kind that owns how they are drawn (GL in the app,
/// a recording in tests). Controllers fill it; the stage empties it before a rebuild.
public protocol RenderSurface: AnyObject {
    var layer: RenderLayer { get }
    func removeAll()
}

// Names for the roles the controllers keep; a new kind of mark needs none (its
// controllers keep an `any MarkSurface<Kind>`).
public typealias ShapeSurface = any MarkSurface<Shape>
public typealias TextSurface = any TextMarkSurface

/// Text surfaces also measure: controllers place runs by their size.
public protocol TextMarkSurface: MarkSurface where Kind == TextRun {
    /// The size `text` takes at `pointSize` (before the HiDPI scale), in canvas pixels.
    func measure(_ text: String, pointSize: Double) -> TextSize
}

public typealias LineSurface = any MarkSurface<SeriesLine>

/// Bars and filled areas, drawn from the series' columns through a viewport.
public typealias StackSurface = any MarkSurface<SeriesStack>

public protocol GradientSurface: RenderSurface {
    /// The field to fill the canvas with; `nil` leaves the theme's flat background.
    func show(_ field: GradientField?)
}

/// Makes the surfaces controllers ask for: GL ones in the app, recording ones in tests.
public protocol SurfaceFactory: AnyObject {
    /// A new surface for marks of `kind` on `layer`.
    func makeSurface<Kind: Mark>(for kind: Kind.Type, layer: RenderLayer) -> Kind.Surface
}
