/// Measures the GPU time of the commands between `begin()` and `end()` (a
/// `GL_TIME_ELAPSED` query on OpenGL, core since 3.3).
public final class GPUTimer {
    private let device: RenderDevice
    private let timer: TimerID
    private var running = false

    public init(device: RenderDevice) {
        self.device = device
        timer = device.makeTimer()
    }

    public func begin() {
        device.backend.beginTimer(timer)
        running = true
    }

    public func end() {
        device.backend.endTimer()
        running = false
    }

    /// The measured time in milliseconds; waits for the GPU if it is not done yet.
    public func milliseconds() -> Double {
        precondition(!running, "GPUTimer: end() before reading")
        return device.backend.milliseconds(of: timer)
    }
}
