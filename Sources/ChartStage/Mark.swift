import ChartGeometry

/// A kind of primitive that controllers emit (`Shape`, `TextRun`, `SeriesLine`,
/// `SeriesStack`, `GradientField`): a controller asks its environment for a surface of
/// the kind (`surface(for: Shape.self, layer:)`), and each backend makes it from the
/// maker it registered for the kind (`SurfaceMakers`). A new kind is a type that
/// conforms, not another method on every factory and environment.
public protocol Mark {
    /// The role of the surfaces that take this kind: a `MarkSurface` of it, unless the
    /// kind asks more of them (text is measured, the gradient is shown, not added).
    associatedtype Surface = any MarkSurface<Self>
}

/// A surface that takes primitives of one kind, one at a time.
public protocol MarkSurface<Kind>: RenderSurface {
    associatedtype Kind
    func add(_ mark: Kind)
}

// The geometry layer's kind, declared a mark here where the role is.
extension GradientField: Mark {
    /// The background shows one field at a time, or none.
    public typealias Surface = any GradientSurface
}
