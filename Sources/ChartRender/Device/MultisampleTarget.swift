import ChartGeometry

/// A multisampled target (RGBA8, `samples` samples per pixel) to draw into and then
/// resolve with `RenderDevice.resolve`: the benchmark's `--msaa` knob. Sightline's lines
/// and shapes antialias in their shaders, so this measures what MSAA would add, not a need.
public final class MultisampleTarget {
    public let width: Int
    public let height: Int
    /// The samples the driver granted (it may allow fewer than asked).
    public let samples: Int
    let framebuffer: FramebufferID
    private let device: RenderDevice

    public init(device: RenderDevice, width: Int, height: Int, samples: Int) throws {
        self.device = device
        self.width = width
        self.height = height
        (framebuffer, self.samples) = try device.makeMultisampleFramebuffer(width: width, height: height, samples: samples)
    }

    deinit { device.delete(framebuffer) }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// What a pass into this target draws into.
    public var passTarget: PassTarget { PassTarget(framebuffer: framebuffer, size: size, format: .rgba8) }
}
