import ChartGeometry
import ChartRender

/// A pass as recorded: what it drew into, whether it cleared, the pipelines it applied.
struct RecordedPass {
    var target: Int
    var size: PixelSize
    var clear: RGBAColor?
    var pipelines: [String] = []
}

extension Array where Element == RecordingBackend.Command {
    /// The passes, in order.
    var passes: [RecordedPass] {
        var passes: [RecordedPass] = []
        for command in self {
            switch command {
            case let .beginPass(target, size, clear): passes.append(RecordedPass(target: target, size: size, clear: clear))
            case let .apply(pipeline): passes[passes.count - 1].pipelines.append(pipeline)
            default: break
            }
        }
        return passes
    }

    /// The framebuffer of the texture that `pipeline` samples in its first draw (a
    /// cache's target, found by the copy that reads it).
    func framebuffer(sampledBy pipeline: String) -> Int? {
        guard let applied = firstIndex(of: .apply(pipeline: pipeline)),
              case let .bindings(_, _, textures)? = self[applied...].first(where: { if case .bindings = $0 { true } else { false } }),
              let texture = textures.first else { return nil }
        for command in self {
            if case let .makeFramebuffer(framebuffer, made) = command, made == texture { return framebuffer }
        }
        return nil
    }
}
