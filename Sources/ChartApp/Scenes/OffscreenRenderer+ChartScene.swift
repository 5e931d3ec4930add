import ChartGeometry
import ChartRender

extension OffscreenRenderer {
    /// Draws `scene` as `viewport` shows it into an image of `size` (see `render(size:_:)`
    /// for what it throws).
    public func render(_ scene: ChartScene, viewport: Viewport, size: PixelSize) throws -> RGBAImage {
        try render(size: size) { scene.draw(viewport: viewport, into: $0) }
    }
}
