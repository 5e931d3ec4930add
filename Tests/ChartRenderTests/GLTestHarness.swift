import ChartApp
import ChartGeometry
import ChartRender
import XCTest

/// One offscreen GL context for the whole test process (SDL's offscreen driver, EGL on
/// Mesa llvmpipe), and helpers that draw black lines on white and measure coverage.
///
/// Its shared objects are `nonisolated(unsafe)`: XCTest runs the tests one at a time on
/// the main thread, the thread whose context they were made in and the only one that
/// touches them (a GL context belongs to one thread, which no lock would give).
enum GLTestHarness {
    nonisolated(unsafe) static let renderer: OffscreenRenderer = {
        do {
            return try OffscreenRenderer()
        } catch {
            fatalError("no offscreen OpenGL 3.3 context: \(error)")
        }
    }()

    static var device: RenderDevice { renderer.device }
    /// The label font: fontconfig's sans-serif (DejaVu Sans from Debian's fonts-dejavu-core),
    /// with its fallback to fonts-wqy-microhei for Chinese; scripts/install-deps.sh installs both.
    nonisolated(unsafe) static let font: FontFace? = ChartScene.loadDefaultFont().font
    nonisolated(unsafe) static let lineRenderer: LineRenderer = try! LineRenderer(device: device)

    /// Draws one black series on white filling the whole image.
    static func draw(xs: [Double], ys: [Double], visible: DataRect, size: PixelSize,
                     width: Double = 2) throws -> CoverageImage {
        let buffer = LineSeriesBuffer(device: device, xs: xs, ys: ys)
        return try draw(buffer, visible: visible, size: size, width: width)
    }

    static func draw(_ buffer: LineSeriesBuffer, visible: DataRect, size: PixelSize,
                     width: Double = 2) throws -> CoverageImage {
        try draw([buffer], visible: visible, size: size, width: width)
    }

    /// Draws `parts` as one black stroke (of `opacity`) on white filling the whole image.
    static func draw(_ parts: [LineSeriesBuffer], visible: DataRect, size: PixelSize,
                     width: Double = 2, opacity: Float = 1) throws -> CoverageImage {
        let target = try TextureTarget(device: device, width: size.width, height: size.height)
        device.withPass(into: target.passTarget, clearTo: .white) {
            lineRenderer.draw(parts, scales: PlotScales(visible: visible, plot: PixelBox(PixelRect(size: size))), plotRect: PixelRect(size: size),
                              style: LineStyle(widthInPixels: width, color: RGBAColor(red: 0, green: 0, blue: 0, alpha: opacity)))
        }
        return CoverageImage(target.readPixels())
    }
}

/// How much of each pixel a black line covers, read from a black-on-white image.
struct CoverageImage {
    let image: RGBAImage
    init(_ image: RGBAImage) { self.image = image }

    var width: Int { image.width }
    var height: Int { image.height }

    /// 0 for white, 1 for black.
    func coverage(_ x: Int, _ y: Int) -> Double {
        let p = image[x, y]
        return 1 - (Double(p.r) + Double(p.g) + Double(p.b)) / (3 * 255)
    }

    /// The fidelity measure: of the pixels this (the reference) covers, the share where
    /// `drawn`'s coverage differs from it by more than `threshold`.
    func shareDiffering(in drawn: CoverageImage, by threshold: Double = 0.1) -> Double {
        var covered = 0, differing = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = coverage(x, y)
                if a > 0 { covered += 1 }
                if abs(a - drawn.coverage(x, y)) > threshold { differing += 1 }
            }
        }
        return Double(differing) / Double(max(covered, 1))
    }

    /// Total coverage in pixels² of the pixels whose centres lie within `radius` of
    /// (`cx`, `cy`).
    func coverage(inDiscAt cx: Double, _ cy: Double, radius: Double) -> Double {
        var total = 0.0
        for y in max(0, Int(cy - radius) - 1)...min(height - 1, Int(cy + radius) + 1) {
            for x in max(0, Int(cx - radius) - 1)...min(width - 1, Int(cx + radius) + 1) {
                let dx = Double(x) + 0.5 - cx
                let dy = Double(y) + 0.5 - cy
                if dx * dx + dy * dy <= radius * radius { total += coverage(x, y) }
            }
        }
        return total
    }

    /// The coverage-weighted centre of row `y` between columns `from..<to`, in pixels
    /// from the left edge; `nil` if nothing is covered there.
    func centreOfRow(_ y: Int, from: Int = 0, to: Int? = nil) -> Double? {
        var weight = 0.0
        var sum = 0.0
        for x in from..<(to ?? width) {
            let c = coverage(x, y)
            weight += c
            sum += c * (Double(x) + 0.5)
        }
        return weight > 0.01 ? sum / weight : nil
    }

    /// The coverage-weighted centre of column `x`, in pixels from the top.
    func centreOfColumn(_ x: Int) -> Double? {
        var weight = 0.0
        var sum = 0.0
        for y in 0..<height {
            let c = coverage(x, y)
            weight += c
            sum += c * (Double(y) + 0.5)
        }
        return weight > 0.01 ? sum / weight : nil
    }

    /// The covered runs of row `y`: each run's coverage-weighted centre.
    func strokeCentres(inRow y: Int) -> [Double] {
        var centres: [Double] = []
        var weight = 0.0
        var sum = 0.0
        for x in 0...width {
            let c = x < width ? coverage(x, y) : 0
            if c > 0.02 {
                weight += c
                sum += c * (Double(x) + 0.5)
            } else if weight > 0 {
                centres.append(sum / weight)
                weight = 0
                sum = 0
            }
        }
        return centres
    }
}
