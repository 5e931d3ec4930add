/// Measures the GPU time of the commands between `begin()` and `end()` (a
/// `GL_TIME_ELAPSED` query on OpenGL, core since 3.3). One timer runs at a time.
public final class GPUTimer {
    private let device: RenderDevice
    private let timer: TimerID

    public init(device: RenderDevice) {
        self.device = device
        timer = device.makeTimer()
    }

    deinit { device.delete(timer) }

    public func begin() { device.beginTimer(timer) }

    public func end() { device.endTimer() }

    /// The measured time in milliseconds; waits for the GPU if it is not done yet.
    public func milliseconds() -> Double { device.milliseconds(of: timer) }
}
