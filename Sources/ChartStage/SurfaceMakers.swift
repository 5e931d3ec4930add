/// One backend's surface makers, keyed by the kind of mark: each kind's maker is
/// registered once, typed (it must return the kind's `Surface`), and found by the kind.
public struct SurfaceMakers {
    private var makers: [ObjectIdentifier: (RenderLayer) -> Any] = [:]

    public init() {}

    /// Makes surfaces for marks of `kind` with `make` from now on (replacing any maker
    /// registered before).
    public mutating func register<Kind: Mark>(_ kind: Kind.Type, _ make: @escaping (RenderLayer) -> Kind.Surface) {
        makers[ObjectIdentifier(kind)] = make
    }

    /// Whether a maker for `kind` is registered.
    public func makes<Kind: Mark>(_ kind: Kind.Type) -> Bool { makers[ObjectIdentifier(kind)] != nil }

    /// A new surface for marks of `kind` on `layer`, or `nil` when no maker is registered.
    public func make<Kind: Mark>(_ kind: Kind.Type, layer: RenderLayer) -> Kind.Surface? {
        // `register` only stores makers that return `Kind.Surface`, so the cast holds.
        makers[ObjectIdentifier(kind)].map { $0(layer) as! Kind.Surface }
    }
}
