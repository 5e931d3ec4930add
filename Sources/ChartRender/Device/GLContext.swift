import CGL
import CSDL2
import ChartData
#if canImport(Glibc)
import Glibc
#endif

/// An SDL window with an OpenGL 3.3 core context current on the calling thread.
///
/// A `RenderDevice` keeps its context alive, and every GL resource keeps its device, so the
/// context is destroyed only after the last resource has been deleted.
///
/// With `Mode.offscreen` SDL's `offscreen` video driver is used: EGL on Mesa, no X
/// server, nothing on screen; draw into a `TextureTarget` and read the pixels back.
public final class GLContext {
    public enum Mode {
        /// A visible, resizable window on the user's display.
        case window(title: String)
        /// No display at all: SDL's offscreen driver.
        case offscreen

        var isWindow: Bool {
            if case .window = self { return true }
            return false
        }
    }

    let window: OpaquePointer
    /// Address space an OpenGL context takes on Mesa's llvmpipe, with a little room: a
    /// small render peaks at 474 MiB of address space in all (two malloc arenas), 170
    /// MiB of it before OpenGL starts.
    static let addressSpaceNeeded = 340_000_000
    private let context: SDL_GLContext

    /// Opens the window (or the offscreen surface) and its context.
    /// - Throws: `RenderError.sdl` when SDL cannot start or make a window,
    ///   `RenderError.openGLUnavailable` when no 3.3 core context can be had.
    public init(mode: Mode, size: (width: Int, height: Int), vsync: Bool = true) throws {
        // Mesa's driver and its threads map a few hundred MB of address space; under a
        // tight `ulimit -v` they would fail in ways that crash (unchecked allocations in
        // C++), so a context that cannot fit is refused here, with the figures.
        try MemoryBudget.require(Self.addressSpaceNeeded, for: "starting it", file: "OpenGL (Mesa)")
        // Signals are the app's to handle (it saves the session, removes temporary
        // files and exits with the signal's status); SDL's own handlers would turn
        // Ctrl-C into an event that a command without a loop never reads.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        let chosenDriver = getenv("SDL_VIDEODRIVER").map { String(cString: $0) } ?? ""
        // A driver named in SDL_VIDEODRIVER wins over a hint of normal priority; an empty
        // one means none was chosen, but SDL still prefers it to the hint and then tries
        // every driver. So where none is named, the hint overrides the variable.
        let priority = chosenDriver.isEmpty ? SDL_HINT_OVERRIDE : SDL_HINT_NORMAL
        switch mode {
        case .offscreen:
            // A picture needs no display whatever the environment names: SDL_VIDEODRIVER=x11
            // set for games would otherwise make `render` fail without a server.
            SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "offscreen", SDL_HINT_OVERRIDE)
        case .window where chosenDriver.isEmpty:
            // Only a real display: SDL would otherwise fall back to its offscreen driver
            // and run an invisible window forever when no server answers.
            SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "x11,wayland", priority)
        case .window:
            break
        }
        guard Self.startVideo(retrying: mode.isWindow) else {
            if mode.isWindow { throw RenderError.noDisplay(Self.displayDescription(sdl: Self.sdlError())) }
            throw RenderError.sdl("cannot start video: \(Self.sdlError())")
        }
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue))
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0)
        SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0)

        var flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        let title: String
        switch mode {
        case let .window(windowTitle):
            title = windowTitle
            flags |= SDL_WINDOW_RESIZABLE.rawValue
        case .offscreen:
            title = "Sightline (offscreen)"
            flags |= SDL_WINDOW_HIDDEN.rawValue
        }
        let centered = Int32(bitPattern: 0x2FFF_0000) // SDL_WINDOWPOS_CENTERED, a macro Swift cannot import
        // An alpha channel lets the line renderer keep coverage in it (cheaper than a mask
        // texture); where the display has no such visual, the window opens without one.
        SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, 8)
        var created = SDL_CreateWindow(title, centered, centered, Int32(size.width), Int32(size.height), flags)
        if created == nil {
            SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, 0)
            created = SDL_CreateWindow(title, centered, centered, Int32(size.width), Int32(size.height), flags)
        }
        guard let window = created else {
            let message = Self.sdlError()
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw RenderError.sdl("cannot open a window: \(message)")
        }
        guard let context = SDL_GL_CreateContext(window) else {
            let reason = Self.sdlError()
            let found = Self.probeOfferedVersion(window: window) ?? "no OpenGL context (\(reason))"
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw RenderError.openGLUnavailable(found: found)
        }
        var major: GLint = 0
        var minor: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        guard (major, minor) >= (3, 3) else {
            let found = glGetString(GLenum(GL_VERSION)).map { String(cString: $0) } ?? "OpenGL \(major).\(minor)"
            SDL_GL_DeleteContext(context)
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw RenderError.openGLUnavailable(found: found)
        }
        SDL_GL_SetSwapInterval(vsync ? 1 : 0)
        self.window = window
        self.context = context
    }

    deinit {
        SDL_GL_DeleteContext(context)
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }

    /// The drawable size in pixels (larger than the window's size on HiDPI screens).
    public var drawableSize: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GL_GetDrawableSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The window's size in screen coordinates, the space mouse events arrive in.
    public var windowSize: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// Resizes the window to `width × height` screen coordinates, no larger than the
    /// usable area of the display it is on.
    public func setWindowSize(width: Int, height: Int) {
        var usable = SDL_Rect()
        let display = SDL_GetWindowDisplayIndex(window)
        let fits = display >= 0 && SDL_GetDisplayUsableBounds(display, &usable) == 0 && usable.w > 0 && usable.h > 0
        let w = Int32(clamping: width), h = Int32(clamping: height)
        SDL_SetWindowSize(window, fits ? min(w, usable.w) : w, fits ? min(h, usable.h) : h)
    }

    /// Sets the window's title (which day a chart shows).
    public func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

    /// Presents the back buffer.
    public func swap() { SDL_GL_SwapWindow(window) }

    static func sdlError() -> String { String(cString: SDL_GetError()) }

    /// The longest a window waits for an X server that accepts connections but drops
    /// them, as one does while it resets.
    static let resettingServerWait = 2.0

    /// Starts SDL's video; with `retrying`, tries again for up to `resettingServerWait`
    /// while the X server at `DISPLAY` accepts connections (`XServerProbe`).
    private static func startVideo(retrying: Bool) -> Bool {
        BrokenPipeShield.run { startVideoOnce(retrying: retrying) }
    }

    private static func startVideoOnce(retrying: Bool) -> Bool {
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) != 0 else { return true }
        guard retrying, let display = getenv("DISPLAY").map({ String(cString: $0) }), !display.isEmpty,
              XServerProbe.listens(display: display) else { return false }
        let started = SDL_GetTicks64()
        while SDL_GetTicks64() - started < UInt64(resettingServerWait * 1000) {
            SDL_Delay(50)
            if SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 { return true }
        }
        return false
    }

    /// Which displays were tried, for the message when none answered.
    private static func displayDescription(sdl: String) -> String {
        let tried = ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"].compactMap { name -> String? in
            guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { return nil }
            return "\(name)=\(DisplayText.quoted(value))"
        }
        let named = tried.isEmpty ? "no DISPLAY or WAYLAND_DISPLAY is set" : tried.joined(separator: ", ")
        return "no display answered (\(named)): \(sdl)"
    }

    /// After a failed 3.3 core request: what a default context offers, for the message.
    private static func probeOfferedVersion(window: OpaquePointer) -> String? {
        SDL_GL_ResetAttributes()
        guard let context = SDL_GL_CreateContext(window) else { return nil }
        defer { SDL_GL_DeleteContext(context) }
        return glGetString(GLenum(GL_VERSION)).map { "OpenGL " + String(cString: $0) }
    }
}
