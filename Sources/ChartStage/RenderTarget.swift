/// A controller's surfaces: rebuilt together, and only when that controller changed.
public final class RenderTarget {
    public let controller: RenderController
    public private(set) var surfaces: [RenderSurface] = []
    public internal(set) var isValid = false

    init(controller: RenderController) {
        self.controller = controller
    }

    func append(_ surface: RenderSurface) {
        surfaces.append(surface)
    }
}
