import Foundation

extension RGBAColor {
    /// The colour's relative luminance (WCAG 2): 0 for black, 1 for white.
    public var luminance: Double {
        func linear(_ channel: Float) -> Double {
            let c = Double(channel)
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG contrast ratio with `other`, 1…21.
    public func contrast(with other: RGBAColor) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Contrast text needs against its background (WCAG's for large text and for
    /// interface parts: the board's and legend's text is short and bold in colour).
    public static let readableContrast = 3.0

    /// This colour, mixed toward black (or white, on a dark background) just enough to
    /// read as text on `background`: Telegram's yellow on the day board becomes a
    /// mustard; a colour that already reads is returned as it is.
    public func readable(on background: RGBAColor) -> RGBAColor {
        guard contrast(with: background) < Self.readableContrast else { return self }
        let toward = background.luminance > 0.4 ? RGBAColor.black : RGBAColor.white
        var low = 0.0, high = 1.0
        for _ in 0..<20 {
            let t = (low + high) / 2
            if mixed(with: toward, at: t).contrast(with: background) >= Self.readableContrast { high = t } else { low = t }
        }
        var result = mixed(with: toward, at: high)
        result.alpha = alpha
        return result
    }

    /// Black or white, whichever reads better on this colour (text on a filled label).
    public var textColor: RGBAColor {
        RGBAColor.white.contrast(with: self) >= RGBAColor.black.contrast(with: self) ? .white : .black
    }
}

extension RGBAColor {
    /// Whether the two read as the same colour (a series' and a trend's): within a
    /// quarter of the RGB cube's diagonal.
    public func isClose(to other: RGBAColor) -> Bool {
        let dr = Double(red - other.red), dg = Double(green - other.green), db = Double(blue - other.blue)
        let distance: Double = (dr * dr + dg * dg + db * db).squareRoot()
        return distance < 0.25 * 3.0.squareRoot()
    }
}
