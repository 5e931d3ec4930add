/// What decides a surface's pixels besides the frame (geometry, theme, views), kept as a
/// value to compare with the next frame's: a cached layer is drawn again when any of its
/// surfaces' content differs (`LayerCache`), never because time passed.
struct SurfaceContent: Equatable {
    private let value: Any
    private let equals: (Any) -> Bool

    init<Value: Equatable>(_ value: Value) {
        self.value = value
        equals = { ($0 as? Value) == value }
    }

    /// A surface with nothing to draw.
    static var empty: SurfaceContent { SurfaceContent(0) }

    static func == (a: SurfaceContent, b: SurfaceContent) -> Bool { a.equals(b.value) }
}
