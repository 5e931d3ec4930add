import Foundation

/// How many decimals a series was written with, read from its values: the fewest
/// (0…9) that write every sampled value to within single-precision noise, so a price
/// file's `786.159973` (a float's 786.16) counts as two decimals and a walk's
/// `12.345678` as six.
public enum SeriesPrecision {
    /// Values looked at: evenly spaced, so the cost is fixed whatever the length.
    static let sampleCount = 2048
    public static let maximumDecimals = 9

    /// - Complexity: O(`sampleCount`).
    public static func decimals<Values: RandomAccessCollection<Double>>(of ys: Values) -> Int where Values.Index == Int {
        guard !ys.isEmpty else { return 0 }
        let stride = max(ys.count / sampleCount, 1)
        var needed = 0
        for index in Swift.stride(from: 0, to: ys.count, by: stride) {
            let value = ys[index]
            guard value.isFinite, value != 0 else { continue }
            while needed < maximumDecimals, !writes(value, decimals: needed) { needed += 1 }
            if needed == maximumDecimals { break }
        }
        return needed
    }

    /// Whether `decimals` write `value` to within a float's relative precision (2⁻²³).
    static func writes(_ value: Double, decimals: Int) -> Bool {
        let scale = pow(10, Double(decimals))
        let scaled = value * scale
        guard abs(scaled) < 0x1p52 else { return true }
        return abs(scaled.rounded() - scaled) / scale <= abs(value) * 0x1p-23
    }
}
