import Foundation
import CSDL2
import ChartCore
import ChartData
import ChartRender

/// The interactive window: one dataset, drag to pan, wheel to zoom at the cursor,
/// double-click or `0` to fit, `q` or Ctrl+W to close. It draws only when something
/// changed, and blocks in `SDL_WaitEvent` otherwise, so an idle window costs no CPU.
public final class ChartWindow {
    private let device: GLDevice
    private let scene: ChartScene
    private var viewport: Viewport
    private let fittedViewport: Viewport
    private var needsDisplay = true
    private var dragAnchor: (x: Double, y: Double)?
    /// Frames drawn so far.
    public private(set) var framesDrawn = 0

    /// Opens a window of `size` (window coordinates) showing all of `dataset`.
    /// - Throws: `RenderError` when no window or no OpenGL 3.3 context can be had.
    public init(source: DataSource, size: PixelSize, lineWidth: Double = 2, viewport: Viewport? = nil) throws {
        let dataset = source.dataset
        guard let fitted = Viewport.fitting(dataset) else {
            throw DataLoadError.noData(file: dataset.source, reason: "no finite point to show")
        }
        let context = try GLContext(mode: .window(title: "Sightline — \(dataset.source)"),
                                    size: (size.width, size.height))
        device = GLDevice(context: context)
        scene = try ChartScene(device: device, source: source, lineWidth: lineWidth)
        fittedViewport = fitted
        self.viewport = viewport ?? fitted
    }

    /// Runs until the window is closed.
    public func run() {
        var event = SDL_Event()
        while true {
            if needsDisplay {
                draw()
                needsDisplay = false
            }
            guard SDL_WaitEvent(&event) == 1 else { continue }
            repeat {
                if handle(event) == .quit { return }
            } while SDL_PollEvent(&event) == 1
        }
    }

    private enum Outcome { case keepRunning, quit }

    private func handle(_ event: SDL_Event) -> Outcome {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED:
                needsDisplay = true
            default:
                break
            }
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            if event.button.clicks == 2 {
                viewport = fittedViewport
                needsDisplay = true
            } else {
                dragAnchor = drawablePoint(x: event.button.x, y: event.button.y)
            }
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
            dragAnchor = nil
        case SDL_MOUSEMOTION:
            guard let anchor = dragAnchor else { break }
            let point = drawablePoint(x: event.motion.x, y: event.motion.y)
            viewport.pan(byPixelsX: point.x - anchor.x, y: point.y - anchor.y, in: plotRect.size)
            dragAnchor = point
            needsDisplay = true
        case SDL_MOUSEWHEEL:
            let steps = Double(event.wheel.preciseY) * (event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1)
            guard steps != 0 else { break }
            var x: Int32 = 0
            var y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            zoom(by: pow(1.15, steps), atWindowX: x, y: y)
        case SDL_KEYDOWN:
            return handleKey(event.key.keysym)
        default:
            break
        }
        return .keepRunning
    }

    private func handleKey(_ key: SDL_Keysym) -> Outcome {
        let control = key.mod & UInt16(KMOD_CTRL.rawValue) != 0
        switch Int(key.sym) {
        case Int(SDLK_q.rawValue):
            return .quit
        case Int(SDLK_w.rawValue) where control:
            return .quit
        case Int(SDLK_0.rawValue), Int(SDLK_HOME.rawValue):
            viewport = fittedViewport
        case Int(SDLK_PLUS.rawValue), Int(SDLK_EQUALS.rawValue), Int(SDLK_KP_PLUS.rawValue):
            zoomAtCentre(by: 1.25)
        case Int(SDLK_MINUS.rawValue), Int(SDLK_KP_MINUS.rawValue):
            zoomAtCentre(by: 0.8)
        case Int(SDLK_LEFT.rawValue):
            viewport.pan(byPixelsX: Double(plotRect.width) / 10, y: 0, in: plotRect.size)
        case Int(SDLK_RIGHT.rawValue):
            viewport.pan(byPixelsX: -Double(plotRect.width) / 10, y: 0, in: plotRect.size)
        case Int(SDLK_UP.rawValue):
            viewport.pan(byPixelsX: 0, y: Double(plotRect.height) / 10, in: plotRect.size)
        case Int(SDLK_DOWN.rawValue):
            viewport.pan(byPixelsX: 0, y: -Double(plotRect.height) / 10, in: plotRect.size)
        default:
            return .keepRunning
        }
        needsDisplay = true
        return .keepRunning
    }

    private func zoom(by factor: Double, atWindowX x: Int32, y: Int32) {
        let point = drawablePoint(x: x, y: y)
        let plot = plotRect
        viewport.zoom(by: factor, aroundPixelX: point.x - Double(plot.x), y: point.y - Double(plot.y), in: plot.size)
        needsDisplay = true
    }

    private func zoomAtCentre(by factor: Double) {
        let plot = plotRect
        viewport.zoom(by: factor, aroundPixelX: Double(plot.width) / 2, y: Double(plot.height) / 2, in: plot.size)
    }

    private func draw() {
        let drawable = device.context.drawableSize
        device.bind(nil)
        scene.draw(viewport: viewport, framebufferSize: PixelSize(width: drawable.width, height: drawable.height),
                   scale: pixelScale)
        device.context.swap()
        framesDrawn += 1
    }

    /// Drawable pixels per window coordinate: 2 on a typical HiDPI screen.
    private var pixelScale: Double {
        let window = device.context.windowSize
        return window.width > 0 ? Double(device.context.drawableSize.width) / Double(window.width) : 1
    }

    private var plotRect: PixelRect {
        let drawable = device.context.drawableSize
        return scene.plotRect(in: PixelSize(width: drawable.width, height: drawable.height), scale: pixelScale)
    }

    private func drawablePoint(x: Int32, y: Int32) -> (x: Double, y: Double) {
        // A mouse position names a pixel; its centre is the best estimate of the pointer.
        ((Double(x) + 0.5) * pixelScale, (Double(y) + 0.5) * pixelScale)
    }
}
