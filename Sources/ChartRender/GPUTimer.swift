import CGL

/// Measures GPU time of the commands between `begin()` and `end()` with a
/// `GL_TIME_ELAPSED` query (core since OpenGL 3.3).
public final class GPUTimer {
    private var query: GLuint = 0
    private var running = false

    public init() {
        glGenQueries(1, &query)
    }

    deinit {
        glDeleteQueries(1, &query)
    }

    public func begin() {
        glBeginQuery(GLenum(GL_TIME_ELAPSED), query)
        running = true
    }

    public func end() {
        glEndQuery(GLenum(GL_TIME_ELAPSED))
        running = false
    }

    /// The measured time in milliseconds; waits for the GPU if it is not done yet.
    public func milliseconds() -> Double {
        precondition(!running, "GPUTimer: end() before reading")
        var nanoseconds: GLuint64 = 0
        glGetQueryObjectui64v(query, GLenum(GL_QUERY_RESULT), &nanoseconds)
        return Double(nanoseconds) / 1e6
    }
}
