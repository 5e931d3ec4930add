@testable import ChartRender

extension PipelineDescriptor {
    /// Every pipeline ChartRender makes. A pipeline left out of this list leaves its
    /// shaders unused here, which `ShaderFilesTests` reports (unless it shares both with
    /// one listed).
    static var all: [PipelineDescriptor] {
        let line = LineRenderer.pipelines()
        return [line.mask, line.alpha, line.paintMask, line.paintAlpha, line.spans, line.paintSpans,
                StackRenderer.barsDescriptor, StackRenderer.areasDescriptor, CandleRenderer.descriptor,
                ShapePipelines.shapeDescriptor, ShapePipelines.flatDescriptor,
                GPUTextSurface.descriptor, LineCache.copyDescriptor, GradientRenderer.descriptor, TextureStretcher.descriptor]
    }
}
