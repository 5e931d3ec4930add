import ChartGeometry

/// The texture target a surface keeps at the size it needs now (the range selector's
/// cache, the line renderer's coverage mask, a line surface's column spans): remade when
/// the size changes. Where the driver cannot make one it is `nil`, said once by the device and
/// counted at each use, and tried again only at another size.
final class TextureTargetSlot {
    private let device: RenderDevice
    private let format: PixelFormat
    /// For the device's report: what the target is, and what is drawn without it.
    private let what: String
    private let instead: String
    /// The target made last, if it could be.
    private(set) var target: TextureTarget?
    /// The size a target could not be made at, and why.
    private var failure: (size: PixelSize, reason: String)?

    init(device: RenderDevice, format: PixelFormat = .rgba8, what: String, instead: String) {
        self.device = device
        self.format = format
        self.what = what
        self.instead = instead
    }

    /// The target of `size`; `replaced` runs when the size changed, so what the old
    /// target held is gone.
    func target(for size: PixelSize, replaced: () -> Void = {}) -> TextureTarget? {
        if let target, target.size == size { return target }
        target = nil
        replaced()
        if let failure, failure.size == size {
            device.report(making: what, because: failure.reason, instead: instead)
            return nil
        }
        do {
            target = try TextureTarget(device: device, width: size.width, height: size.height, format: format)
        } catch {
            failure = (size, "\(error)")
            device.report(making: what, because: "\(error)", instead: instead)
        }
        return target
    }
}
