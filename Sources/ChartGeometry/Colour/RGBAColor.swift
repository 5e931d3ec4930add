/// A colour with straight (not premultiplied) alpha, each channel in 0…1.
public struct RGBAColor: Equatable, Sendable {
    public var red: Float
    public var green: Float
    public var blue: Float
    public var alpha: Float

    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` optional); `nil` otherwise.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let rgba = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(red: Float(rgba >> 24 & 0xFF) / 255, green: Float(rgba >> 16 & 0xFF) / 255,
                  blue: Float(rgba >> 8 & 0xFF) / 255, alpha: Float(rgba & 0xFF) / 255)
    }

    /// The series palette, in order: distinct hues that read on light and dark backgrounds.
    public static let palette: [RGBAColor] = [
        "#3D7DD8", "#E5533D", "#3BAA5C", "#E8A33C", "#8E5BD8", "#2BB3B8", "#D8497F", "#7A8A99",
    ].map { RGBAColor(hex: $0)! }

    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
}

extension RGBAColor {
    /// Each channel `t` of the way to `other`.
    public func mixed(with other: RGBAColor, at t: Double) -> RGBAColor {
        let t = Float(min(max(t, 0), 1))
        return RGBAColor(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
                         blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// The same colour with its alpha multiplied by `factor`.
    public func withAlpha(_ factor: Double) -> RGBAColor {
        var copy = self
        copy.alpha *= Float(min(max(factor, 0), 1))
        return copy
    }
}
